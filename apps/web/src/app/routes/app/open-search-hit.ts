import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAuthActorRef, useCompanies } from '@/features/auth';
import type { SearchHit } from '@/features/search';

/**
 * Opens a search hit: a hit of another of the user's companies switches to that company first (the
 * same switch as the header's), then its link opens once the session works under it.
 */
export function useOpenSearchHit(): (hit: SearchHit) => void {
  const actor = useAuthActorRef();
  const navigate = useNavigate();
  const { currentId } = useCompanies();
  const [pending, setPending] = useState<SearchHit | null>(null);
  useEffect(() => {
    if (pending && pending.company?.id === currentId) {
      setPending(null);
      navigate(pending.link);
    }
  }, [pending, currentId, navigate]);
  return (hit) => {
    if (hit.company && hit.company.id !== currentId) {
      setPending(hit);
      actor.send({ type: 'auth.company.switch', company: hit.company.id });
    } else navigate(hit.link);
  };
}
