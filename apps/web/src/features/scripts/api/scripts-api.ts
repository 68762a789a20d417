import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { operations, Schemas } from '@vigil/api-client';
import { useApi } from '@/lib/api-context';

export type Script = Schemas['Script'];
export type ScriptDetail = Schemas['ScriptDetail']['data'];
export type ScriptParty = Schemas['ScriptParty'];
export type ScriptAuthorisation = Schemas['ScriptAuthorisation'];
export type ScriptBehaviour = Schemas['ScriptBehaviour'];
export type ScriptFindingRef = Schemas['ScriptFindingRef'];
export type ScriptScan = Schemas['ScriptScan'];
export type ScriptQuery = NonNullable<operations['listScripts']['parameters']['query']>;
export type AuthorisationInput = Schemas['ScriptAuthorisationInput'];

export const PARTIES: readonly ScriptParty[] = ['first', 'third', 'fourth'];
export const AUTHORISATIONS: readonly ScriptAuthorisation[] = ['pending', 'authorised', 'denied'];
export const BEHAVIOURS: readonly ScriptBehaviour[] = [
  'reads_card_fields',
  'reads_personal_fields',
  'sends_data',
  'loads_scripts',
];

/** One page of the script inventory. */
export function useScripts(query: ScriptQuery) {
  const api = useApi();
  return useQuery({
    queryKey: ['scripts', 'list', query],
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }) => {
      const { data } = await api.GET('/scripts', { params: { query }, signal });
      if (!data) throw new Error('empty answer');
      return data;
    },
  });
}

/** One script with its content excerpt, history, destinations, hits and findings. */
export function useScript(id: number) {
  const api = useApi();
  return useQuery({
    queryKey: ['scripts', 'one', id],
    queryFn: async ({ signal }) => {
      const { data } = await api.GET('/scripts/{id}', { params: { path: { id } }, signal });
      if (!data) throw new Error('empty answer');
      return data.data;
    },
  });
}

/** Authorise, deny or reset a script; the inventory and the compliance status follow. */
export function useSetAuthorisation(id: number) {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: AuthorisationInput) => {
      const { data } = await api.POST('/scripts/{id}/authorisation', { params: { path: { id } }, body });
      if (!data) throw new Error('empty answer');
      return data.data;
    },
    onSuccess: () => client.invalidateQueries({ queryKey: ['scripts'] }),
  });
}

/** The scans (of one store or page, when given), newest first, with the page's pending scan. */
export function useScriptScans(filter: { storeId?: number; pageId?: number }, page: number, pageSize = 10) {
  const api = useApi();
  return useQuery({
    queryKey: ['scripts', 'scans', filter, page, pageSize],
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }) => {
      const query = {
        page,
        page_size: pageSize,
        ...(filter.storeId ? { store_id: filter.storeId } : {}),
        ...(filter.pageId ? { page_id: filter.pageId } : {}),
      };
      const { data } = await api.GET('/script-scans', { params: { query }, signal });
      if (!data) throw new Error('empty answer');
      return data;
    },
    // While a scan is queued or running, the list follows it.
    refetchInterval: (query) => (query.state.data?.pending ? 2000 : false),
  });
}

/** One scan with its diff and the findings it raised. */
export function useScriptScan(id: number) {
  const api = useApi();
  return useQuery({
    queryKey: ['scripts', 'scan', id],
    queryFn: async ({ signal }) => {
      const { data } = await api.GET('/script-scans/{id}', { params: { path: { id } }, signal });
      if (!data) throw new Error('empty answer');
      return data.data;
    },
  });
}

/** Queues a scan of the page now; its scans list follows the job. */
export function useStartScan() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (pageId: number) => {
      const { data } = await api.POST('/script-scans', { body: { page_id: pageId } });
      if (!data) throw new Error('empty answer');
      return data.data;
    },
    onSettled: () => client.invalidateQueries({ queryKey: ['scripts', 'scans'] }),
  });
}
