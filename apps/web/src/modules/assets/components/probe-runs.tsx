import { Alert } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { type ColumnDef, DataTable, useTableState } from '@/components/data-table';
import { QueueJobButton } from '@/components/ui/queue-job-button';
import { useFormat } from '@/lib/i18n/format';
import { type ProbeRun, useProbeRuns, useStartProbeRun } from '../api/probes-api';
import { RunStatusBadge } from './badges';
import { RunDiff } from './run-diff';

/** "Run probes now": queues a run of the inventory; while one is queued or running, says so instead. */
export function RunProbesButton({ supplierId }: { supplierId: number | null }) {
  const { t } = useTranslation();
  const runs = useProbeRuns(supplierId, 1);
  const start = useStartProbeRun(supplierId);
  const pending = runs.data?.pending;
  return (
    <QueueJobButton
      label={t('assets.runProbes')}
      pendingText={pending ? t(`assets.pending.${pending.status}`) : null}
      start={{ isPending: start.isPending, error: start.error, mutate: () => start.mutate() }}
      testId="probe-pending"
    />
  );
}

/** The inventory's probe runs, newest first; a run opens its diff (`?run=`). */
export function ProbeRuns({ supplierId }: { supplierId: number | null }) {
  const { t } = useTranslation();
  const format = useFormat();
  const state = useTableState([], { pageSize: 10, openKey: 'run' });
  const runs = useProbeRuns(supplierId, state.page);
  const count = (value: number) => format.number(value);
  const columns: ColumnDef<ProbeRun>[] = [
    {
      id: 'started_at',
      header: t('assets.run.started'),
      primary: true,
      cell: (r) => format.date(r.started_at, { dateStyle: 'medium', timeStyle: 'short' }),
    },
    { id: 'status', header: t('assets.run.status'), cell: (r) => <RunStatusBadge status={r.status} /> },
    { id: 'targets', header: t('assets.run.targets'), align: 'end', cell: (r) => count(r.targets) },
    { id: 'checks', header: t('assets.run.checks'), align: 'end', cell: (r) => count(r.checks) },
    { id: 'new_assets', header: t('assets.run.newAssets'), align: 'end', cell: (r) => count(r.new_assets) },
    { id: 'gone_assets', header: t('assets.run.goneAssets'), align: 'end', cell: (r) => count(r.gone_assets) },
    { id: 'opened', header: t('assets.run.opened'), align: 'end', cell: (r) => count(r.findings_opened) },
    { id: 'resolved', header: t('assets.run.resolved'), align: 'end', cell: (r) => count(r.findings_resolved) },
    { id: 'error', header: t('assets.run.error'), cell: (r) => r.error ?? '—', hiddenByDefault: true },
  ];
  return (
    <>
      {runs.data?.pending ? (
        <Alert.Root status="info" mb="3">
          <Alert.Indicator />
          <Alert.Title>{t(`assets.pending.${runs.data.pending.status}`)}</Alert.Title>
        </Alert.Root>
      ) : null}
      <DataTable
        tableId="probe-runs"
        caption={t('assets.runsCaption')}
        columns={columns}
        page={runs}
        rowId={(r) => String(r.id)}
        state={state}
        empty={{ title: t('assets.noRunsTitle'), description: t('assets.noRuns') }}
        renderDetail={(id) => <RunDiff id={Number(id)} />}
        detailTitle={t('assets.runDetailTitle')}
        rowTone={(r) => (r.status === 'failed' ? 'danger' : undefined)}
      />
    </>
  );
}
