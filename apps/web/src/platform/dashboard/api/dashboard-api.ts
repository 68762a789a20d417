import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { operations, Schemas } from '@vigil/api-client';
import { useApi } from '@/lib/api-context';
import { apiQuery } from '@/lib/api-query';

export type DashboardData = Schemas['Dashboard']['data'];

/** One module's KPI from the dashboard's list (null while loading or when the module has none). */
export function kpiValue(data: DashboardData | undefined, module: string, id: string): number | null {
  return data?.kpis.find((k) => k.module === module && k.id === id)?.value ?? null;
}
export type TimelineEvent = Schemas['Event'];
export type EventQuery = NonNullable<operations['listEvents']['parameters']['query']>;

export function useDashboard(days: number) {
  const api = useApi();
  return useQuery(
    apiQuery(
      ['dashboard', days],
      (signal) => api.GET('/dashboard', { params: { query: { days } }, signal }),
      (body) => body.data,
    ),
  );
}

export function useEvents(query: EventQuery) {
  const api = useApi();
  return useQuery({
    ...apiQuery(['events', query], (signal) => api.GET('/events', { params: { query }, signal })),
    placeholderData: keepPreviousData,
  });
}

/** Whether the company's findings come from the demo generator (the API flags them). */
export function useHasDemoData() {
  const api = useApi();
  return useQuery({
    queryKey: ['findings', 'demo-probe'],
    queryFn: async ({ signal }) => {
      const { data } = await api.GET('/findings', { params: { query: { is_demo: true, page_size: 1 } }, signal });
      return (data?.meta.total ?? 0) > 0;
    },
  });
}
