import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Schemas } from '@vigil/api-client';
import { useApi } from '@/lib/api-context';
import { answer, apiQuery } from '@/lib/api-query';

export type Profile = Schemas['Profile'];
export type AccountSession = Schemas['AccountSession'];
export type ThemeChoice = Schemas['Theme'];

const profileKey = ['account', 'profile'] as const;
const sessionsKey = ['account', 'sessions'] as const;

export function useProfile() {
  const api = useApi();
  return useQuery(
    apiQuery(
      profileKey,
      (signal) => api.GET('/profile', { signal }),
      (body) => body.data,
    ),
  );
}

/** A mutation whose answer is the profile: the cached profile becomes it. */
function useProfileMutation<I>(call: (input: I) => Promise<{ data?: { data: Profile }; response: Response }>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: I) => (await answer(call(input))).data,
    onSuccess: (profile) => client.setQueryData(profileKey, profile),
  });
}

export function useUpdateProfile() {
  const api = useApi();
  return useProfileMutation(async (body: { name: string; position: string | null }) => api.POST('/profile', { body }));
}

export function useUploadPicture() {
  const api = useApi();
  return useProfileMutation(async (file: Blob) =>
    api.POST('/profile/picture', {
      body: file as never,
      bodySerializer: (raw: unknown) => (raw instanceof Blob ? raw : ''),
      headers: { 'Content-Type': 'application/octet-stream' },
    }),
  );
}

export function useRemovePicture() {
  const api = useApi();
  return useProfileMutation(async (_: undefined) => api.DELETE('/profile/picture'));
}

export function useSetTheme() {
  const api = useApi();
  return useProfileMutation(async (theme: ThemeChoice) => api.POST('/account/theme', { body: { theme } }));
}

export function useChangePassword() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: { current_password: string; password: string; password_confirmation: string }) => {
      return answer(api.POST('/account/password', { body }));
    },
    onSuccess: () => client.invalidateQueries({ queryKey: sessionsKey }),
  });
}

export function useAccountSessions() {
  const api = useApi();
  return useQuery(
    apiQuery(
      sessionsKey,
      (signal) => api.GET('/account/sessions', { signal }),
      (body) => body.data,
    ),
  );
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
