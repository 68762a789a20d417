import { type QueryKey, queryOptions } from '@tanstack/react-query';
import { ApiError } from '@vigil/api-client';

/** What an openapi-fetch call resolves to: its typed `data` when the answer was a success. */
interface Answer<T> {
  data?: T;
  response: Response;
}

/**
 * The answer's body, typed by the contract. A failed answer already rejected with an ApiError (the
 * client's middleware); a success without a body rejects here with one too, so every screen meets the
 * same error whatever went wrong.
 *
 * @example
 * const data = await answer(api.GET('/risk/rating', { signal }));
 */
export async function answer<T>(call: Promise<Answer<T>>): Promise<NonNullable<T>> {
  const { data, response } = await call;
  if (data === undefined || data === null) {
    throw new ApiError({ status: response.status, statusText: 'The server sent an empty answer.' });
  }
  return data;
}

/** The options of one query whose function reads `signal` (the query's abort signal) into `R`. */
function options<TKey extends QueryKey, R>(queryKey: TKey, read: (signal: AbortSignal) => Promise<R>) {
  return queryOptions({ queryKey, queryFn: ({ signal }) => read(signal) });
}

/**
 * TanStack Query options for one GET: the key, and a query function that reads the answer through
 * {@link answer} (with the query's abort signal), optionally picking the part the screen caches.
 * The cached type is the contract's, so `queryKey` carries it to `getQueryData`/`setQueryData`.
 *
 * @example
 * useQuery(apiQuery(['risk', 'fixes', limit], (signal) => api.GET('/risk/fixes', { params, signal }), (a) => a.data));
 */
export function apiQuery<TKey extends QueryKey, T>(
  queryKey: TKey,
  request: (signal: AbortSignal) => Promise<Answer<T>>,
): ReturnType<typeof options<TKey, NonNullable<T>>>;
export function apiQuery<TKey extends QueryKey, T, R>(
  queryKey: TKey,
  request: (signal: AbortSignal) => Promise<Answer<T>>,
  pick: (data: NonNullable<T>) => R,
): ReturnType<typeof options<TKey, R>>;
export function apiQuery<TKey extends QueryKey, T, R>(
  queryKey: TKey,
  request: (signal: AbortSignal) => Promise<Answer<T>>,
  pick?: (data: NonNullable<T>) => R,
) {
  return options(queryKey, async (signal) => {
    const data = await answer(request(signal));
    return pick ? pick(data) : data;
  });
}
