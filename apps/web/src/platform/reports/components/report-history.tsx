import { Badge, Button, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { type ColumnDef, DataTable, useTableState } from '@/components/data-table';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useFormat } from '@/lib/i18n/format';
import { type Report, reportPdfHref, useDeleteReport, useReports } from '../api/reports-api';

const tone = { queued: 'gray', rendering: 'blue', done: 'green', failed: 'red' } as const;

/** Days of the server's calendar (UTC), in the interface language. */
export function useDay() {
  const { date } = useFormat();
  return (day: string) => date(day, { dateStyle: 'medium', timeZone: 'UTC' });
}

function usePeriodText() {
  const day = useDay();
  return (report: Report) => `${day(report.period_from)} – ${day(report.period_to)}`;
}

function DeleteReport({ report }: { report: Report }) {
  const { t } = useTranslation();
  const remove = useDeleteReport();
  const period = usePeriodText()(report);
  return (
    <ConfirmDialog
      label={t('reports.history.delete')}
      title={t('reports.history.deleteTitle')}
      message={t('reports.history.deleteMessage', { period })}
      confirmLabel={t('reports.history.delete')}
      cancelLabel={t('reports.history.cancel')}
      pending={remove.isPending}
      onConfirm={() => remove.mutateAsync(report.id)}
    />
  );
}

/** Who asked, when, which period, its status; a done report downloads, an administrator deletes. */
export function ReportHistory({ canDelete }: { canDelete: boolean }) {
  const { t } = useTranslation();
  const { date } = useFormat();
  const reports = useReports();
  // The server answers the newest 50 at most; they are paged here like every other list (25 a page).
  const state = useTableState([]);
  const period = usePeriodText();
  const rows = reports.data;
  const columns: ColumnDef<Report>[] = [
    { id: 'period', header: t('reports.history.period'), cell: period },
    { id: 'language', header: t('reports.history.language'), cell: (r) => t(`language.names.${r.language}`) },
    {
      id: 'requested_by',
      header: t('reports.history.requestedBy'),
      cell: (r) => (r.scheduled ? t('reports.history.monthly') : (r.requested_by ?? '—')),
    },
    {
      id: 'created_at',
      header: t('reports.history.createdAt'),
      cell: (r) => date(r.created_at, { dateStyle: 'medium', timeStyle: 'short' }),
    },
    {
      id: 'status',
      header: t('reports.history.status'),
      cell: (r) => (
        <Stack gap="1">
          <Badge colorPalette={tone[r.status]} width="fit-content">
            {t(`reports.status.${r.status}`)}
          </Badge>
          {r.error ? (
            <Text textStyle="xs" color="fg.error">
              {r.error}
            </Text>
          ) : null}
        </Stack>
      ),
    },
    {
      id: 'pages',
      header: t('reports.history.pages'),
      cell: (r) => (r.pages === null ? '—' : t('reports.history.pageCount', { count: r.pages })),
      hiddenByDefault: true,
    },
    {
      id: 'actions',
      header: t('reports.history.actions'),
      cell: (r) => (
        <HStack gap="2">
          {r.status === 'done' ? (
            <Button asChild size="xs" variant="outline">
              <a
                href={reportPdfHref(r.id)}
                download
                aria-label={t('reports.history.downloadOf', { period: period(r) })}
              >
                {t('reports.history.download')}
              </a>
            </Button>
          ) : null}
          {canDelete ? <DeleteReport report={r} /> : null}
        </HStack>
      ),
    },
  ];
  return (
    <Stack as="section" gap="3" aria-labelledby="report-history-title">
      <Heading as="h2" size="md" id="report-history-title">
        {t('reports.history.title')}
      </Heading>
      <DataTable
        tableId="reports"
        caption={t('reports.history.caption')}
        columns={columns}
        rowId={(r) => String(r.id)}
        state={state}
        page={{
          data: rows && {
            data: rows.slice((state.page - 1) * state.pageSize, state.page * state.pageSize),
            meta: {
              page: state.page,
              page_size: state.pageSize,
              total: rows.length,
              total_is_lower_bound: false,
              has_more: state.page * state.pageSize < rows.length,
            },
          },
          isFetching: reports.isFetching && !rows,
          isError: reports.isError,
        }}
        empty={{ title: t('reports.history.empty'), description: t('reports.history.emptyHint') }}
      />
    </Stack>
  );
}
