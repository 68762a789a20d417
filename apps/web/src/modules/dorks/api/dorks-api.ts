import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { enumValues, type operations, type Schemas } from '@vigil/api-client';
import { useApi } from '@/lib/api-context';
import { answer, apiQuery } from '@/lib/api-query';

export type Dork = Schemas['Dork'];
export type DorkInput = Schemas['DorkInput'];
export type DorkCategory = Schemas['DorkCategory'];
export type DorkSource = Schemas['DorkSource'];
export type DorkResult = Schemas['DorkResult'];
export type DorkQuery = NonNullable<operations['listDorks']['parameters']['query']>;
export type DorkResultQuery = NonNullable<operations['listDorkResults']['parameters']['query']>;

export const DORK_CATEGORIES: readonly DorkCategory[] = enumValues.DorkCategory;
export const DORK_SOURCES: readonly DorkSource[] = ['vigil', 'ghdb', 'company'];
/** Saved search pages (a company's) and the GHDB (platform operators). */

export function useDorkResults(query: DorkResultQuery) {
  const api = useApi();
  return useQuery({
    ...apiQuery(['dorks', 'results', query], (signal) => api.GET('/dork-results', { params: { query }, signal })),
    placeholderData: keepPreviousData,
  });
}

/** One result by its finding's id (null when the finding is not a result: the triage alone then). */
export function useDorkResult(id: number) {
  const api = useApi();
  return useQuery({
    queryKey: ['dorks', 'result', id],
    queryFn: async ({ signal }) => {
      const { data } = await api.GET('/dork-results/{id}', { params: { path: { id } }, signal });
      return data?.data ?? null;
    },
  });
}

export function useDorks(query: DorkQuery) {
  const api = useApi();
  return useQuery({
    ...apiQuery(['dorks', 'catalogue', query], (signal) => api.GET('/dorks', { params: { query }, signal })),
    placeholderData: keepPreviousData,
  });
}

const refresh = (client: ReturnType<typeof useQueryClient>) => client.invalidateQueries({ queryKey: ['dorks'] });

/** Adds a dork of the company's own (no id) or replaces one's fields. */
export function useSaveDork() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id: number | null; body: DorkInput }) => {
      const data = await answer(
        id === null ? api.POST('/dorks', { body }) : api.PUT('/dorks/{id}', { params: { path: { id } }, body }),
      );
      return data.data;
    },
    onSuccess: () => refresh(client),
  });
}

export function useDeleteDork() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      await api.DELETE('/dorks/{id}', { params: { path: { id } } });
    },
    onSuccess: () => refresh(client),
  });
}

/** Switches a dork on or off for the company (a platform dork for this company only). */
export function useSetDorkEnabled() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, enabled }: { id: number; enabled: boolean }) => {
      const data = await answer(api.PUT('/dorks/{id}/enabled', { params: { path: { id } }, body: { enabled } }));
      return data.data;
    },
    onSuccess: () => refresh(client),
  });
}

export function useStartDorkRun() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      return answer(api.POST('/dork-runs'));
    },
    onSuccess: () => client.invalidateQueries({ queryKey: ['providers', 'runs'] }),
  });
}
