import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { enumValues, type operations, type Schemas } from '@vigil/api-client';
import { useApi } from '@/lib/api-context';
import { answer, apiQuery } from '@/lib/api-query';

export type BlacklistEntry = Schemas['JsBlacklistEntry'];
export type BlacklistInput = Schemas['JsBlacklistInput'];
export type BlacklistUpdate = Schemas['JsBlacklistUpdate'];
export type BlacklistKind = Schemas['JsBlacklistKind'];
export type BlacklistStatus = Schemas['JsBlacklistStatus'];
export type BlacklistQuery = NonNullable<operations['listJsBlacklist']['parameters']['query']>;

export const BLACKLIST_KINDS: readonly BlacklistKind[] = enumValues.JsBlacklistKind;
export const BLACKLIST_STATUSES: readonly BlacklistStatus[] = enumValues.JsBlacklistStatus;
/** The import kinds of the blacklist: CSV with columns, and a plain list (one value per line). */

export function useBlacklist(query: BlacklistQuery) {
  const api = useApi();
  return useQuery({
    ...apiQuery(['scripts', 'blacklist', query], (signal) => api.GET('/js-blacklist', { params: { query }, signal })),
    placeholderData: keepPreviousData,
  });
}

/** Adds an entry by hand, changes one's status, family or notes, or deletes one; the list refreshes. */
export function useBlacklistChange() {
  const api = useApi();
  const client = useQueryClient();
  const onSuccess = () => client.invalidateQueries({ queryKey: ['scripts', 'blacklist'] });
  const create = useMutation({
    mutationFn: async (body: BlacklistInput) => {
      const data = await answer(api.POST('/js-blacklist', { body }));
      return data.data;
    },
    onSuccess,
  });
  const update = useMutation({
    mutationFn: async ({ id, body }: { id: number; body: BlacklistUpdate }) => {
      const data = await answer(api.PATCH('/js-blacklist/{id}', { params: { path: { id } }, body }));
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
