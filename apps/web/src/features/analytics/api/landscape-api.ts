import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Schemas } from '@vigil/api-client';
import { useApi } from '@/lib/api-context';

export type CveLandscape = Schemas['CveLandscape'];

/** The public statistics of the CVE catalogue (no session needed; the server caches them). */
export function useCveLandscape(weeks: number) {
  const api = useApi();
  return useQuery({
    queryKey: ['cve-landscape', weeks],
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
    queryFn: async ({ signal }) => {
      const { data } = await api.GET('/analytics/cve-landscape', { params: { query: { weeks } }, signal });
      if (!data) throw new Error('empty answer');
      return data;
    },
  });
}
