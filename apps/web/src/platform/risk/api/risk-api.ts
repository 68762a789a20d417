import { useQuery } from '@tanstack/react-query';
import type { Schemas } from '@vigil/api-client';
import { useApi } from '@/lib/api-context';
import { apiQuery } from '@/lib/api-query';

export type RiskRating = Schemas['RiskRating'];
export type RiskFactor = Schemas['RiskFactor'];
export type RiskFix = Schemas['RiskFix'];
export type RiskTrendPoint = Schemas['RiskTrendPoint'];
export type Grade = Schemas['Grade'];

/** The company's rating now, with each factor. */
export function useRiskRating() {
  const api = useApi();
  return useQuery(apiQuery(['risk', 'rating'], (signal) => api.GET('/risk/rating', { signal })));
}

/** The daily snapshots of the last `days` days. */
export function useRiskTrend(days: number) {
  const api = useApi();
  return useQuery(
    apiQuery(
      ['risk', 'trend', days],
      (signal) => api.GET('/risk/trend', { params: { query: { days } }, signal }),
      (body) => body.data,
    ),
  );
}

/** The fixes that raise the score most, best first. */
export function useRiskFixes(limit: number) {
  const api = useApi();
  return useQuery(
    apiQuery(
      ['risk', 'fixes', limit],
      (signal) => api.GET('/risk/fixes', { params: { query: { limit } }, signal }),
      (body) => body.data,
    ),
  );
}
