import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Schemas } from '@vigil/api-client';
import { useApi } from '@/lib/api-context';
import { apiQuery } from '@/lib/api-query';

export type CveLandscape = Schemas['CveLandscape'];

/** The public statistics of the CVE catalogue (no session needed; the server caches them). */
export function useCveLandscape(weeks: number) {
  const api = useApi();
  return useQuery({
    ...apiQuery(['cve-landscape', weeks], (signal) =>
      api.GET('/analytics/cve-landscape', { params: { query: { weeks } }, signal }),
    ),
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
  });
}
