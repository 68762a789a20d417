import { useQuery } from '@tanstack/react-query';
import type { Schemas } from '@vigil/api-client';
import { useApi } from '@/lib/api-context';

export type RiskRating = Schemas['RiskRating'];
export type RiskFactor = Schemas['RiskFactor'];
export type RiskFix = Schemas['RiskFix'];
export type RiskTrendPoint = Schemas['RiskTrendPoint'];
export type Grade = Schemas['Grade'];

/** The company's rating now, with each factor. */
export function useRiskRating() {
  const api = useApi();
  return useQuery({
    queryKey: ['risk', 'rating'],
    queryFn: async ({ signal }) => {
      const { data } = await api.GET('/risk/rating', { signal });
      if (!data) throw new Error('empty answer');
      return data;
    },
  });
}

/** The daily snapshots of the last `days` days. */
export function useRiskTrend(days: number) {
  const api = useApi();
  return useQuery({
    queryKey: ['risk', 'trend', days],
    queryFn: async ({ signal }) => {
      const { data } = await api.GET('/risk/trend', { params: { query: { days } }, signal });
      if (!data) throw new Error('empty answer');
      return data.data;
    },
  });
}

/** The fixes that raise the score most, best first. */
export function useRiskFixes(limit: number) {
  const api = useApi();
  return useQuery({
    queryKey: ['risk', 'fixes', limit],
    queryFn: async ({ signal }) => {
      const { data } = await api.GET('/risk/fixes', { params: { query: { limit } }, signal });
      if (!data) throw new Error('empty answer');
      return data.data;
    },
  });
}
