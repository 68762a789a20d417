import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { operations, Schemas } from '@vigil/api-client';
import { useApi } from '@/lib/api-context';
import { apiQuery } from '@/lib/api-query';

export type CveRow = Schemas['CveRow'];
export type CveQuery = NonNullable<operations['listCves']['parameters']['query']>;

export function useCves(query: CveQuery) {
  const api = useApi();
  return useQuery({
    ...apiQuery(['cves', 'list', query], (signal) => api.GET('/cves', { params: { query }, signal })),
    placeholderData: keepPreviousData,
  });
}

/** A CVE opened from its finding id (deep links and the timeline carry the finding). */
export function useCveOfFinding(findingId: number) {
  const api = useApi();
  return useQuery({
    queryKey: ['cves', 'of-finding', findingId],
    queryFn: async ({ signal }) => {
      const finding = await api.GET('/findings/{id}', { params: { path: { id: findingId } }, signal });
      const cveId = finding.data?.data.reference;
      if (!cveId) return null;
      const { data } = await api.GET('/cves/{cveId}', { params: { path: { cveId } }, signal });
      return data ?? null;
    },
  });
}

export function useWatchList() {
  const api = useApi();
  return useQuery({
    queryKey: ['cves', 'watch-list'],
    queryFn: async ({ signal }) => {
      const { data } = await api.GET('/cves/watch-list', { signal });
      return data?.data ?? [];
    },
  });
}

export function useProducts(q: string) {
  const api = useApi();
  return useQuery({
    queryKey: ['cves', 'products', q],
    enabled: q.trim().length >= 2,
    staleTime: 60_000,
    queryFn: async ({ signal }) => {
      const { data } = await api.GET('/cves/products', { params: { query: { q } }, signal });
      return data?.data ?? [];
    },
  });
}

/** Adding or removing a watch item changes which CVEs are findings: everything refreshes. */
export function useWatchListChange() {
  const api = useApi();
  const client = useQueryClient();
  const add = useMutation({
    mutationFn: async (body: Schemas['WatchItemRequest']) => {
      await api.POST('/cves/watch-list', { body });
    },
    onSuccess: () => client.invalidateQueries(),
  });
  const remove = useMutation({
    mutationFn: async (id: number) => {
      await api.DELETE('/cves/watch-list/{id}', { params: { path: { id } } });
    },
    onSuccess: () => client.invalidateQueries(),
  });
  return { add, remove };
}
