import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ApiError, type operations, type Schemas } from '@vigil/api-client';
import { useApi } from '@/lib/api-context';
import { answer, apiQuery } from '@/lib/api-query';

export type CatalogueCve = Schemas['CatalogueCve'];
export type CatalogueQuery = NonNullable<operations['listCveCatalogue']['parameters']['query']>;

/** The whole CVE catalogue, whatever the watch list (any member may read it). */
export function useCatalogue(query: CatalogueQuery) {
  const api = useApi();
  return useQuery({
    ...apiQuery(['cves', 'catalogue', query], (signal) => api.GET('/cve-catalogue', { params: { query }, signal })),
    placeholderData: keepPreviousData,
  });
}

/** One CVE of the catalogue; a CVE it does not hold answers the API's sentence (with its freshness). */
export function useCatalogueCve(cveId: string) {
  const api = useApi();
  return useQuery({
    queryKey: ['cves', 'catalogue', 'cve', cveId],
    retry: false,
    queryFn: async ({ signal }) => {
      try {
        const data = await answer(api.GET('/cve-catalogue/{cve_id}', { params: { path: { cve_id: cveId } }, signal }));
        return { cve: data, missing: null };
      } catch (error) {
        if (error instanceof ApiError && (error.status === 404 || error.status === 422))
          return { cve: null, missing: error.serverMessage ?? cveId };
        throw error;
      }
    },
  });
}
