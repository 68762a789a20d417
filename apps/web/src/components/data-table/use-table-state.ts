import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { FilterDef } from './types';

export const PAGE_SIZES = [10, 25, 50, 100] as const;

export interface TableState {
  page: number;
  pageSize: number;
  sort: string | undefined;
  q: string;
  /** Filter values by filter id (a date range as `from`/`to`, YYYY-MM-DD). */
  filters: Record<string, string[]>;
  /** The row whose detail drawer is open (deep-linkable). */
  open: string | undefined;
  /** The URL parameter holding it: `open`, unless `open` names something else on the screen. */
  openKey: string;
  hasFilters: boolean;
}

export interface TableActions {
  setPage: (page: number) => void;
  setPageSize: (size: number) => void;
  setSort: (sort: string | undefined) => void;
  setSearch: (q: string) => void;
  setFilter: (id: string, values: string[]) => void;
  clearFilters: () => void;
  setOpen: (id: string | undefined) => void;
}

/** A table's page, sort, search, filters and open row, all in the URL (back, forward and reload keep them). */
export function useTableState(
  filters: FilterDef[] = [],
  defaults: { pageSize?: number; openKey?: string } = {},
): TableState & TableActions {
  const [params, setParams] = useSearchParams();
  const openKey = defaults.openKey ?? 'open';
  const filterKeys = useMemo(
    () => filters.flatMap((f) => (f.kind === 'date-range' ? ['from', 'to'] : [f.id])),
    [filters],
  );

  // The router applies a URL change in a transition: until it commits, renders (a search box's
  // debounced commit, say) still see the old URL. Changes build on the last one asked for, so a
  // filter picked just before a search lands is not overwritten by it.
  const requested = useRef<URLSearchParams | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the URL the router shows changes
  useEffect(() => {
    requested.current = null;
  }, [params]);
  const update = useCallback(
    (change: (next: URLSearchParams) => void, resetPage = true) => {
      setParams((current) => {
        const next = new URLSearchParams(requested.current ?? current);
        change(next);
        if (resetPage) next.delete('page');
        requested.current = next;
        return next;
      });
    },
    [setParams],
  );

  const state = useMemo((): TableState => {
    const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
    const size = Number.parseInt(params.get('size') ?? '', 10);
    const pageSize = (PAGE_SIZES as readonly number[]).includes(size) ? size : (defaults.pageSize ?? 25);
    const values: Record<string, string[]> = {};
    for (const filter of filters) {
      if (filter.kind === 'date-range') {
        values.from = params.getAll('from').slice(0, 1);
        values.to = params.getAll('to').slice(0, 1);
      } else values[filter.id] = params.getAll(filter.id);
    }
    const q = params.get('q') ?? '';
    return {
      page,
      pageSize,
      sort: params.get('sort') ?? undefined,
      q,
      filters: values,
      open: params.get(openKey) ?? undefined,
      openKey,
      hasFilters: q !== '' || Object.values(values).some((v) => v.length > 0),
    };
  }, [params, filters, defaults.pageSize, openKey]);

  return {
    ...state,
    setPage: (page) => update((next) => (page > 1 ? next.set('page', String(page)) : next.delete('page')), false),
    setPageSize: (size) => update((next) => next.set('size', String(size))),
    setSort: (sort) => update((next) => (sort ? next.set('sort', sort) : next.delete('sort'))),
    setSearch: (q) => update((next) => (q ? next.set('q', q) : next.delete('q'))),
    setFilter: (id, values) =>
      update((next) => {
        next.delete(id);
        for (const value of values) if (value) next.append(id, value);
      }),
    clearFilters: () =>
      update((next) => {
        for (const key of [...filterKeys, 'q']) next.delete(key);
      }),
    setOpen: (id) => update((next) => (id ? next.set(openKey, id) : next.delete(openKey)), false),
  };
}

/** The period filter as the API's instants: from the start of `from` to the end of `to` (exclusive). */
export function periodQuery(filters: Record<string, string[]>): { from?: string; to?: string } {
  const out: { from?: string; to?: string } = {};
  const from = filters.from?.[0];
  const to = filters.to?.[0];
  if (from && /^\d{4}-\d{2}-\d{2}$/.test(from)) out.from = `${from}T00:00:00.000Z`;
  if (to && /^\d{4}-\d{2}-\d{2}$/.test(to)) {
    const end = new Date(`${to}T00:00:00.000Z`);
    end.setUTCDate(end.getUTCDate() + 1);
    out.to = end.toISOString();
  }
  return out;
}
