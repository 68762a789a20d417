import { Alert, Heading, HStack, Separator, Skeleton, Stack, Text } from '@chakra-ui/react';
import { ApiError } from '@vigil/api-client';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '@/components/ui/error-alert';
import { DemoBadge, SEVERITIES, SeverityBadge, StatusBadge } from '@/components/ui/finding-badges';
import { SimpleSelect } from '@/components/ui/simple-select';
import { useFormat } from '@/lib/i18n/format';
import { useFinding, useUpdateFinding } from '../api/findings-api';
import { AssigneePicker } from './assignee-picker';
import { ChangeHistory } from './change-history';
import { CommentThread } from './comment-thread';
import { FindingTickets } from './finding-tickets';
import { StatusMenu } from './status-menu';

/** Triage of one finding: status workflow, assignee, comments and change history. */
export function FindingPanel({ findingId, readOnly = false }: { findingId: number; readOnly?: boolean }) {
  const { t } = useTranslation();
  const format = useFormat();
  const finding = useFinding(findingId);
  const update = useUpdateFinding(findingId);
  if (finding.isPending) return <Skeleton height="24" />;
  if (finding.isError || !finding.data) {
    return (
      <Alert.Root status="error">
        <Alert.Indicator />
        <Alert.Title>{t('findings.loadFailed')}</Alert.Title>
      </Alert.Root>
    );
  }
  const f = finding.data;
  const failure = update.error instanceof ApiError ? update.error.serverMessage || update.error.message : null;
  return (
    <Stack gap="4" data-testid="finding-panel">
      <HStack gap="2" flexWrap="wrap">
        <SeverityBadge severity={f.severity} />
        <StatusBadge status={f.status} />
        {f.is_demo ? <DemoBadge /> : null}
        {f.reopen_count ? <Text fontSize="sm">{t('findings.reopened', { count: f.reopen_count })}</Text> : null}
      </HStack>
      <Text fontSize="sm" color="fg.muted">
        {t('findings.seen', { first: format.date(f.first_seen_at), last: format.date(f.last_seen_at) })}
        {f.risk_accepted_until ? ` · ${t('findings.acceptedUntil', { date: format.date(f.risk_accepted_until) })}` : ''}
        {f.due_at ? ` · ${t('findings.dueAt', { date: format.date(f.due_at) })}` : ''}
      </Text>
      <FindingTickets tickets={f.tickets ?? []} />
      {readOnly ? null : (
        <HStack gap="3" flexWrap="wrap" alignItems="flex-start">
          <StatusMenu
            current={f.status}
            allowed={f.allowed_statuses}
            busy={update.isPending}
            onChange={(status, until) => update.mutate({ status, ...(until ? { risk_accepted_until: until } : {}) })}
          />
          <SimpleSelect
            label={t('findings.severityLabel')}
            value={f.severity}
            disabled={update.isPending}
            onChange={(event) => {
              const severity = SEVERITIES.find((s) => s === event.currentTarget.value);
              if (severity) update.mutate({ severity });
            }}
          >
            {SEVERITIES.map((s) => (
              <option key={s} value={s}>
                {t(`findings.severity.${s}`)}
              </option>
            ))}
          </SimpleSelect>
          <AssigneePicker
            value={f.assignee?.id ?? null}
            disabled={update.isPending}
            onChange={(assignee_id) => update.mutate({ assignee_id })}
          />
        </HStack>
      )}
      <ErrorAlert message={failure} />
      <Separator />
      <Heading as="h3" size="sm">
        {t('findings.comments')}
      </Heading>
      <CommentThread findingId={f.id} comments={f.comments} readOnly={readOnly} />
      <Separator />
      <Heading as="h3" size="sm">
        {t('findings.history')}
      </Heading>
      <ChangeHistory history={f.history} />
    </Stack>
  );
}
