import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Schemas } from '@vigil/api-client';
import { useApi } from '@/lib/api-context';
import { apiQuery } from '@/lib/api-query';

export type SearchResults = Schemas['SearchResults'];
export type SearchGroup = Schemas['SearchGroup'];
export type SearchHit = Schemas['SearchHit'];

/** The server's bounds of the typed text (openapi/paths/search.yaml). */
export const SEARCH_MIN = 2;
export const SEARCH_MAX = 200;

/**
 * The groups that match `q` (already debounced), `limit` hits each. A newer text cancels the request
 * of the older one (the query's signal); the previous answer stays on screen until the new one comes.
 */
export function useSearch(q: string, limit: number) {
  const api = useApi();
  const text = q.trim();
  return useQuery({
    ...apiQuery(['search', text, limit], (signal) =>
      api.GET('/search', { params: { query: { q: text, limit } }, signal }),
    ),
    enabled: text.length >= SEARCH_MIN && text.length <= SEARCH_MAX,
    placeholderData: keepPreviousData,
  });
}
