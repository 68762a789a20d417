import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { operations, Schemas } from '@vigil/api-client';
import { useApi } from '@/lib/api-context';

export type Vulnerability = Schemas['Vulnerability'];
export type VulnerabilityQuery = NonNullable<operations['listVulnerabilities']['parameters']['query']>;
export type SlaPolicy = Schemas['SlaPolicy'];
export type VulnerabilityDetail = Schemas['VulnerabilityDetail']['data'];

export function useVulnerabilities(query: VulnerabilityQuery) {
  const api = useApi();
  return useQuery({
    queryKey: ['vulnerabilities', 'list', query],
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }) => {
      const { data } = await api.GET('/vulnerabilities', { params: { query }, signal });
      if (!data) throw new Error('empty answer');
      return data;
    },
  });
}

/** One vulnerability with what the scanner saw, for its drawer. */
export function useVulnerability(id: number) {
  const api = useApi();
  return useQuery({
    queryKey: ['vulnerabilities', 'one', id],
    queryFn: async ({ signal }) => {
      const { data } = await api.GET('/vulnerabilities/{id}', { params: { path: { id } }, signal });
      if (!data) throw new Error('empty answer');
      return data.data;
    },
  });
}

export function useSlaPolicy() {
  const api = useApi();
  return useQuery({
    queryKey: ['vulnerabilities', 'sla-policy'],
    queryFn: async ({ signal }) => {
      const { data } = await api.GET('/vulnerabilities/sla-policy', { signal });
      if (!data) throw new Error('empty answer');
      return data.data;
    },
  });
}

/** New SLA days move the due dates of open findings: the list and the KPIs refresh. */
export function useUpdateSlaPolicy() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: SlaPolicy) => {
      const { data } = await api.PUT('/vulnerabilities/sla-policy', { body });
      if (!data) throw new Error('empty answer');
      return data.data;
    },
    onSuccess: () => client.invalidateQueries(),
  });
}
