import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Schemas } from '@vigil/api-client';
import { useApi } from '@/lib/api-context';

export type TwoFactorStatus = Schemas['TwoFactorStatus'];
export type Reauthentication = Schemas['Reauthentication'];

const statusKey = ['two-factor'] as const;

function need<T>(data: T | undefined): T {
  if (data === undefined) throw new Error('empty answer');
  return data;
}

export function useTwoFactorStatus() {
  const api = useApi();
  return useQuery({
    queryKey: statusKey,
    queryFn: async ({ signal }) => need((await api.GET('/two-factor', { signal })).data),
  });
}

/** The set-up's secret and otpauth URI (kept only in this mutation's state, never cached). */
export function useStartAuthenticator() {
  const api = useApi();
  return useMutation({ mutationFn: async () => need((await api.POST('/two-factor/authenticator')).data) });
}

export function useConfirmAuthenticator() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (code: string) =>
      need((await api.POST('/two-factor/authenticator/confirm', { body: { code } })).data),
    onSuccess: () => client.invalidateQueries({ queryKey: statusKey }),
  });
}

export function useDisableAuthenticator() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: Reauthentication) =>
      need((await api.POST('/two-factor/authenticator/disable', { body })).data),
    onSuccess: (status) => client.setQueryData(statusKey, status),
  });
}

export function useRegenerateRecoveryCodes() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: Reauthentication) => need((await api.POST('/two-factor/recovery-codes', { body })).data),
    onSuccess: () => client.invalidateQueries({ queryKey: statusKey }),
  });
}

/** The HTTP status and server message of a failed call (the client throws an ApiError-shaped error). */
export function failureOf(error: unknown): { status: number | undefined; message: string | undefined } {
  if (typeof error !== 'object' || error === null) return { status: undefined, message: undefined };
  const { status, serverMessage } = error as { status?: unknown; serverMessage?: unknown };
  return {
    status: typeof status === 'number' ? status : undefined,
    message: typeof serverMessage === 'string' ? serverMessage : undefined,
  };
}
