import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Schemas } from '@vigil/api-client';
import { useApi } from '@/lib/api-context';
import { answer, apiQuery } from '@/lib/api-query';

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
      return answer(api.GET('/probe-runs', { params: { query }, signal }));
    },
    // While a run is queued or running, the list follows it.
    refetchInterval: (query) => (query.state.data?.pending ? 2000 : false),
  });
}

/** One run with what changed since the run before. */
export function useProbeRun(id: number) {
  const api = useApi();
  return useQuery(
    apiQuery(
      ['assets', 'probe-run', id],
      (signal) => api.GET('/probe-runs/{id}', { params: { path: { id } }, signal }),
      (body) => body.data,
    ),
  );
}

/** Queues a run now; the runs list (and, once it ends, the assets and findings) refresh. */
export function useStartProbeRun(supplierId: number | null) {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const data = await answer(api.POST('/probe-runs', { body: { supplier_id: supplierId } }));
      return data.data;
    },
    onSettled: () => client.invalidateQueries({ queryKey: ['assets', 'probe-runs'] }),
  });
}
