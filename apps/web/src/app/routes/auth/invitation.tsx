// Route Invitation (public): the e-mailed link's page, where an invited person joins the company.
import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { AcceptInvitation } from '@/identity/members';
import { createQueryClient } from '@/lib/query-client';

export function InvitationPage() {
  const [search] = useSearchParams();
  const [client] = useState(createQueryClient);
  return (
    <QueryClientProvider client={client}>
      <AcceptInvitation token={search.get('token') ?? ''} />
    </QueryClientProvider>
  );
}

export { InvitationPage as Component };
