import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useLayoutEffect, useRef } from 'react';
import { useCompanies } from '@/identity/auth';
import { createQueryClient } from '@/lib/query-client';

// One cache for every monitoring screen (loaded with the first of them, never on /signin).
const queryClient = createQueryClient();

/**
 * The monitoring screens' query cache. Switching company resets every cached answer (tenant scope):
 * the lists on show drop the previous company's rows before the browser paints and ask again.
 * (Clearing the cache alone left the mounted lists showing the rows they held, without a refetch.)
 */
export function MonitoringQueries({ children }: { children: ReactNode }) {
  const { currentId } = useCompanies();
  return <CompanyQueries companyId={currentId}>{children}</CompanyQueries>;
}

/** The cache of {@link MonitoringQueries} for the company `companyId`: reset when it changes. */
export function CompanyQueries({ companyId, children }: { companyId: number | null; children: ReactNode }) {
  const company = useRef(companyId);
  useLayoutEffect(() => {
    if (company.current !== companyId) {
      company.current = companyId;
      void queryClient.resetQueries();
    }
  }, [companyId]);
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
