// "Search now" and the code search runs (GET /provider-runs?module=secrets): the button, what a
// pending run is doing, and the runs list of the Runs tab.
import { Skeleton, Table, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import type { Schemas } from '@vigil/api-client';
import { useTranslation } from 'react-i18next';
import { QueueJobButton } from '@/components/ui/queue-job-button';
import { useApi } from '@/lib/api-context';
import { useFormat } from '@/lib/i18n/format';
import { useStartSecretSearch } from '../api/secrets-api';

type Run = Schemas['ProviderRun'];
type RunList = Schemas['ProviderRunList'];
const PENDING = ['queued', 'running', 'waiting'];

function useSecretRuns() {
  const api = useApi();
  return useQuery<RunList>({
    queryKey: ['provider-runs', 'secrets'],
    refetchInterval: (query) => (query.state.data?.data.some((r: Run) => PENDING.includes(r.status)) ? 2000 : false),
    queryFn: async ({ signal }): Promise<RunList> => {
      const { data } = await api.GET('/provider-runs', {
        params: { query: { module: 'secrets', page_size: 20 } },
        signal,
      });
      if (!data) throw new Error('empty answer');
      return data;
    },
  });
}

export function SearchNow() {
  const { t } = useTranslation();
  const runs = useSecretRuns();
  const start = useStartSecretSearch();
  const pending = runs.data?.data.find((r) => PENDING.includes(r.status));
  const pendingText = pending
    ? t(`secrets.runs.pending.${pending.status}`, { done: pending.queries_done, total: pending.queries_total })
    : null;
  return (
    <QueueJobButton label={t('secrets.runNow')} pendingText={pendingText} start={start} testId="secrets-run-status" />
  );
}

export function SecretRuns() {
  const { t } = useTranslation();
  const format = useFormat();
  const runs = useSecretRuns();
  if (!runs.data) return <Skeleton height="24" />;
  if (runs.data.data.length === 0) return <Text color="fg.muted">{t('secrets.runs.none')}</Text>;
  const when = (r: Run) =>
    format.date(r.finished_at ?? r.started_at ?? r.created_at, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <Table.ScrollArea borderWidth="1px" borderRadius="md">
      <Table.Root size="sm">
        <Table.Caption srOnly>{t('secrets.runs.caption')}</Table.Caption>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{t('secrets.runs.when')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('secrets.runs.status')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('secrets.runs.queries')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('secrets.runs.results')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('secrets.runs.newResults')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('secrets.runs.error')}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {runs.data.data.map((r) => (
            <Table.Row key={r.id}>
              <Table.Cell>{when(r)}</Table.Cell>
              <Table.Cell>{t(`secrets.runs.statuses.${r.status}`)}</Table.Cell>
              <Table.Cell textAlign="end">{`${r.queries_done} / ${r.queries_total}`}</Table.Cell>
              <Table.Cell textAlign="end">{r.results}</Table.Cell>
              <Table.Cell textAlign="end">{r.new_results}</Table.Cell>
              <Table.Cell>{r.error ?? '—'}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
