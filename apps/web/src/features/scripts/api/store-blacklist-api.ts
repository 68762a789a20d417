import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { operations, Schemas } from '@vigil/api-client';
import { useApi } from '@/lib/api-context';

export type StoreBlacklistEntry = Schemas['StoreBlacklistEntry'];
export type StoreBlacklistStatus = Schemas['StoreBlacklistStatus'];
export type StoreBlacklistInput = Schemas['StoreBlacklistInput'];
export type StoreBlacklistUpdate = Schemas['StoreBlacklistUpdate'];
export type StoreBlacklistQuery = NonNullable<operations['listStoreBlacklist']['parameters']['query']>;

/** The workflow's order. */
export const STORE_BLACKLIST_STATUSES: readonly StoreBlacklistStatus[] = [
  'suspected',
  'confirmed',
  'takedown_requested',
  'offline',
];

const KEY = ['scripts', 'store-blacklist'];

export function useStoreBlacklist(query: StoreBlacklistQuery) {
  const api = useApi();
  return useQuery({
    queryKey: [...KEY, 'list', query],
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }) => {
      const { data } = await api.GET('/store-blacklist', { params: { query }, signal });
      if (!data) throw new Error('empty answer');
      return data;
    },
  });
}

/** One entry with its evidence and history (the drawer). */
export function useStoreBlacklistEntry(id: number) {
  const api = useApi();
  return useQuery({
    queryKey: [...KEY, 'one', id],
    queryFn: async ({ signal }) => {
      const { data } = await api.GET('/store-blacklist/{id}', { params: { path: { id } }, signal });
      if (!data) throw new Error('empty answer');
      return data.data;
    },
  });
}

/** Adds a domain, moves or edits an entry, or asks a check now; the list and the entry refresh. */
export function useStoreBlacklistChange() {
  const api = useApi();
  const client = useQueryClient();
  const onSuccess = () => client.invalidateQueries({ queryKey: KEY });
  const create = useMutation({
    mutationFn: async (body: StoreBlacklistInput) => {
      const { data } = await api.POST('/store-blacklist', { body });
      if (!data) throw new Error('empty answer');
      return data.data;
    },
    onSuccess,
  });
  const update = useMutation({
    mutationFn: async ({ id, body }: { id: number; body: StoreBlacklistUpdate }) => {
      const { data } = await api.PATCH('/store-blacklist/{id}', { params: { path: { id } }, body });
      if (!data) throw new Error('empty answer');
      return data.data;
    },
    onSuccess,
  });
  const check = useMutation({
    mutationFn: async (id: number) => {
      const { data } = await api.POST('/store-blacklist/{id}/check', { params: { path: { id } } });
      if (!data) throw new Error('empty answer');
      return data;
    },
    onSuccess,
  });
  return { create, update, check };
}
