import { Badge, Code, HStack, Link, Text } from '@chakra-ui/react';
import { sortValues } from '@vigil/api-client';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { type ColumnDef, DataTable, type FilterDef, pageQuery, useTableState } from '@/components/data-table';
import { useFormat } from '@/lib/i18n/format';
import { DORK_CATEGORIES, DORK_SOURCES, type Dork, type DorkQuery, useDorks } from '../api/dorks-api';
import { DeleteDork, DorkDialog, DorkSwitch } from './dork-dialogs';

const SORTS = sortValues.listDorks;

/**
 * The catalogue the company's runs draw from: Vigil's templates (on until switched off), the GHDB
 * entries the platform imported (off until chosen) and the company's own dorks (edited here).
 */
export function CatalogueTable({ canChange }: { canChange: boolean }) {
  const { t } = useTranslation();
  const format = useFormat();
  const filters: FilterDef[] = [
    {
      id: 'source',
      kind: 'select',
      label: t('dorks.source'),
      options: DORK_SOURCES.map((s) => ({ value: s, label: t(`dorks.sources.${s}`) })),
    },
    {
      id: 'category',
      kind: 'select',
      label: t('dorks.category'),
      options: DORK_CATEGORIES.map((c) => ({ value: c, label: t(`dorks.categories.${c}`) })),
    },
    {
      id: 'enabled',
      kind: 'select',
      label: t('dorks.enabled'),
      options: [
        { value: 'true', label: t('dorks.on') },
        { value: 'false', label: t('dorks.off') },
      ],
    },
  ];
  const state = useTableState(filters);
  const source = DORK_SOURCES.find((s) => s === state.filters.source?.[0]);
  const category = DORK_CATEGORIES.find((c) => c === state.filters.category?.[0]);
  const enabled = state.filters.enabled?.[0];
  const query: DorkQuery = {
    ...(state.q ? { q: state.q } : {}),
    ...(source ? { source } : {}),
    ...(category ? { category } : {}),
    ...(enabled === 'true' || enabled === 'false' ? { enabled: enabled === 'true' } : {}),
    ...pageQuery(state, SORTS),
  };
  const list = useDorks(query);

  const columns: ColumnDef<Dork>[] = [
    { id: 'title', header: t('dorks.title'), sortKey: 'title', cell: (r) => r.title },
    {
      id: 'query',
      header: t('dorks.query'),
      cell: (r) => (
        <Code fontSize="xs" whiteSpace="pre-wrap" overflowWrap="anywhere">
          {r.query}
        </Code>
      ),
    },
    {
      id: 'category',
      header: t('dorks.category'),
      sortKey: 'category',
      cell: (r) => t(`dorks.categories.${r.category}`),
    },
    {
      id: 'source',
      header: t('dorks.source'),
      sortKey: 'source',
      cell: (r) => (
        <Badge size="sm" variant="surface">
          {r.ghdb_id ? `${t('dorks.sources.ghdb')} ${r.ghdb_id}` : t(`dorks.sources.${r.source}`)}
        </Badge>
      ),
    },
    {
      id: 'published_on',
      header: t('dorks.published'),
      sortKey: 'published_on',
      cell: (r) => (r.published_on ? format.date(r.published_on) : '—'),
      hiddenByDefault: true,
    },
    {
      id: 'results',
      header: t('dorks.results'),
      sortKey: 'results',
      align: 'end',
      cell: (r) =>
        r.results > 0 ? (
          <Link asChild colorPalette="blue">
            <RouterLink to={`?dork_id=${r.id}`}>{format.number(r.results)}</RouterLink>
          </Link>
        ) : (
          <Text as="span">0</Text>
        ),
    },
    { id: 'enabled', header: t('dorks.enabled'), cell: (r) => <DorkSwitch dork={r} canChange={canChange} /> },
    ...(canChange
      ? [
          {
            id: 'actions',
            header: t('dorks.actions'),
            cell: (r: Dork) =>
              r.editable ? (
                <HStack gap="2">
                  <DorkDialog dork={r} />
                  <DeleteDork dork={r} />
                </HStack>
              ) : null,
          },
        ]
      : []),
  ];

  return (
    <DataTable
      tableId="dorks"
      caption={t('dorks.catalogueCaption')}
      columns={columns}
      page={list}
      rowId={(r) => String(r.id)}
      state={state}
      filters={filters}
      searchLabel={t('dorks.catalogueSearch')}
      empty={{ title: t('dorks.catalogueEmptyTitle'), description: t('dorks.catalogueEmpty') }}
      toolbar={canChange ? <DorkDialog dork={null} /> : undefined}
    />
  );
}
