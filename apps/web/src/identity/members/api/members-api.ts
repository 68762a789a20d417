import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Schemas } from '@vigil/api-client';
import { useApi } from '@/lib/api-context';
import { answer, apiQuery } from '@/lib/api-query';

export type Member = Schemas['Member'];
export type Invitation = Schemas['Invitation'];
export type Role = Schemas['Role'];

const membersKey = ['members'] as const;

export function useMembers() {
  const api = useApi();
  return useQuery(apiQuery(membersKey, (signal) => api.GET('/members', { signal })));
}

export function useMemberHistory(id: number) {
  const api = useApi();
  return useQuery({
    queryKey: [...membersKey, 'history', id],
    queryFn: async ({ signal }) => {
      const { data } = await api.GET('/members/{id}/history', { params: { path: { id } }, signal });
      return data?.data ?? [];
    },
  });
}

export type MemberAction =
  | { kind: 'role'; id: number; role: Role }
  | { kind: 'activate' | 'deactivate' | 'reactivate' | 'remove' | 'resend' | 'revoke'; id: number };

/** One change from the user list; the list and the histories refresh after it. */
export function useMemberAction() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (action: MemberAction) => {
      const path = { params: { path: { id: action.id } } };
      switch (action.kind) {
        case 'role':
          return api.PUT('/members/{id}/role', { ...path, body: { role: action.role } });
        case 'activate':
          return api.POST('/members/{id}/activate', path);
        case 'deactivate':
          return api.POST('/members/{id}/deactivate', path);
        case 'reactivate':
          return api.POST('/members/{id}/reactivate', path);
        case 'remove':
          return api.DELETE('/members/{id}', path);
        case 'resend':
          return api.POST('/member-invitations/{id}/resend', path);
        case 'revoke':
          return api.DELETE('/member-invitations/{id}', path);
      }
    },
    onSettled: () => client.invalidateQueries({ queryKey: membersKey }),
  });
}

export function useInvite() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: Schemas['InviteRequest']) => api.POST('/member-invitations', { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: membersKey }),
  });
}

export function useInvitationLookup(token: string) {
  const api = useApi();
  return useQuery({
    queryKey: ['invitation', token],
    retry: false,
    queryFn: async () => {
      const data = await answer(api.POST('/invitations/lookup', { body: { token } }));
      return data.data;
    },
  });
}

export function useAcceptInvitation() {
  const api = useApi();
  return useMutation({
    mutationFn: async (body: Schemas['AcceptInvitation']) => api.POST('/invitations/accept', { body }),
  });
}
