// The external providers as the exposure screens read them (GET /providers, GET /provider-runs,
// POST /provider-runs/{id}/cancel): platform data, so every screen shares these hooks.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Schemas } from '@vigil/api-client';
import { useApi } from '@/lib/api-context';
import { answer, apiQuery } from '@/lib/api-query';

export type ProviderState = Schemas['ProviderState'];
export type ProviderId = Schemas['ProviderId'];
export type ProviderRun = Schemas['ProviderRun'];

const ACTIVE: ProviderRun['status'][] = ['queued', 'running', 'waiting'];

/** Each provider's status (configured, the settings to set, demo) and the company's usage today. */
export function useProviders() {
  const api = useApi();
  return useQuery({
    ...apiQuery(
      ['providers', 'status'],
      (signal) => api.GET('/providers', { signal }),
      (body) => body.data,
    ),
    staleTime: 30_000,
  });
}

/** A module's runs, newest first; while one is queued, running or waiting, the list follows it. */
export function useProviderRuns(module: string, page: number, pageSize = 10) {
  const api = useApi();
  return useQuery({
    queryKey: ['providers', 'runs', module, page, pageSize],
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }) => {
      const query = { module, page, page_size: pageSize };
      return answer(api.GET('/provider-runs', { params: { query }, signal }));
    },
    refetchInterval: (query) => (query.state.data?.data.some((r) => ACTIVE.includes(r.status)) ? 2000 : false),
  });
}

/** The module's run that is queued, running or waiting, if any (a "search now" button waits for it). */
export function usePendingProviderRun(module: string): ProviderRun | null {
  const runs = useProviderRuns(module, 1);
  return runs.data?.data.find((r) => ACTIVE.includes(r.status)) ?? null;
}

export function useCancelProviderRun() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      const data = await answer(api.POST('/provider-runs/{id}/cancel', { params: { path: { id } } }));
      return data.data;
    },
    onSettled: () => client.invalidateQueries({ queryKey: ['providers', 'runs'] }),
  });
}
