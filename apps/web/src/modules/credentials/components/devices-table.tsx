import { sortValues } from '@vigil/api-client';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { type ColumnDef, type FindingSlots, FindingTable, textFilter, useFindingList } from '@/components/data-table';
import { SeverityBadge, StatusBadge } from '@/components/ui/finding-badges';
import { apiUrl } from '@/lib/api-url';
import { useFormat } from '@/lib/i18n/format';
import { type Device, useDevices } from '../api/credentials-api';
import { DeviceDetail } from './device-detail';

const SORTS = sortValues.listInfostealerDevices;

/** Infostealer devices: one row per infected machine whose log held company credentials. */
export function DevicesTable({ slots, onDemo }: { slots: FindingSlots; onDemo: (demo: boolean) => void }) {
  const { t } = useTranslation();
  const format = useFormat();
  const { filters, state, filterQuery, list, demo } = useFindingList(
    slots,
    {
      filters: [{ id: 'malware_family', kind: 'text', label: t('credentials.malwareFamily') }],
      sorts: SORTS,
      query: (state) => {
        const malware = textFilter(state, 'malware_family');
        return malware ? { malware_family: malware } : {};
      },
    },
    useDevices,
  );
  useEffect(() => onDemo(demo), [demo, onDemo]);

  const columns: ColumnDef<Device>[] = [
    { id: 'machine', header: t('credentials.machine'), cell: (r) => r.machine_name, primary: true },
    { id: 'malware', header: t('credentials.malwareFamily'), cell: (r) => r.malware_family },
    {
      id: 'infection_date',
      header: t('credentials.infectionDate'),
      cell: (r) => (r.infection_date ? format.date(r.infection_date) : '—'),
      sortKey: 'infection_date',
    },
    {
      id: 'urls',
      header: t('credentials.urlCount'),
      priority: 3,
      cell: (r) => format.number(r.urls.length),
      align: 'end',
    },
    {
      id: 'accounts',
      header: t('credentials.accountCount'),
      priority: 3,
      cell: (r) => format.number(r.credential_count),
      align: 'end',
    },
    {
      id: 'severity',
      header: t('findings.severityLabel'),
      priority: 1,
      cell: (r) => <SeverityBadge severity={r.severity} />,
    },
    { id: 'status', header: t('findings.statusLabel'), priority: 1, cell: (r) => <StatusBadge status={r.status} /> },
    { id: 'country', header: t('credentials.country'), cell: (r) => r.country ?? '—', hiddenByDefault: true },
    {
      id: 'last_seen_at',
      header: t('findings.lastSeen'),
      cell: (r) => format.date(r.last_seen_at),
      sortKey: 'last_seen_at',
    },
  ];

  return (
    <FindingTable
      tableId="credential-devices"
      caption={t('credentials.devicesCaption')}
      columns={columns}
      page={list}
      state={state}
      filters={filters}
      searchLabel={t('credentials.searchDevices')}
      empty={{ title: t('credentials.emptyTitle'), description: t('credentials.emptyDevices') }}
      exportHref={apiUrl('/credentials/devices/export', filterQuery)}
      slots={slots}
      renderDetail={(id, triage) => <DeviceDetail id={id} triage={triage} />}
      detailTitle={t('credentials.deviceTitle')}
    />
  );
}
