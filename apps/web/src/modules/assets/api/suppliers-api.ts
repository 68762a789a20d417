import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { enumValues, type operations, type Schemas } from '@vigil/api-client';
import { useApi } from '@/lib/api-context';
import { answer, apiQuery } from '@/lib/api-query';

export type Supplier = Schemas['Supplier'];
export type SupplierInput = Schemas['SupplierInput'];
export type SupplierTier = Schemas['SupplierTier'];
export type SupplierQuery = NonNullable<operations['listSuppliers']['parameters']['query']>;

export const TIERS: readonly SupplierTier[] = enumValues.SupplierTier;
/** The questionnaire's states: the contract's, without `null` (not tracked). */
export const QUESTIONNAIRE_STATUSES = enumValues.QuestionnaireStatus.filter((status) => status !== null);

export function useSuppliers(query: SupplierQuery) {
  const api = useApi();
  return useQuery({
    ...apiQuery(['assets', 'suppliers', query], (signal) => api.GET('/suppliers', { params: { query }, signal })),
    placeholderData: keepPreviousData,
  });
}

/** Every supplier's id and name (the pickers of the supplier assets screen), by name. */
export function useSupplierChoices() {
  const list = useSuppliers({ page: 1, page_size: 100, sort: 'name' });
  return { ...list, data: (list.data?.data ?? []).map((s) => ({ id: s.id, name: s.name })) };
}

export function useSupplier(id: number) {
  const api = useApi();
  return useQuery(
    apiQuery(
      ['assets', 'supplier', id],
      (signal) => api.GET('/suppliers/{id}', { params: { path: { id } }, signal }),
      (body) => body.data,
    ),
  );
}

/** Creates a supplier (no id) or replaces one's fields; the portfolio and pickers refresh. */
export function useSaveSupplier() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id: number | null; body: SupplierInput }) => {
      const data = await answer(
        id === null ? api.POST('/suppliers', { body }) : api.PUT('/suppliers/{id}', { params: { path: { id } }, body }),
      );
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
