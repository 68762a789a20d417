import { useNavigate } from 'react-router-dom';
import { useOpenInCompany } from '@/identity/auth';
import type { SearchHit } from '@/platform/search';

/**
 * Opens a search hit: a hit of another of the user's companies switches to that company first (the
 * same switch as Global Vision's), then its link opens once the session works under it; a hit of
 * shared reference data (a CVE) opens where the user is.
 */
export function useOpenSearchHit(): (hit: SearchHit) => void {
  const openInCompany = useOpenInCompany();
  const navigate = useNavigate();
  return (hit) => (hit.company ? openInCompany(hit.company.id, hit.link) : navigate(hit.link));
}
