import { Button, chakra, Fieldset, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { ApiError } from '@vigil/api-client';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EvidenceText } from '@/components/data-table';
import { ErrorAlert } from '@/components/ui/error-alert';
import { SeverityBadge } from '@/components/ui/finding-badges';
import { TextArea } from '@/components/ui/text-area';
import { TextInput } from '@/components/ui/text-input';
import { useFormat } from '@/lib/i18n/format';
import { codeArea } from '../shared/fields';
import { BEHAVIOURS, type JsRuleBehaviour, type JsRuleTestInput, useTestJsRules } from './rules-api';

const MAX_SCRIPT = 1_048_576;

/** The form as the API's body: destinations one per line, the URL left out when blank. */
export function testInputOf(script: string, url: string, destinations: string, behaviours: JsRuleBehaviour[]) {
  const body: JsRuleTestInput = {
    script,
    url: url.trim() || null,
    destinations: destinations
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean),
    behaviours,
  };
  return body;
}

/**
 * "Test a script": a pasted script (with, optionally, where it came from, what it contacts and
 * what it reads) through the company's enabled rules; the hits with the conditions that held and
 * an excerpt. Nothing is stored. Viewers read the rules but do not run tests.
 */
export function RuleTest({ canChange }: { canChange: boolean }) {
  const { t } = useTranslation();
  const format = useFormat();
  const test = useTestJsRules();
  const [script, setScript] = useState('');
  const [url, setUrl] = useState('');
  const [destinations, setDestinations] = useState('');
  const [behaviours, setBehaviours] = useState<JsRuleBehaviour[]>([]);
  const failure =
    test.error instanceof ApiError
      ? test.error.validationText() || test.error.serverMessage
      : test.error
        ? t('scripts.forms.saveFailed')
        : null;
  if (!canChange) return <Text color="fg.muted">{t('scripts.rules.test.readOnly')}</Text>;
  const result = test.data;
  return (
    <Stack gap="5" data-testid="rule-test">
      <chakra.form
        aria-label={t('scripts.rules.test.title')}
        onSubmit={(event) => {
          event.preventDefault();
          test.mutate(testInputOf(script, url, destinations, behaviours));
        }}
      >
        <Stack gap="3">
          <Text color="fg.muted">{t('scripts.rules.test.help')}</Text>
          <TextArea
            label={t('scripts.rules.test.script')}
            value={script}
            onValueChange={setScript}
            rows={12}
            {...codeArea}
            required
            maxLength={MAX_SCRIPT}
          />
          <TextInput
            label={t('scripts.rules.test.url')}
            name="url"
            type="url"
            value={url}
            onValueChange={setUrl}
            maxLength={2048}
          />
          <TextArea
            label={t('scripts.rules.test.destinations')}
            value={destinations}
            onValueChange={setDestinations}
            rows={3}
          />
          <Fieldset.Root>
            <Fieldset.Legend fontWeight="medium" textStyle="sm">
              {t('scripts.rules.test.behaviours')}
            </Fieldset.Legend>
            <HStack gap="4" flexWrap="wrap">
              {BEHAVIOURS.map((behaviour) => (
                <HStack as="label" key={behaviour} gap="2" fontSize="sm">
                  <chakra.input
                    type="checkbox"
                    checked={behaviours.includes(behaviour)}
                    onChange={(event) => {
                      const on = event.currentTarget.checked;
                      setBehaviours((current) =>
                        on ? [...current, behaviour] : current.filter((b) => b !== behaviour),
                      );
                    }}
                  />
                  {t(`scripts.rules.behaviours.${behaviour}`)}
                </HStack>
              ))}
            </HStack>
          </Fieldset.Root>
          <HStack>
            <Button type="submit" colorPalette="blue" loading={test.isPending} disabled={!script}>
              {t('scripts.rules.test.run')}
            </Button>
          </HStack>
          <ErrorAlert message={failure} />
        </Stack>
      </chakra.form>
      <Stack gap="3" aria-live="polite" data-testid="rule-test-result">
        {result ? (
          <>
            <Heading as="h2" size="md">
              {t('scripts.rules.test.summary', {
                count: result.hits.length,
                rules: format.number(result.rules_run),
                ms: format.number(result.duration_ms),
              })}
            </Heading>
            <chakra.ul listStyleType="none" m="0" p="0" display="flex" flexDirection="column" gap="3">
              {result.hits.map((hit, index) => (
                <Stack
                  as="li"
                  key={hit.rule_id ?? `definition-${index}`}
                  gap="2"
                  borderWidth="1px"
                  borderRadius="l2"
                  p="3"
                  data-testid="rule-hit"
                >
                  <HStack gap="2" flexWrap="wrap">
                    {hit.severity ? <SeverityBadge severity={hit.severity} /> : null}
                    <Text fontFamily="mono" fontSize="sm">
                      {hit.key ?? '—'}
                    </Text>
                    <Text fontWeight="medium">{hit.name ?? t('scripts.rules.test.definitionHit')}</Text>
                    {hit.family ? <Text color="fg.muted">{hit.family}</Text> : null}
                  </HStack>
                  <Text fontSize="sm">{t('scripts.rules.test.matched', { conditions: hit.matched.join(', ') })}</Text>
                  <EvidenceText label={t('scripts.rules.test.excerpt')} text={hit.excerpt} />
                </Stack>
              ))}
            </chakra.ul>
          </>
        ) : null}
      </Stack>
    </Stack>
  );
}
