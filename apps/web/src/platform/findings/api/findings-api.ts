import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Schemas } from '@vigil/api-client';
import { useApi } from '@/lib/api-context';
import { answer, apiQuery } from '@/lib/api-query';

export type FindingDetail = Schemas['FindingDetail']['data'];
export type FindingStatus = Schemas['FindingStatus'];

export const findingKey = (id: number) => ['findings', 'one', id] as const;

export function useFinding(id: number) {
  const api = useApi();
  return useQuery(
    apiQuery(
      findingKey(id),
      (signal) => api.GET('/findings/{id}', { params: { path: { id } }, signal }),
      (body) => body.data,
    ),
  );
}

export function useAssignees() {
  const api = useApi();
  return useQuery({
    queryKey: ['findings', 'assignees'],
    staleTime: 5 * 60_000,
    queryFn: async ({ signal }) => {
      const { data } = await api.GET('/findings/assignees', { signal });
      return data?.data ?? [];
    },
  });
}

/** A change to one finding; every list, the timeline and the KPIs refresh after it. */
export function useUpdateFinding(id: number) {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: Schemas['UpdateFindingRequest']) => {
      const data = await answer(api.PATCH('/findings/{id}', { params: { path: { id } }, body }));
      return data.data;
    },
    onSuccess: (detail) => {
      client.setQueryData(findingKey(id), detail);
      void client.invalidateQueries({ predicate: (q) => !isFindingQuery(q.queryKey, id) });
    },
  });
}

export function useAddComment(id: number) {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: string) => {
      await api.POST('/findings/{id}/comments', { params: { path: { id } }, body: { body } });
    },
    onSuccess: () => client.invalidateQueries({ queryKey: findingKey(id) }),
  });
}

export function useBulkStatus() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: Schemas['BulkStatusRequest']) => {
      return answer(api.POST('/findings/bulk-status', { body }));
    },
    onSuccess: () => client.invalidateQueries(),
  });
}

function isFindingQuery(key: readonly unknown[], id: number): boolean {
  return key[0] === 'findings' && key[1] === 'one' && key[2] === id;
}
