import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { operations, Schemas } from '@vigil/api-client';
import { useApi } from '@/lib/api-context';

export type Supplier = Schemas['Supplier'];
export type SupplierInput = Schemas['SupplierInput'];
export type SupplierTier = Schemas['SupplierTier'];
export type SupplierQuery = NonNullable<operations['listSuppliers']['parameters']['query']>;

export const TIERS: readonly SupplierTier[] = ['critical', 'high', 'medium', 'low'];
export const QUESTIONNAIRE_STATUSES = ['not_sent', 'sent', 'in_progress', 'completed', 'overdue'] as const;

export function useSuppliers(query: SupplierQuery) {
  const api = useApi();
  return useQuery({
    queryKey: ['assets', 'suppliers', query],
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }) => {
      const { data } = await api.GET('/suppliers', { params: { query }, signal });
      if (!data) throw new Error('empty answer');
      return data;
    },
  });
}

/** Every supplier's id and name (the pickers of the supplier assets screen), by name. */
export function useSupplierChoices() {
  const list = useSuppliers({ page: 1, page_size: 100, sort: 'name' });
  return { ...list, data: (list.data?.data ?? []).map((s) => ({ id: s.id, name: s.name })) };
}

export function useSupplier(id: number) {
  const api = useApi();
  return useQuery({
    queryKey: ['assets', 'supplier', id],
    queryFn: async ({ signal }) => {
      const { data } = await api.GET('/suppliers/{id}', { params: { path: { id } }, signal });
      if (!data) throw new Error('empty answer');
      return data.data;
    },
  });
}

/** Creates a supplier (no id) or replaces one's fields; the portfolio and pickers refresh. */
export function useSaveSupplier() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id: number | null; body: SupplierInput }) => {
      const { data } =
        id === null
          ? await api.POST('/suppliers', { body })
          : await api.PUT('/suppliers/{id}', { params: { path: { id } }, body });
      if (!data) throw new Error('empty answer');
      return data.data;
    },
    onSuccess: () => client.invalidateQueries({ queryKey: ['assets'] }),
  });
}

/**
 * Deletes a supplier with its assets, scope and findings. The portfolio, pickers and inventories
 * refresh; the supplier's own entry is not read again (it is gone: that would be a 404).
 */
export function useDeleteSupplier() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      await api.DELETE('/suppliers/{id}', { params: { path: { id } } });
    },
    onSuccess: (_answer, id) =>
      client.invalidateQueries({
        queryKey: ['assets'],
        predicate: ({ queryKey }) => !(queryKey[1] === 'supplier' && queryKey[2] === id),
      }),
  });
}
