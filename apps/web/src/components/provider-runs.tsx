// A module's runs against its providers (the dork, code, archive and clone searches), newest
// first: status, queries done, results, requests, when, the error; a run queued, running or
// waiting (throttled, until its time) can be cancelled by those who may change the company's data.
import { Badge, Button } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { type ColumnDef, DataTable, useTableState } from '@/components/data-table';
import { useFormat } from '@/lib/i18n/format';
import { type ProviderRun, useCancelProviderRun, useProviderRuns } from '@/lib/providers-api';

const palette: Record<ProviderRun['status'], string> = {
  queued: 'gray',
  running: 'blue',
  waiting: 'orange',
  done: 'green',
  failed: 'red',
  cancelled: 'gray',
};
const active = (r: ProviderRun) => r.status === 'queued' || r.status === 'running' || r.status === 'waiting';

export function ProviderRunStatus({ run }: { run: ProviderRun }) {
  const { t } = useTranslation();
  return (
    <Badge colorPalette={palette[run.status]} variant="subtle" size="sm">
      {t(`providers.status.${run.status}`)}
    </Badge>
  );
}

export function ProviderRuns({ module, canCancel }: { module: string; canCancel: boolean }) {
  const { t } = useTranslation();
  const format = useFormat();
  const state = useTableState([], { pageSize: 10, openKey: 'providerRun' });
  const runs = useProviderRuns(module, state.page, state.pageSize);
  const cancel = useCancelProviderRun();
  const when = (value: string | null) =>
    value ? format.date(value, { dateStyle: 'medium', timeStyle: 'short' }) : '—';
  const count = (value: number) => format.number(value);
  const columns: ColumnDef<ProviderRun>[] = [
    { id: 'created_at', header: t('providers.run.created'), cell: (r) => when(r.created_at) },
    { id: 'provider', header: t('providers.run.provider'), cell: (r) => t(`providers.names.${r.provider}`) },
    {
      id: 'status',
      header: t('providers.run.status'),
      cell: (r) => (
        <>
          <ProviderRunStatus run={r} />
          {r.status === 'waiting' && r.retry_at ? ` ${t('providers.run.until', { when: when(r.retry_at) })}` : null}
        </>
      ),
    },
    {
      id: 'queries',
      header: t('providers.run.queries'),
      align: 'end',
      cell: (r) => `${count(r.queries_done)} / ${count(r.queries_total)}`,
    },
    { id: 'results', header: t('providers.run.results'), align: 'end', cell: (r) => count(r.results) },
    { id: 'new_results', header: t('providers.run.newResults'), align: 'end', cell: (r) => count(r.new_results) },
    {
      id: 'requests',
      header: t('providers.run.requests'),
      align: 'end',
      cell: (r) => count(r.requests),
      hiddenByDefault: true,
    },
    { id: 'finished_at', header: t('providers.run.finished'), cell: (r) => when(r.finished_at) },
    { id: 'error', header: t('providers.run.error'), cell: (r) => r.error ?? '—' },
    ...(canCancel
      ? [
          {
            id: 'actions',
            header: t('providers.run.actions'),
            cell: (r: ProviderRun) =>
              active(r) ? (
                <Button
                  size="xs"
                  variant="outline"
                  loading={cancel.isPending && cancel.variables === r.id}
                  onClick={() => cancel.mutate(r.id)}
                  aria-label={t('providers.run.cancelRun', { when: when(r.created_at) })}
                >
                  {t('providers.run.cancel')}
                </Button>
              ) : null,
          },
        ]
      : []),
  ];
  return (
    <DataTable
      tableId={`provider-runs-${module}`}
      caption={t('providers.runsCaption')}
      columns={columns}
      page={runs}
      rowId={(r) => String(r.id)}
      state={state}
      empty={{ title: t('providers.noRunsTitle'), description: t('providers.noRuns') }}
      rowTone={(r) => (r.status === 'failed' ? 'danger' : undefined)}
    />
  );
}
