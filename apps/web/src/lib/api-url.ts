import { env } from '@/config/env';

export type QueryValue = string | number | boolean | null | undefined | ReadonlyArray<string | number>;

/** `path` with a query string: repeated keys for arrays, empty values left out. */
export function withQuery(path: string, query: Record<string, QueryValue> = {}): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) for (const item of value) search.append(key, String(item));
    else search.set(key, String(value));
  }
  const text = search.toString();
  return `${path}${text ? `?${text}` : ''}`;
}

/** An /api URL with a query string, for plain links such as CSV exports. */
export function apiUrl(path: string, query: Record<string, QueryValue> = {}): string {
  return withQuery(`${env.apiBaseUrl}${path}`, query);
}
