import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Schemas } from '@vigil/api-client';
import { useApi } from '@/lib/api-context';
import { apiQuery } from '@/lib/api-query';

export type Portfolio = Schemas['Portfolio']['data'];
export type PortfolioCompany = Schemas['PortfolioCompany'];

/** The user's companies side by side, with `days` days of trend (GET /portfolio). */
export function usePortfolio(days: number) {
  const api = useApi();
  return useQuery({
    ...apiQuery(
      ['portfolio', days],
      (signal) => api.GET('/portfolio', { params: { query: { days } }, signal }),
      (body) => body.data,
    ),
    placeholderData: keepPreviousData,
  });
}
