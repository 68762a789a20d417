import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { enumValues, type Schemas } from '@vigil/api-client';
import { useApi } from '@/lib/api-context';
import { answer, apiQuery } from '@/lib/api-query';
import { apiUrl } from '@/lib/api-url';

export type Store = Schemas['Store'];
export type StoreInput = Schemas['StoreInput'];
export type StorePage = Schemas['StorePage'];
export type StorePageInput = Schemas['StorePageInput'];
export type StorePlatform = Schemas['StorePlatform'];
export type PageType = Schemas['PageType'];
export type ScanStep = Schemas['ScanStep'];
export type ComplianceStatus = Schemas['ComplianceStatus'];
export type ComplianceReason = Schemas['ComplianceReason'];

export const PLATFORMS: readonly StorePlatform[] = enumValues.StorePlatform;
export const PAGE_TYPES: readonly PageType[] = enumValues.PageType;

/** Every store of the company with its pages (at most 100 of each: the list is whole). */
export function useStores() {
  const api = useApi();
  return useQuery(
    apiQuery(
      ['scripts', 'stores'],
      (signal) => api.GET('/stores', { signal }),
      (body) => body.data,
    ),
  );
}

export function useStore(id: number) {
  const api = useApi();
  return useQuery(
    apiQuery(
      ['scripts', 'store', id],
      (signal) => api.GET('/stores/{id}', { params: { path: { id } }, signal }),
      (body) => body.data,
    ),
  );
}

/** Everything the script screens show depends on stores and pages: a change refreshes them all. */
function useRefresh() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: ['scripts'] });
}

/** Creates a store (no id) or replaces one's fields. */
export function useSaveStore() {
  const api = useApi();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async ({ id, body }: { id: number | null; body: StoreInput }) => {
      const data = await answer(
        id === null ? api.POST('/stores', { body }) : api.PUT('/stores/{id}', { params: { path: { id } }, body }),
      );
      return data.data;
    },
    onSuccess: refresh,
  });
}

/** Removes a store with its pages; the deleted store itself is not read again (that would be a 404). */
export function useDeleteStore() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      await api.DELETE('/stores/{id}', { params: { path: { id } } });
    },
    onSuccess: (_answer, id) =>
      client.invalidateQueries({
        queryKey: ['scripts'],
        predicate: ({ queryKey }) => !(queryKey[1] === 'store' && queryKey[2] === id),
      }),
  });
}

/** Adds a page to a store (`storeId`) or replaces a page's fields (`pageId`). */
export function useSaveStorePage() {
  const api = useApi();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async ({ storeId, pageId, body }: { storeId: number; pageId: number | null; body: StorePageInput }) => {
      const data = await answer(
        pageId === null
          ? api.POST('/stores/{id}/pages', { params: { path: { id: storeId } }, body })
          : api.PUT('/store-pages/{id}', { params: { path: { id: pageId } }, body }),
      );
      return data.data;
    },
    onSuccess: refresh,
  });
}

export function useDeleteStorePage() {
  const api = useApi();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (id: number) => {
      await api.DELETE('/store-pages/{id}', { params: { path: { id } } });
    },
    onSuccess: refresh,
  });
}

/** The page's PCI DSS evidence for the assessor (a plain download link). */
export const evidenceHref = (pageId: number, format: 'csv' | 'pdf') =>
  apiUrl(`/store-pages/${pageId}/evidence/${format}`);
