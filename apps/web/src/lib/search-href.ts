import { useLocation } from 'react-router-dom';

/**
 * Links within the screen: the current URL with some parameters set (or removed with null), so a
 * relation opens the related asset and a finding its triage, deep-linkable and back-button friendly.
 */
export function useSearchHref() {
  const location = useLocation();
  return (changes: Record<string, string | null>) => {
    const search = new URLSearchParams(location.search);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null) search.delete(key);
      else search.set(key, value);
    }
    return { pathname: location.pathname, search: `?${search.toString()}` };
  };
}
