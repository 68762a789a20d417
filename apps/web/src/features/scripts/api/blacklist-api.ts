import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { operations, Schemas } from '@vigil/api-client';
import { useApi } from '@/lib/api-context';

export type BlacklistEntry = Schemas['JsBlacklistEntry'];
export type BlacklistInput = Schemas['JsBlacklistInput'];
export type BlacklistUpdate = Schemas['JsBlacklistUpdate'];
export type BlacklistKind = Schemas['JsBlacklistKind'];
export type BlacklistStatus = Schemas['JsBlacklistStatus'];
export type BlacklistQuery = NonNullable<operations['listJsBlacklist']['parameters']['query']>;

export const BLACKLIST_KINDS: readonly BlacklistKind[] = ['host', 'url', 'sha256'];
export const BLACKLIST_STATUSES: readonly BlacklistStatus[] = ['active', 'inactive'];
/** The import kinds of the blacklist: CSV with columns, and a plain list (one value per line). */
export const BLACKLIST_IMPORTERS = ['js-blacklist-csv', 'js-blacklist'];

export function useBlacklist(query: BlacklistQuery) {
  const api = useApi();
  return useQuery({
    queryKey: ['scripts', 'blacklist', query],
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }) => {
      const { data } = await api.GET('/js-blacklist', { params: { query }, signal });
      if (!data) throw new Error('empty answer');
      return data;
    },
  });
}

/** Adds an entry by hand, changes one's status, family or notes, or deletes one; the list refreshes. */
export function useBlacklistChange() {
  const api = useApi();
  const client = useQueryClient();
  const onSuccess = () => client.invalidateQueries({ queryKey: ['scripts', 'blacklist'] });
  const create = useMutation({
    mutationFn: async (body: BlacklistInput) => {
      const { data } = await api.POST('/js-blacklist', { body });
      if (!data) throw new Error('empty answer');
      return data.data;
    },
    onSuccess,
  });
  const update = useMutation({
    mutationFn: async ({ id, body }: { id: number; body: BlacklistUpdate }) => {
      const { data } = await api.PATCH('/js-blacklist/{id}', { params: { path: { id } }, body });
      if (!data) throw new Error('empty answer');
      return data.data;
    },
    onSuccess,
  });
  const remove = useMutation({
    mutationFn: async (id: number) => {
      await api.DELETE('/js-blacklist/{id}', { params: { path: { id } } });
    },
    onSuccess,
  });
  return { create, update, remove };
}
