import { Alert, Box, Button, Grid, Stack, Text, Wrap } from '@chakra-ui/react';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { PageHeader } from '@/components/layout/page-header';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ErrorAlert } from '@/components/ui/error-alert';
import { type AdvisorStatus, useAdvisorStatus, useConversation, useDeleteConversation } from '../api/advisor-api';
import { useAsk } from '../api/use-ask';
import { ConversationList } from './conversation-list';
import { QuestionBox } from './question-box';
import { Thread } from './thread';

/** The open conversation of the URL's `?c=`, or null (a new one). */
function conversationIdOf(value: string | null): number | null {
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647 ? id : null;
}

function EngineNotice({ status }: { status: AdvisorStatus | undefined }) {
  const { t } = useTranslation();
  if (!status) return null;
  if (status.engine === 'model')
    return (
      <Text fontSize="sm" color="fg.muted" mb="4" data-testid="advisor-engine">
        {t('advisor.engineModel', { model: status.model ?? '' })}
      </Text>
    );
  return (
    <Alert.Root status="info" mb="4" data-testid="advisor-engine">
      <Alert.Indicator />
      <Alert.Title>{t('advisor.engineIntents')}</Alert.Title>
    </Alert.Root>
  );
}

function Suggestions({
  status,
  onAsk,
  disabled,
}: {
  status: AdvisorStatus;
  onAsk: (q: string) => void;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  if (status.suggestions.length === 0) return null;
  return (
    <Box as="section" aria-labelledby="advisor-suggestions" data-testid="advisor-suggestions">
      <Text id="advisor-suggestions" fontSize="sm" fontWeight="semibold" mb="2">
        {t('advisor.suggestions')}
      </Text>
      <Wrap gap="2">
        {status.suggestions.map((s) => (
          <Button
            key={s.intent + s.question}
            size="sm"
            variant="subtle"
            height="auto"
            minH="8"
            py="1"
            // A button does not shrink in the Wrap: without a cap it is its whole text wide and ran
            // off a phone's screen. It wraps within the column, a long token too.
            whiteSpace="normal"
            maxW="100%"
            overflowWrap="anywhere"
            textAlign="start"
            disabled={disabled}
            onClick={() => onAsk(s.question)}
          >
            {s.question}
          </Button>
        ))}
      </Wrap>
    </Box>
  );
}

/**
 * `/cyberadvisor`: a chat over the company's own records. The conversations on the side, the open
 * one (`?c=`) in the middle; the answer streams in with the tools it called and links to the records
 * it cites. Without a configured model, the built-in engine answers and the screen says so.
 */
export function AdvisorScreen() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const current = conversationIdOf(params.get('c'));
  const status = useAdvisorStatus();
  const conversation = useConversation(current);
  const onConversation = useCallback((id: number) => setParams({ c: String(id) }), [setParams]);
  const { live, ask, stop } = useAsk(current, onConversation);
  const remove = useDeleteConversation();
  const stored = conversation.data?.messages ?? [];
  const messages = live ? stored.slice(0, live.before) : stored;
  const busy = live?.streaming ?? false;
  const fresh = current === null && !live;
  return (
    <>
      <PageHeader
        title={t('screens.cyber-advisor.title')}
        trail={[t('nav.groups.intelligence')]}
        description={t('advisor.description')}
        actions={
          current !== null && conversation.data ? (
            <ConfirmDialog
              label={t('advisor.delete')}
              title={t('advisor.deleteTitle')}
              message={t('advisor.deleteMessage')}
              confirmLabel={t('advisor.deleteConfirm')}
              cancelLabel={t('common.cancel')}
              pending={remove.isPending}
              error={remove.isError ? t('advisor.deleteFailed') : undefined}
              onOpen={() => remove.reset()}
              onConfirm={async () => {
                await remove.mutateAsync(current);
                setParams({});
              }}
            />
          ) : null
        }
      />
      <EngineNotice status={status.data} />
      <Grid templateColumns={{ base: 'minmax(0, 1fr)', lg: '16rem minmax(0, 1fr)' }} gap="6" alignItems="start">
        <Box order={{ base: 2, lg: 1 }}>
          <ConversationList current={current} />
        </Box>
        <Stack gap="4" order={{ base: 1, lg: 2 }} minW="0">
          <ErrorAlert message={conversation.isError ? t('advisor.loadFailed') : undefined} />
          <Thread messages={messages} live={live} />
          {fresh && status.data ? <Suggestions status={status.data} onAsk={ask} disabled={busy} /> : null}
          <ErrorAlert message={status.isError ? t('advisor.statusFailed') : undefined} />
          <QuestionBox busy={busy} onAsk={ask} onStop={stop} />
        </Stack>
      </Grid>
    </>
  );
}
