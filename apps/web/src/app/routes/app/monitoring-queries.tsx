import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef } from 'react';
import { useCompanies } from '@/features/auth';
import { createQueryClient } from '@/lib/query-client';

// One cache for every monitoring screen (loaded with the first of them, never on /signin).
const queryClient = createQueryClient();

/** The monitoring screens' query cache; switching company drops every cached answer (tenant scope). */
export function MonitoringQueries({ children }: { children: ReactNode }) {
  const { currentId } = useCompanies();
  const company = useRef(currentId);
  useEffect(() => {
    if (company.current !== currentId) {
      company.current = currentId;
      queryClient.clear();
    }
  }, [currentId]);
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
