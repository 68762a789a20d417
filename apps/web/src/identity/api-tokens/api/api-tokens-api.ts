import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { enumValues, type Schemas } from '@vigil/api-client';
import { useApi } from '@/lib/api-context';
import { answer, apiQuery } from '@/lib/api-query';

export type ApiToken = Schemas['ApiToken'];
export type ApiTokenScope = Schemas['ApiTokenScope'];
export type TokenOwner = 'me' | 'company';
export const TOKEN_SCOPES: readonly ApiTokenScope[] = enumValues.ApiTokenScope;

const tokensKey = ['api-tokens'] as const;

export function useApiTokens(owner: TokenOwner) {
  const api = useApi();
  return useQuery(
    apiQuery(
      [...tokensKey, owner],
      (signal) => api.GET('/api-tokens', { params: { query: { owner } }, signal }),
      (body) => body.data,
    ),
  );
}

/** Creates a token; resolves with its secret (answered this once) and the token. */
export function useCreateApiToken() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: Schemas['CreateApiTokenRequest']) => answer(api.POST('/api-tokens', { body })),
    onSuccess: () => client.invalidateQueries({ queryKey: tokensKey }),
  });
}

export function useRevokeApiToken() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => answer(api.DELETE('/api-tokens/{id}', { params: { path: { id } } })),
    onSuccess: () => client.invalidateQueries({ queryKey: tokensKey }),
  });
}
