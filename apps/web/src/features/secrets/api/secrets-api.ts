import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { operations, Schemas } from '@vigil/api-client';
import { useApi } from '@/lib/api-context';

export type SecretIncident = Schemas['SecretIncident'];
export type SecretOccurrence = Schemas['SecretOccurrence'];
export type CodeSearchTerm = Schemas['CodeSearchTerm'];
export type CodeSearchTermKind = Schemas['CodeSearchTermKind'];
export type AllowlistEntry = Schemas['SecretAllowlistEntry'];
export type AllowlistKind = Schemas['SecretAllowlistKind'];
export type IncidentQuery = NonNullable<operations['listSecretIncidents']['parameters']['query']>;

export const TERM_KINDS: readonly CodeSearchTermKind[] = ['organisation', 'keyword', 'domain'];
export const ALLOWLIST_KINDS: readonly AllowlistKind[] = ['path', 'regex', 'stopword', 'fingerprint'];
/** The import kind of offline results: a gitleaks JSON report. */
export const SECRET_IMPORTERS = ['gitleaks-json'];

export function useSecretIncidents(query: IncidentQuery) {
  const api = useApi();
  return useQuery({
    queryKey: ['secrets', 'list', query],
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }) => {
      const { data } = await api.GET('/secrets', { params: { query }, signal });
      if (!data) throw new Error('empty answer');
      return data;
    },
  });
}

/** One incident with its occurrences (the redacted secret only: the API never has another). */
export function useSecretIncident(id: number) {
  const api = useApi();
  return useQuery({
    queryKey: ['secrets', 'one', id],
    queryFn: async ({ signal }) => {
      const { data } = await api.GET('/secrets/{id}', { params: { path: { id } }, signal });
      if (!data) throw new Error('empty answer');
      return data;
    },
  });
}

export function useSecretRules() {
  const api = useApi();
  return useQuery({
    queryKey: ['secrets', 'rules'],
    staleTime: Number.POSITIVE_INFINITY,
    queryFn: async ({ signal }) => {
      const { data } = await api.GET('/secrets/rules', { signal });
      if (!data) throw new Error('empty answer');
      return data.data;
    },
  });
}

export function useCodeSearchTerms() {
  const api = useApi();
  return useQuery({
    queryKey: ['secrets', 'terms'],
    queryFn: async ({ signal }) => {
      const { data } = await api.GET('/secrets/terms', { signal });
      if (!data) throw new Error('empty answer');
      return data;
    },
  });
}

export function useSecretAllowlist() {
  const api = useApi();
  return useQuery({
    queryKey: ['secrets', 'allowlist'],
    queryFn: async ({ signal }) => {
      const { data } = await api.GET('/secrets/allowlist', { signal });
      if (!data) throw new Error('empty answer');
      return data.data;
    },
  });
}

/** Adds, switches or deletes a search term; the terms refresh. */
export function useTermChange() {
  const api = useApi();
  const client = useQueryClient();
  const onSuccess = () => client.invalidateQueries({ queryKey: ['secrets', 'terms'] });
  const create = useMutation({
    mutationFn: async (body: Schemas['CodeSearchTermInput']) => {
      const { data } = await api.POST('/secrets/terms', { body });
      if (!data) throw new Error('empty answer');
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
      const { data } = await api.POST('/secrets/allowlist', { body });
      if (!data) throw new Error('empty answer');
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
      const { data } = await api.POST('/secrets/runs');
      if (!data) throw new Error('empty answer');
      return data.data;
    },
    onSuccess: () => client.invalidateQueries({ queryKey: ['providers', 'runs'] }),
  });
}
