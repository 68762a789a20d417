import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Schemas } from '@vigil/api-client';
import { useApi } from '@/lib/api-context';
import { answer, apiQuery } from '@/lib/api-query';
import { type Drill, drillQuery } from './drill';

export type Insights = Schemas['Insights'];
export type PeriodCounts = Schemas['PeriodCounts'];
export type TopRisk = Schemas['TopRisk'];
export type Period = 'week' | 'month';

/** What changed in the rolling week or month, per module, with the period before. */
export function useInsights(period: Period) {
  const api = useApi();
  return useQuery(
    apiQuery(
      ['insights', period],
      (signal) => api.GET('/insights', { params: { query: { period } }, signal }),
      (body) => body.data,
    ),
  );
}

/** One page of the findings behind a number (the platform list with the same window filter). */
/** The sorts of the list behind a number (a subset of the findings list's). */
export const DRILL_SORTS = [
  '-last_seen_at',
  'last_seen_at',
  '-first_seen_at',
  'first_seen_at',
  '-severity',
  'severity',
] as const;
export type DrillSort = (typeof DRILL_SORTS)[number];

export function useDrillList(drill: Drill | null, page: { page: number; page_size: number; sort?: DrillSort }) {
  const api = useApi();
  return useQuery({
    queryKey: ['findings', 'insights', drill, page],
    enabled: drill !== null,
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }) => {
      if (!drill) throw new Error('no drill');
      return answer(api.GET('/findings', { params: { query: { ...drillQuery(drill), ...page } }, signal }));
    },
  });
}
