import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { operations, Schemas } from '@vigil/api-client';
import { useApi } from '@/lib/api-context';

export type ArchivedUrl = Schemas['ArchivedUrl'];
export type ArchiveTag = Schemas['ArchiveTag'];
export type ArchiveSource = Schemas['ArchiveSource'];
export type ArchivedUrlQuery = NonNullable<operations['listArchivedUrls']['parameters']['query']>;

export const ARCHIVE_TAGS: readonly ArchiveTag[] = [
  'backup',
  'config',
  'env',
  'database',
  'source',
  'log',
  'admin',
  'secret_in_query',
  'document',
  'api',
];
export const ARCHIVE_SOURCES: readonly ArchiveSource[] = ['wayback', 'commoncrawl', 'otx', 'urlscan', 'import'];
/** The archives' import kinds: a gau / waybackurls URL list and a saved Wayback CDX answer. */
export const ARCHIVE_IMPORTERS = ['archive-urls', 'wayback-cdx'];

export function useArchivedUrls(query: ArchivedUrlQuery) {
  const api = useApi();
  return useQuery({
    queryKey: ['archives', 'urls', query],
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }) => {
      const { data } = await api.GET('/archived-urls', { params: { query }, signal });
      if (!data) throw new Error('empty answer');
      return data;
    },
  });
}

export function useArchivedUrl(id: number) {
  const api = useApi();
  return useQuery({
    queryKey: ['archives', 'url', id],
    queryFn: async ({ signal }) => {
      const { data } = await api.GET('/archived-urls/{id}', { params: { path: { id } }, signal });
      if (!data) throw new Error('empty answer');
      return data.data;
    },
  });
}

/** The company's archive runs still queued, running or waiting (the "run now" button follows them). */
export function usePendingArchiveRuns() {
  const api = useApi();
  return useQuery({
    queryKey: ['archives', 'runs', 'pending'],
    queryFn: async ({ signal }) => {
      const { data } = await api.GET('/provider-runs', {
        params: { query: { module: 'archives', page_size: 10 } },
        signal,
      });
      if (!data) throw new Error('empty answer');
      return data.data.filter((run) => ['queued', 'running', 'waiting'].includes(run.status));
    },
    refetchInterval: (query) => ((query.state.data?.length ?? 0) > 0 ? 2000 : false),
  });
}

export function useStartArchiveRuns() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const { data } = await api.POST('/archived-urls/runs', {});
      if (!data) throw new Error('empty answer');
      return data;
    },
    onSuccess: () => client.invalidateQueries({ queryKey: ['archives', 'runs'] }),
  });
}
