import { useQuery } from '@tanstack/react-query';
import type { Schemas } from '@vigil/api-client';
import { useApi } from '@/lib/api-context';

export type OperatorStatus = Schemas['OperatorStatus']['data'];

/** The platform's state for operators, refreshed every 15 s while the screen is open. */
export function useOperatorStatus() {
  const api = useApi();
  return useQuery({
    queryKey: ['operator', 'status'],
    refetchInterval: 15_000,
    queryFn: async ({ signal }) => {
      const { data } = await api.GET('/operator/status', { signal });
      if (!data) throw new Error('empty answer');
      return data.data;
    },
  });
}
