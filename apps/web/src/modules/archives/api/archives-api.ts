import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { enumValues, type operations, type Schemas } from '@vigil/api-client';
import { useApi } from '@/lib/api-context';
import { answer, apiQuery } from '@/lib/api-query';

export type ArchivedUrl = Schemas['ArchivedUrl'];
export type ArchiveTag = Schemas['ArchiveTag'];
export type ArchiveSource = Schemas['ArchiveSource'];
export type ArchivedUrlQuery = NonNullable<operations['listArchivedUrls']['parameters']['query']>;

export const ARCHIVE_TAGS: readonly ArchiveTag[] = enumValues.ArchiveTag;
export const ARCHIVE_SOURCES: readonly ArchiveSource[] = enumValues.ArchiveSource;
/** The archives' import kinds: a gau / waybackurls URL list and a saved Wayback CDX answer. */

export function useArchivedUrls(query: ArchivedUrlQuery) {
  const api = useApi();
  return useQuery({
    ...apiQuery(['archives', 'urls', query], (signal) => api.GET('/archived-urls', { params: { query }, signal })),
    placeholderData: keepPreviousData,
  });
}

export function useArchivedUrl(id: number) {
  const api = useApi();
  return useQuery(
    apiQuery(
      ['archives', 'url', id],
      (signal) => api.GET('/archived-urls/{id}', { params: { path: { id } }, signal }),
      (body) => body.data,
    ),
  );
}

/** The company's archive runs still queued, running or waiting (the "run now" button follows them). */
export function usePendingArchiveRuns() {
  const api = useApi();
  return useQuery({
    queryKey: ['archives', 'runs', 'pending'],
    queryFn: async ({ signal }) => {
      const data = await answer(
        api.GET('/provider-runs', {
          params: { query: { module: 'archives', page_size: 10 } },
          signal,
        }),
      );
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
      return answer(api.POST('/archived-urls/runs', {}));
    },
    onSuccess: () => client.invalidateQueries({ queryKey: ['archives', 'runs'] }),
  });
}
