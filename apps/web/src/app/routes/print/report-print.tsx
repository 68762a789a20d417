import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { ModulesProvider } from '@/lib/modules';
import { createQueryClient } from '@/lib/query-client';
import { ReportPrintView } from '@/platform/reports';
import { webModules } from '../../modules';

/**
 * `/report/print/:id#token=…`: outside the signed-in shell (the server's renderer has no session);
 * the print token stays in the fragment, which no request carries.
 */
export function ReportPrintPage() {
  const { id } = useParams();
  const [client] = useState(createQueryClient);
  const token = new URLSearchParams(window.location.hash.slice(1)).get('token') ?? '';
  return (
    <QueryClientProvider client={client}>
      <ModulesProvider modules={webModules}>
        <ReportPrintView id={Number(id)} token={token} />
      </ModulesProvider>
    </QueryClientProvider>
  );
}

export { ReportPrintPage as Component };
