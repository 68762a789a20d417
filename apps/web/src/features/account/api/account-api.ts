import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Schemas } from '@vigil/api-client';
import { useApi } from '@/lib/api-context';

export type Profile = Schemas['Profile'];
export type AccountSession = Schemas['AccountSession'];
export type ThemeChoice = Schemas['Theme'];

const profileKey = ['account', 'profile'] as const;
const sessionsKey = ['account', 'sessions'] as const;

export function useProfile() {
  const api = useApi();
  return useQuery({
    queryKey: profileKey,
    queryFn: async ({ signal }) => {
      const { data } = await api.GET('/profile', { signal });
      if (!data) throw new Error('empty answer');
      return data.data;
    },
  });
}

/** A mutation whose answer is the profile: the cached profile becomes it. */
function useProfileMutation<I>(call: (input: I) => Promise<{ data: Profile } | undefined>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: I) => {
      const answer = await call(input);
      if (!answer) throw new Error('empty answer');
      return answer.data;
    },
    onSuccess: (profile) => client.setQueryData(profileKey, profile),
  });
}

export function useUpdateProfile() {
  const api = useApi();
  return useProfileMutation(
    async (body: { name: string; position: string | null }) => (await api.POST('/profile', { body })).data,
  );
}

export function useUploadPicture() {
  const api = useApi();
  return useProfileMutation(
    async (file: Blob) =>
      (
        await api.POST('/profile/picture', {
          body: file as never,
          bodySerializer: (raw: unknown) => (raw instanceof Blob ? raw : ''),
          headers: { 'Content-Type': 'application/octet-stream' },
        })
      ).data,
  );
}

export function useRemovePicture() {
  const api = useApi();
  return useProfileMutation(async (_: undefined) => (await api.DELETE('/profile/picture')).data);
}

export function useSetTheme() {
  const api = useApi();
  return useProfileMutation(async (theme: ThemeChoice) => (await api.POST('/account/theme', { body: { theme } })).data);
}

export function useChangePassword() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: { current_password: string; password: string; password_confirmation: string }) => {
      const { data } = await api.POST('/account/password', { body });
      if (!data) throw new Error('empty answer');
      return data;
    },
    onSuccess: () => client.invalidateQueries({ queryKey: sessionsKey }),
  });
}

export function useAccountSessions() {
  const api = useApi();
  return useQuery({
    queryKey: sessionsKey,
    queryFn: async ({ signal }) => {
      const { data } = await api.GET('/account/sessions', { signal });
      if (!data) throw new Error('empty answer');
      return data.data;
    },
  });
}

export function useRevokeSession() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: number | 'others') => {
      if (id === 'others') await api.POST('/account/sessions/revoke-others');
      else await api.DELETE('/account/sessions/{id}', { params: { path: { id } } });
    },
    onSuccess: () => client.invalidateQueries({ queryKey: sessionsKey }),
  });
}
