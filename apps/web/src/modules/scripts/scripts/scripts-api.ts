import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { enumValues, type operations, type Schemas } from '@vigil/api-client';
import { useApi } from '@/lib/api-context';
import { answer, apiQuery } from '@/lib/api-query';

export type Script = Schemas['Script'];
export type ScriptDetail = Schemas['ScriptDetail']['data'];
export type ScriptParty = Schemas['ScriptParty'];
export type ScriptAuthorisation = Schemas['ScriptAuthorisation'];
export type ScriptBehaviour = Schemas['ScriptBehaviour'];
export type ScriptFindingRef = Schemas['ScriptFindingRef'];
export type ScriptScan = Schemas['ScriptScan'];
export type ScriptQuery = NonNullable<operations['listScripts']['parameters']['query']>;
export type AuthorisationInput = Schemas['ScriptAuthorisationInput'];

export const PARTIES: readonly ScriptParty[] = enumValues.ScriptParty;
export const AUTHORISATIONS: readonly ScriptAuthorisation[] = enumValues.ScriptAuthorisation;
export const BEHAVIOURS: readonly ScriptBehaviour[] = enumValues.ScriptBehaviour;

/** One page of the script inventory. */
export function useScripts(query: ScriptQuery) {
  const api = useApi();
  return useQuery({
    ...apiQuery(['scripts', 'list', query], (signal) => api.GET('/scripts', { params: { query }, signal })),
    placeholderData: keepPreviousData,
  });
}

/** One script with its content excerpt, history, destinations, hits and findings. */
export function useScript(id: number) {
  const api = useApi();
  return useQuery(
    apiQuery(
      ['scripts', 'one', id],
      (signal) => api.GET('/scripts/{id}', { params: { path: { id } }, signal }),
      (body) => body.data,
    ),
  );
}

/** Authorise, deny or reset a script; the inventory and the compliance status follow. */
export function useSetAuthorisation(id: number) {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: AuthorisationInput) => {
      const data = await answer(api.POST('/scripts/{id}/authorisation', { params: { path: { id } }, body }));
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
      return answer(api.GET('/script-scans', { params: { query }, signal }));
    },
    // While a scan is queued or running, the list follows it.
    refetchInterval: (query) => (query.state.data?.pending ? 2000 : false),
  });
}

/** One scan with its diff and the findings it raised. */
export function useScriptScan(id: number) {
  const api = useApi();
  return useQuery(
    apiQuery(
      ['scripts', 'scan', id],
      (signal) => api.GET('/script-scans/{id}', { params: { path: { id } }, signal }),
      (body) => body.data,
    ),
  );
}

/** Queues a scan of the page now; its scans list follows the job. */
export function useStartScan() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (pageId: number) => {
      const data = await answer(api.POST('/script-scans', { body: { page_id: pageId } }));
      return data.data;
    },
    onSettled: () => client.invalidateQueries({ queryKey: ['scripts', 'scans'] }),
  });
}
