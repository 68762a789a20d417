import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiClient, Schemas } from '@vigil/api-client';
import { useApi } from '@/lib/api-context';
import { answer, apiQuery } from '@/lib/api-query';

export type AdvisorStatus = Schemas['AdvisorStatus'];
export type AdvisorConversation = Schemas['AdvisorConversation'];
export type AdvisorConversationDetail = Schemas['AdvisorConversationDetail'];
export type AdvisorMessage = Schemas['AdvisorMessage'];
export type AdvisorRecord = Schemas['AdvisorRecord'];

/** The server's bound of a question (openapi/paths/advisor.yaml). */
export const QUESTION_MAX = 2000;

export const advisorKeys = {
  status: ['advisor', 'status'] as const,
  conversations: ['advisor', 'conversations'] as const,
  conversation: (id: number) => ['advisor', 'conversations', id] as const,
};

/** Which engine answers (a configured model or the built-in intents) and the questions to offer. */
export function useAdvisorStatus() {
  const api = useApi();
  return useQuery({
    ...apiQuery(advisorKeys.status, (signal) => api.GET('/advisor', { signal })),
    staleTime: 60_000,
  });
}

/** The user's conversations in the current company, newest first. */
export function useConversations() {
  const api = useApi();
  return useQuery({
    queryKey: advisorKeys.conversations,
    queryFn: async ({ signal }) => (await api.GET('/advisor/conversations', { signal })).data?.data ?? [],
  });
}

export async function fetchConversation(api: ApiClient, id: number, signal?: AbortSignal) {
  return answer(api.GET('/advisor/conversations/{id}', { params: { path: { id } }, signal }));
}

/** One conversation with its messages (none asked when `id` is null: a new conversation). */
export function useConversation(id: number | null) {
  const api = useApi();
  return useQuery({
    queryKey: advisorKeys.conversation(id ?? 0),
    enabled: id !== null,
    retry: false,
    queryFn: ({ signal }) => fetchConversation(api, id ?? 0, signal),
  });
}

export function useDeleteConversation() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      await api.DELETE('/advisor/conversations/{id}', { params: { path: { id } } });
    },
    onSuccess: (_, id) => {
      client.removeQueries({ queryKey: advisorKeys.conversation(id), exact: true });
      return client.invalidateQueries({ queryKey: advisorKeys.conversations, exact: true });
    },
  });
}
