import { Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { type ColumnDef, DataTable, useTableState } from '@/components/data-table';
import { QueueJobButton } from '@/components/ui/queue-job-button';
import { useFormat } from '@/lib/i18n/format';
import { AttentionBadge, AttentionLegend } from './attention';
import { ScanStatusBadge } from './badges';
import { ScanDiff } from './scan-diff';
import { type ScriptScan, useScriptScans, useStartScan } from './scripts-api';

/** A scan to look at first: it failed, or a security header regressed. */
const needsReview = (r: ScriptScan) => r.status === 'failed' || r.header_changes.some((h) => h.regression);

/** "Scan now" for one page: queues a scan; while one is queued or running, says so instead. */
export function ScanNowButton({ pageId }: { pageId: number }) {
  const { t } = useTranslation();
  const scans = useScriptScans({ pageId }, 1, 1);
  const start = useStartScan();
  const pending = scans.data?.pending;
  return (
    <QueueJobButton
      label={t('scripts.manager.scanNow')}
      pendingText={pending ? t(`scripts.manager.pending.${pending.status}`) : null}
      start={{ isPending: start.isPending, error: start.error, mutate: () => start.mutate(pageId) }}
      testId="scan-pending"
    />
  );
}

/** The page scans (of the picked store or page), newest first; a scan opens its diff (`?scan=`). */
export function ScanList({ storeId, pageId }: { storeId?: number | undefined; pageId?: number | undefined }) {
  const { t } = useTranslation();
  const format = useFormat();
  const state = useTableState([], { pageSize: 10, openKey: 'scan' });
  const scans = useScriptScans({ ...(storeId ? { storeId } : {}), ...(pageId ? { pageId } : {}) }, state.page);
  const count = (value: number) => format.number(value);
  const columns: ColumnDef<ScriptScan>[] = [
    {
      id: 'started_at',
      header: t('scripts.manager.scan.started'),
      primary: true,
      cell: (r) => format.date(r.started_at, { dateStyle: 'medium', timeStyle: 'short' }),
    },
    { id: 'page', header: t('scripts.manager.page'), cell: (r) => r.page.url },
    {
      id: 'status',
      header: t('scripts.manager.scan.status'),
      cell: (r) => (
        <Stack gap="1" align="start">
          <ScanStatusBadge status={r.status} />
          {needsReview(r) ? <AttentionBadge /> : null}
        </Stack>
      ),
    },
    { id: 'scripts', header: t('scripts.manager.scan.scripts'), align: 'end', cell: (r) => count(r.scripts) },
    { id: 'new', header: t('scripts.manager.scan.new'), align: 'end', cell: (r) => count(r.new_scripts) },
    { id: 'changed', header: t('scripts.manager.scan.changed'), align: 'end', cell: (r) => count(r.changed_scripts) },
    { id: 'removed', header: t('scripts.manager.scan.removed'), align: 'end', cell: (r) => count(r.removed_scripts) },
    {
      id: 'destinations',
      header: t('scripts.manager.scan.newDestinations'),
      align: 'end',
      cell: (r) => count(r.new_destinations),
    },
    {
      id: 'headers',
      header: t('scripts.manager.scan.headerChanges'),
      align: 'end',
      cell: (r) => count(r.header_changes.length),
    },
    { id: 'findings', header: t('scripts.manager.scan.findings'), align: 'end', cell: (r) => count(r.findings_opened) },
    { id: 'error', header: t('scripts.manager.scan.error'), cell: (r) => r.error ?? '—', hiddenByDefault: true },
  ];
  return (
    <>
      <AttentionLegend meaning={t('scripts.manager.attention.scans')} testId="scans-legend" />
      <DataTable
        tableId="script-scans"
        caption={t('scripts.manager.scansCaption')}
        columns={columns}
        page={scans}
        rowId={(r) => String(r.id)}
        state={state}
        empty={{ title: t('scripts.manager.noScansTitle'), description: t('scripts.manager.noScans') }}
        renderDetail={(id) => <ScanDiff id={Number(id)} />}
        detailTitle={t('scripts.manager.scanDetailTitle')}
        rowTone={(r) => (needsReview(r) ? 'danger' : undefined)}
      />
    </>
  );
}
