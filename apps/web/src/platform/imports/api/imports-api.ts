import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Schemas } from '@vigil/api-client';
import { useApi } from '@/lib/api-context';
import { answer, apiQuery } from '@/lib/api-query';

export type ImportKind = Schemas['ImportKind'];
/** A kind as the server's registry of importers describes it (module, platform flag, message keys, files). */
export type ImportKindInfo = Schemas['ImportKindInfo'];
export type ImportJob = Schemas['ImportDetail']['data'];
export type ImportSummary = Schemas['Import'];

export interface UploadInput {
  kind: ImportKind;
  fileName: string;
  body: Blob | Uint8Array;
  /** The supplier whose inventory receives the imported assets (the company's own without it). */
  supplierId?: number | undefined;
}

/** Uploads one file as the raw body (application/octet-stream) and queues its import job. */
export function useCreateImport() {
  const api = useApi();
  return useMutation({
    mutationFn: async ({ kind, fileName, body, supplierId }: UploadInput) => {
      const query = { kind, file_name: fileName, ...(supplierId === undefined ? {} : { supplier_id: supplierId }) };
      const data = await answer(
        api.POST('/imports', {
          params: { query },
          body,
          bodySerializer: (raw: unknown) => (raw instanceof Blob || raw instanceof Uint8Array ? raw : ''),
          headers: { 'Content-Type': 'application/octet-stream' },
        }),
      );
      return data.data;
    },
  });
}

/**
 * The import kinds this user may upload, from the server's registry of importers (the platform's
 * to operators alone): no kind is listed by hand in the web, so a module's new importer shows in
 * its import button without a web edit.
 */
export function useImportKinds() {
  const api = useApi();
  return useQuery(
    apiQuery(
      ['imports', 'kinds'],
      (signal) => api.GET('/imports/kinds', { signal }),
      (body) => body.data,
    ),
  );
}

const ended = ['succeeded', 'failed', 'cancelled'];
export const isFinished = (job: ImportJob | undefined) => job !== undefined && ended.includes(job.status);

/** One job, polled every `interval` ms until it has succeeded or failed. */
export function useImportJob(id: number, interval = 1000) {
  const api = useApi();
  return useQuery({
    ...apiQuery(
      ['imports', 'one', id],
      (signal) => api.GET('/imports/{id}', { params: { path: { id } }, signal }),
      (body) => body.data,
    ),
    staleTime: 0,
    refetchInterval: (query) => (isFinished(query.state.data) ? false : interval),
  });
}

/** The latest imports of one format in the current company (and the platform's, for an operator), newest first. */
export function useRecentImports(kind: ImportKind, size = 5) {
  const api = useApi();
  return useQuery(
    apiQuery(
      ['imports', 'recent', kind, size],
      (signal) => api.GET('/imports', { params: { query: { kind, page_size: size } }, signal }),
      (body) => body.data,
    ),
  );
}

/** Refreshes every list, the timeline and the KPIs once an import has finished. */
export function useRefreshAfterImport() {
  const client = useQueryClient();
  return () =>
    client.invalidateQueries({ predicate: (q) => q.queryKey[0] !== 'imports' || q.queryKey[1] === 'recent' });
}

/** Asks the server to cancel a job: a queued one ends at once, a running one at its next checkpoint. */
export function useCancelJob(id: number) {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const data = await answer(api.POST('/jobs/{id}/cancel', { params: { path: { id } } }));
      return data.data;
    },
    onSuccess: () => client.invalidateQueries({ queryKey: ['imports', 'one', id] }),
  });
}
