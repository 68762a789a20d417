import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Schemas } from '@vigil/api-client';
import { useApi } from '@/lib/api-context';
import { answer, apiQuery } from '@/lib/api-query';

export type TwoFactorStatus = Schemas['TwoFactorStatus'];
export type Reauthentication = Schemas['Reauthentication'];

const statusKey = ['two-factor'] as const;

export function useTwoFactorStatus() {
  const api = useApi();
  return useQuery(apiQuery(statusKey, (signal) => api.GET('/two-factor', { signal })));
}

/** The set-up's secret and otpauth URI (kept only in this mutation's state, never cached). */
export function useStartAuthenticator() {
  const api = useApi();
  return useMutation({ mutationFn: async () => answer(api.POST('/two-factor/authenticator')) });
}

export function useConfirmAuthenticator() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (code: string) => answer(api.POST('/two-factor/authenticator/confirm', { body: { code } })),
    onSuccess: () => client.invalidateQueries({ queryKey: statusKey }),
  });
}

export function useDisableAuthenticator() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: Reauthentication) => answer(api.POST('/two-factor/authenticator/disable', { body })),
    onSuccess: (status) => client.setQueryData(statusKey, status),
  });
}

export function useRegenerateRecoveryCodes() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: Reauthentication) => answer(api.POST('/two-factor/recovery-codes', { body })),
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
