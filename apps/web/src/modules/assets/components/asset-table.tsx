import { Badge, HStack, Text } from '@chakra-ui/react';
import { sortValues } from '@vigil/api-client';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type ColumnDef,
  DataTable,
  type FilterDef,
  originFilter,
  originQuery,
  pageQuery,
  textFilter,
  useTableState,
} from '@/components/data-table';
import { apiUrl } from '@/lib/api-url';
import { useFormat } from '@/lib/i18n/format';
import { ASSET_TYPES, type Asset, type AssetQuery, type AssetType, useAssets } from '../api/assets-api';
import { AssetDetail } from './asset-detail';
import { Tags, TypeBadge } from './badges';
import { type Inventory, inventoryQuery } from './inventory';

const SORTS = sortValues.listAssets;
/** Where an asset can come from, for the source filter: the assets import kinds, a probe run, or a person. */
const SOURCES = ['hosts', 'assets-csv', 'subfinder', 'httpx', 'nmap', 'probe', 'manual'];

const isType = (value: string): value is AssetType => (ASSET_TYPES as string[]).includes(value);

/** The filters of an asset list as its API's query (also the CSV export's). */
function filterQuery(state: ReturnType<typeof useTableState>): Omit<AssetQuery, 'page' | 'page_size' | 'sort'> {
  const type = (state.filters.type ?? []).filter(isType);
  const source = SOURCES.find((s) => s === state.filters.source?.[0]);
  const tag = textFilter(state, 'tag');
  const status = state.filters.status?.[0];
  return {
    ...(state.q ? { q: state.q } : {}),
    ...(type.length ? { type } : {}),
    ...(source ? { source } : {}),
    ...(tag ? { tag } : {}),
    ...(status === 'active' || status === 'gone' ? { status } : {}),
    ...(state.filters.new?.[0] === 'true' ? { new_since_last_scan: true } : {}),
    ...originQuery(state),
  };
}

/**
 * The inventory: type, value, sources, tags, owner, first and last seen, open findings; filtered by
 * type, source, tag, gone or there, and new since the last scan. A row opens in `?asset=`.
 */
export function AssetTable({
  inventory,
  canChange,
  onDemo,
}: {
  inventory: Inventory;
  canChange: boolean;
  onDemo: (demo: boolean) => void;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const filters: FilterDef[] = [
    {
      id: 'type',
      kind: 'multi',
      label: t('assets.type'),
      options: ASSET_TYPES.map((type) => ({ value: type, label: t(`assets.types.${type}`) })),
    },
    {
      id: 'source',
      kind: 'select',
      label: t('assets.source'),
      options: SOURCES.map((source) => ({ value: source, label: t(`assets.sources.${source}`) })),
    },
    { id: 'tag', kind: 'text', label: t('assets.tag') },
    {
      id: 'status',
      kind: 'select',
      label: t('assets.presence'),
      options: [
        { value: 'active', label: t('assets.activeOnly') },
        { value: 'gone', label: t('assets.goneOnly') },
      ],
    },
    {
      id: 'new',
      kind: 'select',
      label: t('assets.newSinceLastScan'),
      options: [{ value: 'true', label: t('assets.newOnly') }],
    },
    originFilter(t),
  ];
  const state = useTableState(filters, { openKey: 'asset' });
  const query = { ...filterQuery(state), ...inventoryQuery(inventory) };
  const list = useAssets({ ...query, ...pageQuery(state, SORTS) });
  const demo = Boolean(list.data?.data.some((row) => row.is_demo));
  useEffect(() => onDemo(demo), [demo, onDemo]);

  const columns: ColumnDef<Asset>[] = [
    { id: 'value', header: t('assets.value'), cell: (r) => r.value, primary: true, sortKey: 'value' },
    { id: 'type', header: t('assets.type'), sortKey: 'type', cell: (r) => <TypeBadge type={r.type} /> },
    ...(inventory.owner === 'suppliers'
      ? [{ id: 'supplier', header: t('assets.supplier'), cell: (r: Asset) => r.supplier?.name ?? '—' }]
      : []),
    {
      id: 'sources',
      header: t('assets.sourcesLabel'),
      cell: (r) => r.sources.map((s) => t(`assets.sources.${s}`, { defaultValue: s })).join(', '),
    },
    { id: 'tags', header: t('assets.tags'), cell: (r) => <Tags tags={r.tags} /> },
    { id: 'owner', header: t('assets.owner'), cell: (r) => r.owner ?? '—', hiddenByDefault: true },
    {
      id: 'first_seen_at',
      header: t('findings.firstSeen'),
      sortKey: 'first_seen_at',
      cell: (r) => format.date(r.first_seen_at),
      hiddenByDefault: true,
    },
    {
      id: 'last_seen_at',
      header: t('findings.lastSeen'),
      sortKey: 'last_seen_at',
      cell: (r) => (
        <HStack gap="2">
          <Text as="span">{format.date(r.last_seen_at)}</Text>
          {r.gone_at ? (
            <Badge colorPalette="gray" variant="outline" size="sm">
              {t('assets.gone')}
            </Badge>
          ) : null}
        </HStack>
      ),
    },
    {
      id: 'open_findings',
      header: t('assets.openFindings'),
      align: 'end',
      cell: (r) => format.number(r.open_findings),
    },
  ];

  return (
    <DataTable
      tableId={inventory.owner === 'suppliers' ? 'supplier-assets' : 'company-assets'}
      caption={t('assets.caption')}
      columns={columns}
      page={list}
      rowId={(r) => String(r.id)}
      state={state}
      filters={filters}
      searchLabel={t('assets.search')}
      empty={{ title: t('assets.emptyTitle'), description: t('assets.empty') }}
      exportHref={apiUrl('/assets/export', query)}
      renderDetail={(id) => <AssetDetail id={Number(id)} canChange={canChange} />}
      detailTitle={t('assets.detailTitle')}
    />
  );
}
