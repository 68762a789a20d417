import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { enumValues, type operations, type Schemas } from '@vigil/api-client';
import { useApi } from '@/lib/api-context';
import { answer, apiQuery } from '@/lib/api-query';

export type SecretIncident = Schemas['SecretIncident'];
export type SecretOccurrence = Schemas['SecretOccurrence'];
export type CodeSearchTerm = Schemas['CodeSearchTerm'];
export type CodeSearchTermKind = Schemas['CodeSearchTermKind'];
export type AllowlistEntry = Schemas['SecretAllowlistEntry'];
export type AllowlistKind = Schemas['SecretAllowlistKind'];
export type IncidentQuery = NonNullable<operations['listSecretIncidents']['parameters']['query']>;

export const TERM_KINDS: readonly CodeSearchTermKind[] = ['organisation', 'keyword', 'domain'];
export const ALLOWLIST_KINDS: readonly AllowlistKind[] = enumValues.SecretAllowlistKind;
/** The import kind of offline results: a gitleaks JSON report. */

export function useSecretIncidents(query: IncidentQuery) {
  const api = useApi();
  return useQuery({
    ...apiQuery(['secrets', 'list', query], (signal) => api.GET('/secrets', { params: { query }, signal })),
    placeholderData: keepPreviousData,
  });
}

/** One incident with its occurrences (the redacted secret only: the API never has another). */
export function useSecretIncident(id: number) {
  const api = useApi();
  return useQuery(
    apiQuery(['secrets', 'one', id], (signal) => api.GET('/secrets/{id}', { params: { path: { id } }, signal })),
  );
}

export function useSecretRules() {
  const api = useApi();
  return useQuery({
    ...apiQuery(
      ['secrets', 'rules'],
      (signal) => api.GET('/secrets/rules', { signal }),
      (body) => body.data,
    ),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useCodeSearchTerms() {
  const api = useApi();
  return useQuery(apiQuery(['secrets', 'terms'], (signal) => api.GET('/secrets/terms', { signal })));
}

export function useSecretAllowlist() {
  const api = useApi();
  return useQuery(
    apiQuery(
      ['secrets', 'allowlist'],
      (signal) => api.GET('/secrets/allowlist', { signal }),
      (body) => body.data,
    ),
  );
}

/** Adds, switches or deletes a search term; the terms refresh. */
export function useTermChange() {
  const api = useApi();
  const client = useQueryClient();
  const onSuccess = () => client.invalidateQueries({ queryKey: ['secrets', 'terms'] });
  const create = useMutation({
    mutationFn: async (body: Schemas['CodeSearchTermInput']) => {
      const data = await answer(api.POST('/secrets/terms', { body }));
      return data.data;
    },
    onSuccess,
  });
  const toggle = useMutation({
    mutationFn: async ({ id, enabled }: { id: number; enabled: boolean }) => {
      await api.PATCH('/secrets/terms/{id}', { params: { path: { id } }, body: { enabled } });
    },
    onSuccess,
  });
  const remove = useMutation({
    mutationFn: async (id: number) => {
      await api.DELETE('/secrets/terms/{id}', { params: { path: { id } } });
    },
    onSuccess,
  });
  return { create, toggle, remove };
}

/** Adds or deletes an allow-list entry; the allow-list refreshes. */
export function useAllowlistChange() {
  const api = useApi();
  const client = useQueryClient();
  const onSuccess = () => client.invalidateQueries({ queryKey: ['secrets', 'allowlist'] });
  const create = useMutation({
    mutationFn: async (body: Schemas['SecretAllowlistInput']) => {
      const data = await answer(api.POST('/secrets/allowlist', { body }));
      return data.data;
    },
    onSuccess,
  });
  const remove = useMutation({
    mutationFn: async (id: number) => {
      await api.DELETE('/secrets/allowlist/{id}', { params: { path: { id } } });
    },
    onSuccess,
  });
  return { create, remove };
}

/** "Search now": queues a code search (409 while one is pending or when code search is not configured). */
export function useStartSecretSearch() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const data = await answer(api.POST('/secrets/runs'));
      return data.data;
    },
    onSuccess: () => client.invalidateQueries({ queryKey: ['providers', 'runs'] }),
  });
}
