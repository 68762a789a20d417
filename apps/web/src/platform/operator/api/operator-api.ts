import { useQuery } from '@tanstack/react-query';
import type { Schemas } from '@vigil/api-client';
import { useApi } from '@/lib/api-context';
import { apiQuery } from '@/lib/api-query';

export type OperatorStatus = Schemas['OperatorStatus']['data'];

/** The platform's state for operators, refreshed every 15 s while the screen is open. */
export function useOperatorStatus() {
  const api = useApi();
  return useQuery({
    ...apiQuery(
      ['operator', 'status'],
      (signal) => api.GET('/operator/status', { signal }),
      (body) => body.data,
    ),
    refetchInterval: 15_000,
  });
}
