import { HStack, Stack, Text } from '@chakra-ui/react';
import { sortValues } from '@vigil/api-client';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import {
  type ColumnDef,
  DataTable,
  type FilterDef,
  originFilter,
  originQuery,
  pageQuery,
  type TableActions,
  type TableState,
  Truncated,
} from '@/components/data-table';
import { apiUrl } from '@/lib/api-url';
import { useFormat } from '@/lib/i18n/format';
import type { ComplianceStore } from '../ecommerce/ecommerce-api';
import { AttentionBadge, AttentionLegend } from './attention';
import { AuthorisationBadge, BehaviourBadges, PartyBadge } from './badges';
import { ScriptDetail } from './script-detail';
import { AUTHORISATIONS, BEHAVIOURS, PARTIES, type Script, type ScriptQuery, useScripts } from './scripts-api';

const SORTS = sortValues.listScripts;

/** An id from the URL, or nothing. */
export const idOf = (value: string | undefined) => {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : undefined;
};

/** The inventory's filters: the store and page pickers come from the company's stores. */
export function scriptFilters(t: TFunction, stores: ComplianceStore[], storeId?: number): FilterDef[] {
  const pages = stores.filter((s) => storeId === undefined || s.id === storeId).flatMap((s) => s.pages);
  return [
    {
      id: 'store_id',
      kind: 'select',
      label: t('scripts.manager.store'),
      options: stores.map((s) => ({ value: String(s.id), label: s.name })),
    },
    {
      id: 'page_id',
      kind: 'select',
      label: t('scripts.manager.page'),
      options: pages.map((p) => ({ value: String(p.id), label: p.url })),
    },
    {
      id: 'party',
      kind: 'multi',
      label: t('scripts.manager.party'),
      options: PARTIES.map((p) => ({ value: p, label: t(`scripts.party.${p}`) })),
    },
    {
      id: 'authorisation',
      kind: 'multi',
      label: t('scripts.manager.authorisation'),
      options: AUTHORISATIONS.map((a) => ({ value: a, label: t(`scripts.authorisation.${a}`) })),
    },
    {
      id: 'status',
      kind: 'select',
      label: t('scripts.manager.presence'),
      options: [
        { value: 'active', label: t('scripts.manager.activeOnly') },
        { value: 'removed', label: t('scripts.manager.removedOnly') },
      ],
    },
    {
      id: 'changed',
      kind: 'select',
      label: t('scripts.manager.integrity'),
      options: [{ value: 'true', label: t('scripts.manager.changedOnly') }],
    },
    {
      id: 'behaviour',
      kind: 'multi',
      label: t('scripts.manager.behaviour'),
      options: BEHAVIOURS.map((b) => ({ value: b, label: t(`scripts.behaviours.${b}`) })),
    },
    originFilter(t),
  ];
}

/** The filters as the API's query (also the CSV export's). */
function filterQuery(state: TableState): Omit<ScriptQuery, 'page' | 'page_size' | 'sort'> {
  const pick = <T extends string>(values: readonly T[], id: string) =>
    (state.filters[id] ?? []).filter((v): v is T => (values as readonly string[]).includes(v));
  const party = pick(PARTIES, 'party');
  const authorisation = pick(AUTHORISATIONS, 'authorisation');
  const behaviour = pick(BEHAVIOURS, 'behaviour');
  const storeId = idOf(state.filters.store_id?.[0]);
  const pageId = idOf(state.filters.page_id?.[0]);
  const status = state.filters.status?.[0];
  return {
    ...(state.q ? { q: state.q } : {}),
    ...(storeId ? { store_id: storeId } : {}),
    ...(pageId ? { page_id: pageId } : {}),
    ...(party.length ? { party } : {}),
    ...(authorisation.length ? { authorisation } : {}),
    ...(behaviour.length ? { behaviour } : {}),
    ...(status === 'active' || status === 'removed' ? { status } : {}),
    ...(state.filters.changed?.[0] === 'true' ? { changed: true } : {}),
    ...originQuery(state),
  };
}

/** A script to review first: denied, changed since it was authorised, or reading card fields. */
const needsReview = (r: Script) =>
  r.authorisation === 'denied' || r.changed || r.behaviours.includes('reads_card_fields');

/** The current and the authorised SHA-256, shortened; a mismatch shows in the error colour. */
function HashCell({ script }: { script: Script }) {
  const { t } = useTranslation();
  return (
    <Text as="span" fontFamily="mono" fontSize="xs" color={script.changed ? 'fg.error' : undefined}>
      {script.sha256.slice(0, 12)}
      {script.changed ? ` ≠ ${script.authorised_sha256?.slice(0, 12) ?? ''} (${t('scripts.manager.changed')})` : ''}
    </Text>
  );
}

/**
 * The inventory: script, page, party (and who loaded it), authorisation, current vs authorised hash,
 * SRI, behaviours, first and last seen, open findings. A row opens in `?script=`.
 */
export function ScriptTable({
  filters,
  state,
  canChange,
}: {
  filters: FilterDef[];
  state: TableState & TableActions;
  canChange: boolean;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const query = filterQuery(state);
  const list = useScripts({ ...query, ...pageQuery(state, SORTS) });
  const columns: ColumnDef<Script>[] = [
    {
      id: 'script',
      header: t('scripts.manager.script'),
      primary: true,
      sortKey: 'script_key',
      cell: (r) =>
        r.kind === 'inline' ? t('scripts.manager.inline', { hash: r.sha256.slice(0, 12) }) : (r.url ?? r.key),
    },
    { id: 'page', header: t('scripts.manager.page'), priority: 3, cell: (r) => <Truncated value={r.page.url} /> },
    {
      id: 'party',
      header: t('scripts.manager.party'),
      sortKey: 'party',
      cell: (r) => (
        <HStack gap="1" flexWrap="wrap">
          <PartyBadge party={r.party} />
          {r.loaded_by ? (
            <Text as="span" fontSize="xs" color="fg.muted" overflowWrap="anywhere">
              {t('scripts.manager.loadedBy', { by: r.loaded_by })}
            </Text>
          ) : null}
        </HStack>
      ),
    },
    {
      id: 'authorisation',
      header: t('scripts.manager.authorisation'),
      priority: 1,
      sortKey: 'authorisation',
      cell: (r) =>
        needsReview(r) ? (
          <Stack gap="1" align="start">
            <AuthorisationBadge authorisation={r.authorisation} />
            <AttentionBadge />
          </Stack>
        ) : (
          <AuthorisationBadge authorisation={r.authorisation} />
        ),
    },
    { id: 'hash', header: t('scripts.manager.hash'), priority: 3, cell: (r) => <HashCell script={r} /> },
    {
      id: 'sri',
      header: t('scripts.manager.sri'),
      priority: 3,
      cell: (r) => t(r.sri ? 'scripts.manager.yes' : 'scripts.manager.no'),
    },
    {
      id: 'behaviours',
      header: t('scripts.manager.behaviour'),
      cell: (r) => <BehaviourBadges behaviours={r.behaviours} />,
    },
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
      cell: (r) =>
        r.removed_at
          ? t('scripts.manager.removedOn', { date: format.date(r.removed_at) })
          : format.date(r.last_seen_at),
    },
    {
      id: 'open_findings',
      header: t('scripts.manager.openFindings'),
      priority: 1,
      align: 'end',
      cell: (r) => format.number(r.open_findings),
    },
  ];
  return (
    <>
      <AttentionLegend meaning={t('scripts.manager.attention.scripts')} testId="scripts-legend" />
      <DataTable
        tableId="scripts"
        caption={t('scripts.manager.caption')}
        columns={columns}
        page={list}
        rowId={(r) => String(r.id)}
        state={state}
        filters={filters}
        searchLabel={t('scripts.manager.search')}
        empty={{ title: t('scripts.manager.emptyTitle'), description: t('scripts.manager.empty') }}
        exportHref={apiUrl('/scripts/export', query)}
        renderDetail={(id) => <ScriptDetail id={Number(id)} canChange={canChange} />}
        detailTitle={t('scripts.manager.detailTitle')}
        rowTone={(r) => (needsReview(r) ? 'danger' : undefined)}
      />
    </>
  );
}
