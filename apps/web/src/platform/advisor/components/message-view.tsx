import { Alert, Box, HStack, Spinner, Stack, Text } from '@chakra-ui/react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '@/components/ui/error-alert';
import type { AdvisorRecord } from '../api/advisor-api';
import type { ToolStep } from '../api/use-ask';
import { AnswerText } from './answer-text';

/**
 * A tool's arguments in one short line, in the interface language: "CVE-2026-1234", "last 7 days",
 * "Critical, High · at most 10"; nothing when there are none. An argument it does not know shows as
 * `name: value`.
 */
export function argumentsText(args: unknown, t: TFunction): string {
  if (typeof args !== 'object' || args === null) return '';
  const words = (key: string, value: unknown): string | null => {
    const text = typeof value === 'string' || typeof value === 'number' ? String(value) : null;
    if (key === 'severity' || key === 'status') {
      const values = Array.isArray(value) ? value : [value];
      return values.map((v) => t(`findings.${key}.${String(v)}`, { defaultValue: String(v) })).join(', ');
    }
    if (key === 'period' && text) return t(`advisor.arguments.period.${text}`, { defaultValue: text });
    if (key === 'sort' && text) return t(`advisor.arguments.sort.${text}`, { defaultValue: text });
    if (key === 'limit' && text) return t('advisor.arguments.limit', { n: text });
    if (key === 'clearPasswordOnly') return value === true ? t('advisor.arguments.clearPasswordOnly') : null;
    if ((key === 'from' || key === 'to') && text) return text.slice(0, 10);
    if (key === 'id' && text) return `#${text}`;
    if (key === 'q' && text) return `“${text}”`;
    if (text) return key === 'cve' || key === 'domain' || key === 'module' ? text : `${key}: ${text}`;
    return `${key}: ${JSON.stringify(value)}`;
  };
  const parts = Object.entries(args).flatMap(([key, value]) => {
    const part = value === undefined || value === null ? null : words(key, value);
    return part ? [part] : [];
  });
  const line = parts.join(' · ');
  return line.length > 120 ? `${line.slice(0, 119)}…` : line;
}

/** The tools an answer called, as small steps (names translated, arguments as sent). */
export function ToolSteps({ steps }: { steps: readonly ToolStep[] }) {
  const { t } = useTranslation();
  if (steps.length === 0) return null;
  return (
    <Box as="ol" aria-label={t('advisor.steps')} listStyleType="none" m="0" p="0" data-testid="advisor-steps">
      {steps.map((step, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the same tool may be called twice with the same arguments
        <HStack as="li" key={i} gap="2" fontSize="xs" color="fg.muted" align="baseline" flexWrap="wrap">
          <Text as="span" aria-hidden="true">
            ✓
          </Text>
          <Text as="span">{t(`advisor.tools.${step.name}`, { defaultValue: step.name })}</Text>
          <Text as="span" overflowWrap="anywhere">
            {argumentsText(step.arguments, t)}
          </Text>
        </HStack>
      ))}
    </Box>
  );
}

export function QuestionView({ text }: { text: string }) {
  const { t } = useTranslation();
  return (
    <Box as="article" aria-label={t('advisor.you')} alignSelf="flex-end" maxW={{ base: 'full', md: '80%' }}>
      <Box bg="bg.emphasized" borderRadius="l3" px="4" py="2" whiteSpace="pre-wrap" overflowWrap="anywhere">
        {text}
      </Box>
    </Box>
  );
}

export interface AnswerViewProps {
  content: string;
  records: readonly AdvisorRecord[];
  steps?: readonly ToolStep[];
  /** Why the answer stopped short (the server's words), when it did. */
  error?: string | null | undefined;
  /** Why no answer came (already translated). */
  failure?: string | null | undefined;
  streaming?: boolean;
}

/** The advisor's answer: the tools it called, the text with its citations, and why it stopped short. */
export function AnswerView({ content, records, steps = [], error, failure, streaming = false }: AnswerViewProps) {
  const { t } = useTranslation();
  return (
    <Box
      as="article"
      aria-label={t('advisor.advisor')}
      aria-busy={streaming}
      borderWidth="1px"
      borderRadius="l3"
      bg="bg.panel"
      px="4"
      py="3"
      data-testid="advisor-answer"
      data-streaming={streaming || undefined}
    >
      <Stack gap="2">
        <ToolSteps steps={steps} />
        {content ? <AnswerText content={content} records={records} /> : null}
        {streaming ? (
          <HStack gap="2" color="fg.muted" fontSize="sm">
            <Spinner size="xs" />
            <Text>{t('advisor.thinking')}</Text>
          </HStack>
        ) : null}
        {error ? (
          <Alert.Root status="warning" size="sm">
            <Alert.Indicator />
            <Alert.Title>{t('advisor.stoppedShort', { reason: error })}</Alert.Title>
          </Alert.Root>
        ) : null}
        <ErrorAlert message={failure} />
      </Stack>
    </Box>
  );
}
