import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { enumValues, type operations, type Schemas } from '@vigil/api-client';
import { useApi } from '@/lib/api-context';
import { answer, apiQuery } from '@/lib/api-query';

export type StoreClone = Schemas['StoreClone'];
export type StoreCloneDetail = Schemas['StoreCloneDetail'];
export type CloneSource = Schemas['CloneSource'];
export type CaptureStatus = Schemas['CaptureStatus'];
export type StoreCloneQuery = NonNullable<operations['listStoreClones']['parameters']['query']>;

export const CLONE_SOURCES: readonly CloneSource[] = enumValues.CloneSource;
export const CAPTURE_STATUSES: readonly CaptureStatus[] = enumValues.CaptureStatus;
/** The module's provider runs (GET /provider-runs?module=) include the store dork searches. */
export const CLONES_RUN_MODULE = 'scripts';

export function useStoreClones(query: StoreCloneQuery, enabled = true) {
  const api = useApi();
  return useQuery({
    queryKey: ['scripts', 'clones', 'list', query],
    placeholderData: keepPreviousData,
    enabled,
    queryFn: async ({ signal }) => {
      return answer(api.GET('/store-clones', { params: { query }, signal }));
    },
  });
}

export function useStoreClone(id: number | null) {
  const api = useApi();
  return useQuery({
    ...apiQuery(
      ['scripts', 'clones', 'one', id],
      (signal) => api.GET('/store-clones/{id}', { params: { path: { id: id ?? 0 } }, signal }),
      (body) => body.data,
    ),
    enabled: id !== null,
  });
}

/** "Search now": queues a store dork search (a provider run); the runs list follows it. */
export function useStartCloneRun() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const data = await answer(api.POST('/store-clones/runs'));
      return data.data;
    },
    onSuccess: () => client.invalidateQueries({ queryKey: ['providers', 'runs'] }),
  });
}

/** Adds a candidate to the store blacklist (status suspected); the candidate then links its entry. */
export function useBlacklistClone() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      const data = await answer(api.POST('/store-clones/{id}/blacklist', { params: { path: { id } } }));
      return data.data;
    },
    onSuccess: () => client.invalidateQueries({ queryKey: ['scripts', 'clones'] }),
  });
}
