import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Schemas } from '@vigil/api-client';
import { useApi } from '@/lib/api-context';

export type Portfolio = Schemas['Portfolio']['data'];
export type PortfolioCompany = Schemas['PortfolioCompany'];

/** The user's companies side by side, with `days` days of trend (GET /portfolio). */
export function usePortfolio(days: number) {
  const api = useApi();
  return useQuery({
    queryKey: ['portfolio', days],
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }) => {
      const { data } = await api.GET('/portfolio', { params: { query: { days } }, signal });
      if (!data) throw new Error('empty answer');
      return data.data;
    },
  });
}
