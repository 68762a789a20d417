import { QueryClient } from '@tanstack/react-query';
import { ApiError, createApiClient } from '@vigil/api-client';
import { describe, expect, it } from 'vitest';
import { answer, apiQuery } from './api-query';

/** A client whose every call gets `status` with `body` (JSON when it is not a string). */
function clientAnswering(status: number, body?: unknown) {
  return createApiClient({
    baseUrl: 'http://127.0.0.1/api',
    getCookies: () => '',
    fetch: async () =>
      new Response(body === undefined ? null : JSON.stringify(body), {
        status,
        headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
      }),
  });
}

const rating = { score: 700, grade: 'B' };

describe('answer', () => {
  it('gives the body of a success', async () => {
    const api = clientAnswering(200, rating);
    await expect(answer(api.GET('/risk/rating'))).resolves.toEqual(rating);
  });

  it('turns a success without a body into the app error', async () => {
    const api = clientAnswering(204);
    const failure = await answer(api.GET('/risk/rating')).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 204, message: 'The server sent an empty answer.' });
  });

  it('passes on the client error of a failed answer with its server message', async () => {
    const api = clientAnswering(403, { message: 'You may not see this.' });
    const failure = await answer(api.GET('/risk/rating')).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 403, serverMessage: 'You may not see this.' });
  });
});

describe('apiQuery', () => {
  it('caches the answer under its key, or the part picked from it', async () => {
    const api = clientAnswering(200, { data: [{ day: '2026-12-01', score: 690 }] });
    const client = new QueryClient();
    const whole = apiQuery(['risk', 'trend', 7], (signal) =>
      api.GET('/risk/trend', { params: { query: { days: 7 } }, signal }),
    );
    const picked = apiQuery(
      ['risk', 'trend', 'picked'],
      (signal) => api.GET('/risk/trend', { params: { query: { days: 7 } }, signal }),
      (body) => body.data,
    );
    expect(whole.queryKey).toEqual(['risk', 'trend', 7]);
    await expect(client.fetchQuery(whole)).resolves.toEqual({ data: [{ day: '2026-12-01', score: 690 }] });
    await expect(client.fetchQuery(picked)).resolves.toEqual([{ day: '2026-12-01', score: 690 }]);
    expect(client.getQueryData(picked.queryKey)?.[0]?.score).toBe(690);
  });

  it('hands the query its abort signal', async () => {
    let seen: AbortSignal | undefined;
    const client = new QueryClient();
    const api = clientAnswering(200, rating);
    await client.fetchQuery(
      apiQuery(['risk', 'rating'], (signal) => {
        seen = signal;
        return api.GET('/risk/rating', { signal });
      }),
    );
    expect(seen).toBeInstanceOf(AbortSignal);
  });
});
