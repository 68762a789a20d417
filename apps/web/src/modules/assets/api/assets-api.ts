import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { enumValues, type operations, type Schemas } from '@vigil/api-client';
import { useApi } from '@/lib/api-context';
import { answer, apiQuery } from '@/lib/api-query';

export type Asset = Schemas['Asset'];
export type AssetType = Schemas['AssetType'];
export type AssetDetail = Schemas['AssetDetail']['data'];
export type AssetRelation = Schemas['AssetRelation'];
export type AssetScope = Schemas['AssetScope'];
export type AssetQuery = NonNullable<operations['listAssets']['parameters']['query']>;

export const ASSET_TYPES: readonly AssetType[] = enumValues.AssetType;

export function useAssets(query: AssetQuery) {
  const api = useApi();
  return useQuery({
    ...apiQuery(['assets', 'list', query], (signal) => api.GET('/assets', { params: { query }, signal })),
    placeholderData: keepPreviousData,
  });
}

/** One asset with its relations both ways, findings, history and latest probe results. */
export function useAsset(id: number) {
  const api = useApi();
  return useQuery(
    apiQuery(
      ['assets', 'one', id],
      (signal) => api.GET('/assets/{id}', { params: { path: { id } }, signal }),
      (body) => body.data,
    ),
  );
}

/** New tags or owner: the asset, its history and the list refresh. */
export function useUpdateAsset(id: number) {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: Schemas['AssetUpdate']) => {
      const data = await answer(api.PATCH('/assets/{id}', { params: { path: { id } }, body }));
      return data.data;
    },
    onSuccess: () => client.invalidateQueries({ queryKey: ['assets'] }),
  });
}

/** Adds an asset by hand (to the company's or a supplier's inventory); the lists refresh. */
export function useCreateAsset() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: Schemas['AssetInput']) => {
      const data = await answer(api.POST('/assets', { body }));
      return data.data;
    },
    onSuccess: () => client.invalidateQueries({ queryKey: ['assets'] }),
  });
}

/**
 * The scope of the company's own assets or of a supplier's: its entries, each with its proof of
 * control (probes contact verified ones only), the company's registered domains (passive
 * monitoring) and how to prove a domain (the company's token).
 */
export function useAssetScopes(supplierId: number | null) {
  const api = useApi();
  return useQuery({
    queryKey: ['assets', 'scopes', supplierId],
    queryFn: async ({ signal }) => {
      const query = supplierId === null ? {} : { supplier_id: supplierId };
      return answer(api.GET('/asset-scopes', { params: { query }, signal }));
    },
  });
}

/** Administrators add, verify (the proof of control checked now) and remove scope entries. */
export function useScopeChange() {
  const api = useApi();
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: ['assets', 'scopes'] });
  const add = useMutation({
    mutationFn: async (body: Schemas['AssetScopeInput']) => {
      const data = await answer(api.POST('/asset-scopes', { body }));
      return data.data;
    },
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: async (id: number) => {
      await api.DELETE('/asset-scopes/{id}', { params: { path: { id } } });
    },
    onSuccess: refresh,
  });
  const verify = useMutation({
    mutationFn: async (id: number) => {
      return answer(api.POST('/asset-scopes/{id}/verify', { params: { path: { id } } }));
    },
    onSuccess: refresh,
  });
  return { add, remove, verify };
}
