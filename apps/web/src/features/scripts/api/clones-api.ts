import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { operations, Schemas } from '@vigil/api-client';
import { useApi } from '@/lib/api-context';

export type StoreClone = Schemas['StoreClone'];
export type StoreCloneDetail = Schemas['StoreCloneDetail'];
export type CloneSource = Schemas['CloneSource'];
export type CaptureStatus = Schemas['CaptureStatus'];
export type StoreCloneQuery = NonNullable<operations['listStoreClones']['parameters']['query']>;

export const CLONE_SOURCES: readonly CloneSource[] = ['permutation', 'search', 'manual'];
export const CAPTURE_STATUSES: readonly CaptureStatus[] = ['online', 'offline', 'failed'];
/** The module's provider runs (GET /provider-runs?module=) include the store dork searches. */
export const CLONES_RUN_MODULE = 'scripts';

export function useStoreClones(query: StoreCloneQuery, enabled = true) {
  const api = useApi();
  return useQuery({
    queryKey: ['scripts', 'clones', 'list', query],
    placeholderData: keepPreviousData,
    enabled,
    queryFn: async ({ signal }) => {
      const { data } = await api.GET('/store-clones', { params: { query }, signal });
      if (!data) throw new Error('empty answer');
      return data;
    },
  });
}

export function useStoreClone(id: number | null) {
  const api = useApi();
  return useQuery({
    queryKey: ['scripts', 'clones', 'one', id],
    enabled: id !== null,
    queryFn: async ({ signal }) => {
      const { data } = await api.GET('/store-clones/{id}', { params: { path: { id: id ?? 0 } }, signal });
      if (!data) throw new Error('empty answer');
      return data.data;
    },
  });
}

/** "Search now": queues a store dork search (a provider run); the runs list follows it. */
export function useStartCloneRun() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const { data } = await api.POST('/store-clones/runs');
      if (!data) throw new Error('empty answer');
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
      const { data } = await api.POST('/store-clones/{id}/blacklist', { params: { path: { id } } });
      if (!data) throw new Error('empty answer');
      return data.data;
    },
    onSuccess: () => client.invalidateQueries({ queryKey: ['scripts', 'clones'] }),
  });
}
