import type { Schemas } from '@vigil/api-client';
import type { TFunction } from 'i18next';
import { SEVERITIES, STATUSES } from '@/components/ui/finding-badges';
import { withQuery } from '@/lib/api-url';
import type { AssigneeChoices, FilterDef } from './types';
import { periodQuery, type TableState } from './use-table-state';

type Severity = Schemas['Severity'];
type Status = Schemas['FindingStatus'];

/** The assignee filter's URL values besides member ids: the signed-in user, and nobody (the API's 0). */
export const ASSIGNED_TO_ME = 'me';
export const UNASSIGNED = '0';

/** Status, severity, assignee, period and demo or real data: the filters every findings list has. */
export function findingFilters(t: TFunction, assignees: AssigneeChoices): FilterDef[] {
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
    {
      id: 'assignee_id',
      kind: 'select',
      label: t('findings.assignee'),
      anyLabel: t('findings.anyone'),
      options: [
        ...(assignees.currentUserId === null ? [] : [{ value: ASSIGNED_TO_ME, label: t('findings.assignedToMe') }]),
        { value: UNASSIGNED, label: t('findings.unassigned') },
        ...assignees.members.map((member) => ({ value: String(member.id), label: member.name })),
      ],
    },
    { id: 'period', kind: 'date-range', label: t('dataTable.period') },
    originFilter(t),
  ];
}

/** Demo or real data (any list whose rows carry `is_demo`). */
export function originFilter(t: TFunction): FilterDef {
  return {
    id: 'is_demo',
    kind: 'select',
    label: t('findings.dataOrigin'),
    options: [
      { value: 'true', label: t('findings.demoOnly') },
      { value: 'false', label: t('findings.realOnly') },
    ],
  };
}

/** The origin filter's URL value as the API's `is_demo`; nothing for either. */
export function originQuery(state: TableState): { is_demo?: boolean } {
  const demo = state.filters.is_demo?.[0];
  return demo === 'true' || demo === 'false' ? { is_demo: demo === 'true' } : {};
}

export { OPEN_STATUSES } from '@/config/constants';

/**
 * A list screen's URL with its table's filters set, in the URL parameters `useTableState` reads
 * (one parameter a value: `status=new&status=in_review`; a period as `from`/`to`, YYYY-MM-DD).
 */
export function filteredListHref(path: string, filters: Record<string, string | readonly string[]>): string {
  return withQuery(path, filters);
}

const isSeverity = (v: string): v is Severity => (SEVERITIES as string[]).includes(v);
const isStatus = (v: string): v is Status => (STATUSES as string[]).includes(v);

/** The assignee filter's URL value as the API's `assignee_id` (0 for unassigned); undefined for anyone. */
function assigneeQuery(value: string | undefined, assignees: AssigneeChoices): number | undefined {
  if (value === ASSIGNED_TO_ME) return assignees.currentUserId ?? undefined;
  if (value === undefined || !/^\d+$/.test(value)) return undefined;
  return Number(value);
}

/** The URL state as the findings lists' shared query parameters (without page and sort). */
export function findingFilterQuery(state: TableState, assignees: AssigneeChoices) {
  const status = (state.filters.status ?? []).filter(isStatus);
  const severity = (state.filters.severity ?? []).filter(isSeverity);
  const assignee = assigneeQuery(state.filters.assignee_id?.[0], assignees);
  return {
    ...(state.q ? { q: state.q } : {}),
    ...(status.length ? { status } : {}),
    ...(severity.length ? { severity } : {}),
    ...(assignee === undefined ? {} : { assignee_id: assignee }),
    ...periodQuery(state.filters),
    ...originQuery(state),
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
