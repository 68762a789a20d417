import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { operations, Schemas } from '@vigil/api-client';
import { useApi } from '@/lib/api-context';
import { answer, apiQuery } from '@/lib/api-query';

export type Vulnerability = Schemas['Vulnerability'];
export type VulnerabilityQuery = NonNullable<operations['listVulnerabilities']['parameters']['query']>;
export type SlaPolicy = Schemas['SlaPolicy'];
export type VulnerabilityDetail = Schemas['VulnerabilityDetail']['data'];

export function useVulnerabilities(query: VulnerabilityQuery) {
  const api = useApi();
  return useQuery({
    ...apiQuery(['vulnerabilities', 'list', query], (signal) =>
      api.GET('/vulnerabilities', { params: { query }, signal }),
    ),
    placeholderData: keepPreviousData,
  });
}

/** One vulnerability with what the scanner saw, for its drawer. */
export function useVulnerability(id: number) {
  const api = useApi();
  return useQuery(
    apiQuery(
      ['vulnerabilities', 'one', id],
      (signal) => api.GET('/vulnerabilities/{id}', { params: { path: { id } }, signal }),
      (body) => body.data,
    ),
  );
}

export function useSlaPolicy() {
  const api = useApi();
  return useQuery(
    apiQuery(
      ['vulnerabilities', 'sla-policy'],
      (signal) => api.GET('/vulnerabilities/sla-policy', { signal }),
      (body) => body.data,
    ),
  );
}

/** New SLA days move the due dates of open findings: the list and the KPIs refresh. */
export function useUpdateSlaPolicy() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: SlaPolicy) => {
      const data = await answer(api.PUT('/vulnerabilities/sla-policy', { body }));
      return data.data;
    },
    onSuccess: () => client.invalidateQueries(),
  });
}
