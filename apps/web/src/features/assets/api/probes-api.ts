import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Schemas } from '@vigil/api-client';
import { useApi } from '@/lib/api-context';

export type ProbeRun = Schemas['ProbeRun'];
export type ProbeRunDetail = Schemas['ProbeRunDetail']['data'];

/** The runs of one inventory (the company's, or a supplier's), newest first, with the pending job. */
export function useProbeRuns(supplierId: number | null, page: number) {
  const api = useApi();
  return useQuery({
    queryKey: ['assets', 'probe-runs', supplierId, page],
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }) => {
      const query = { page, page_size: 10, ...(supplierId === null ? {} : { supplier_id: supplierId }) };
      const { data } = await api.GET('/probe-runs', { params: { query }, signal });
      if (!data) throw new Error('empty answer');
      return data;
    },
    // While a run is queued or running, the list follows it.
    refetchInterval: (query) => (query.state.data?.pending ? 2000 : false),
  });
}

/** One run with what changed since the run before. */
export function useProbeRun(id: number) {
  const api = useApi();
  return useQuery({
    queryKey: ['assets', 'probe-run', id],
    queryFn: async ({ signal }) => {
      const { data } = await api.GET('/probe-runs/{id}', { params: { path: { id } }, signal });
      if (!data) throw new Error('empty answer');
      return data.data;
    },
  });
}

/** Queues a run now; the runs list (and, once it ends, the assets and findings) refresh. */
export function useStartProbeRun(supplierId: number | null) {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const { data } = await api.POST('/probe-runs', { body: { supplier_id: supplierId } });
      if (!data) throw new Error('empty answer');
      return data.data;
    },
    onSettled: () => client.invalidateQueries({ queryKey: ['assets', 'probe-runs'] }),
  });
}
