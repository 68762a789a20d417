import type { Schemas } from '@vigil/api-client';
import type { TFunction } from 'i18next';
import { SEVERITIES, STATUSES } from '@/components/ui/finding-badges';
import type { FilterDef } from './types';
import { periodQuery, type TableState } from './use-table-state';

type Severity = Schemas['Severity'];
type Status = Schemas['FindingStatus'];

/** Status, severity, period and demo or real data: the filters every findings list has. */
export function findingFilters(t: TFunction): FilterDef[] {
  return [
    {
      id: 'status',
      kind: 'multi',
      label: t('findings.statusLabel'),
      options: STATUSES.map((s) => ({ value: s, label: t(`findings.status.${s}`) })),
    },
    {
      id: 'severity',
      kind: 'multi',
      label: t('findings.severityLabel'),
      options: SEVERITIES.map((s) => ({ value: s, label: t(`findings.severity.${s}`) })),
    },
    { id: 'period', kind: 'date-range', label: t('dataTable.period') },
    {
      id: 'is_demo',
      kind: 'select',
      label: t('findings.dataOrigin'),
      options: [
        { value: 'true', label: t('findings.demoOnly') },
        { value: 'false', label: t('findings.realOnly') },
      ],
    },
  ];
}

const isSeverity = (v: string): v is Severity => (SEVERITIES as string[]).includes(v);
const isStatus = (v: string): v is Status => (STATUSES as string[]).includes(v);

/** The URL state as the findings lists' shared query parameters (without page and sort). */
export function findingFilterQuery(state: TableState) {
  const status = (state.filters.status ?? []).filter(isStatus);
  const severity = (state.filters.severity ?? []).filter(isSeverity);
  const demo = state.filters.is_demo?.[0];
  return {
    ...(state.q ? { q: state.q } : {}),
    ...(status.length ? { status } : {}),
    ...(severity.length ? { severity } : {}),
    ...periodQuery(state.filters),
    ...(demo === 'true' || demo === 'false' ? { is_demo: demo === 'true' } : {}),
  };
}

/** A free-text filter's value from the URL, trimmed; undefined when empty. */
export function textFilter(state: TableState, id: string): string | undefined {
  return state.filters[id]?.[0]?.trim() || undefined;
}

/** Page, page size and sort; a sort outside `sorts` is left out (the API's default applies). */
export function pageQuery<Sort extends string>(state: TableState, sorts: readonly Sort[]) {
  const sort = sorts.find((s) => s === state.sort);
  return { page: state.page, page_size: state.pageSize, ...(sort ? { sort } : {}) };
}
