import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { enumValues, type operations, type Schemas } from '@vigil/api-client';
import { useApi } from '@/lib/api-context';
import { answer, apiQuery } from '@/lib/api-query';

export type StoreBlacklistEntry = Schemas['StoreBlacklistEntry'];
export type StoreBlacklistStatus = Schemas['StoreBlacklistStatus'];
export type StoreBlacklistInput = Schemas['StoreBlacklistInput'];
export type StoreBlacklistUpdate = Schemas['StoreBlacklistUpdate'];
export type StoreBlacklistQuery = NonNullable<operations['listStoreBlacklist']['parameters']['query']>;

/** The workflow's order. */
export const STORE_BLACKLIST_STATUSES: readonly StoreBlacklistStatus[] = enumValues.StoreBlacklistStatus;

const KEY = ['scripts', 'store-blacklist'];

export function useStoreBlacklist(query: StoreBlacklistQuery) {
  const api = useApi();
  return useQuery({
    ...apiQuery([...KEY, 'list', query], (signal) => api.GET('/store-blacklist', { params: { query }, signal })),
    placeholderData: keepPreviousData,
  });
}

/** One entry with its evidence and history (the drawer). */
export function useStoreBlacklistEntry(id: number) {
  const api = useApi();
  return useQuery(
    apiQuery(
      [...KEY, 'one', id],
      (signal) => api.GET('/store-blacklist/{id}', { params: { path: { id } }, signal }),
      (body) => body.data,
    ),
  );
}

/** Adds a domain, moves or edits an entry, or asks a check now; the list and the entry refresh. */
export function useStoreBlacklistChange() {
  const api = useApi();
  const client = useQueryClient();
  const onSuccess = () => client.invalidateQueries({ queryKey: KEY });
  const create = useMutation({
    mutationFn: async (body: StoreBlacklistInput) => {
      const data = await answer(api.POST('/store-blacklist', { body }));
      return data.data;
    },
    onSuccess,
  });
  const update = useMutation({
    mutationFn: async ({ id, body }: { id: number; body: StoreBlacklistUpdate }) => {
      const data = await answer(api.PATCH('/store-blacklist/{id}', { params: { path: { id } }, body }));
      return data.data;
    },
    onSuccess,
  });
  const check = useMutation({
    mutationFn: async (id: number) => {
      return answer(api.POST('/store-blacklist/{id}/check', { params: { path: { id } } }));
    },
    onSuccess,
  });
  return { create, update, check };
}
