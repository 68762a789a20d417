// The typed /api client of the tests: @vigil/api-client (openapi-fetch over the contract's `paths`)
// whose fetch goes through a TestBrowser's inject(), so cookies and the anti-forgery header work as
// in the real client, and every answer is typed by its operation (no hand-written casts).
import { type ApiClient, createApiClient, type Schemas } from '@vigil/api-client';
import type { JsonAnswerOf, OperationId } from '../route-table.js';
import type { TestBrowser } from './browser.js';

const ORIGIN = 'http://vigil.test';
const NO_BODY = new Set([204, 205, 304]);

/** A client that calls the app through `browser`, as `token`'s user when one is given. */
export function apiOf(browser: TestBrowser, token?: string): ApiClient {
  return createApiClient({
    baseUrl: `${ORIGIN}/api`,
    getAccessToken: () => token,
    // The browser sends the anti-forgery header from its own cookies.
    getCookies: () => '',
    fetch: async (input, init) => {
      const request = new Request(input, init);
      const url = new URL(request.url);
      const headers = Object.fromEntries(request.headers);
      const body = request.method === 'GET' || request.method === 'HEAD' ? undefined : await request.text();
      const response = await browser.call(request.method as 'GET', `${url.pathname}${url.search}`, {
        headers,
        ...(body ? { body } : {}),
      });
      const answerHeaders = new Headers();
      for (const [name, value] of Object.entries(response.headers)) {
        if (value === undefined) continue;
        for (const one of Array.isArray(value) ? value : [value]) answerHeaders.append(name, String(one));
      }
      return new Response(NO_BODY.has(response.statusCode) ? null : response.rawPayload, {
        status: response.statusCode,
        headers: answerHeaders,
      });
    },
  });
}

/** The answer of a call that must succeed (a failed one has already thrown its ApiError). */
export async function ok<T>(call: Promise<{ data?: T; response: Response }>): Promise<T> {
  const { data, response } = await call;
  if (data === undefined) throw new Error(`${response.url} answered ${response.status} with no body`);
  return data;
}

/**
 * The body of an inject() answer as the contract types `op`'s answer: for tests that drive the raw
 * request (cookies, headers, odd input) and then read what came back.
 */
export function answerOf<Op extends OperationId>(_op: Op, response: { body: string }): JsonAnswerOf<Op> {
  return JSON.parse(response.body) as JsonAnswerOf<Op>;
}

/** The body of a refused call (4xx/5xx) as the contract's `Error`. */
export function errorOf(response: { body: string }): Schemas['Error'] {
  return JSON.parse(response.body) as Schemas['Error'];
}

/** The body of a 422 as the contract's `ValidationError` (the fields' messages under `errors`). */
export function validationOf(response: { body: string }): Schemas['ValidationError'] {
  return JSON.parse(response.body) as Schemas['ValidationError'];
}

type SignInAnswer = Schemas['LoginResponse'];

/** A sign-in answer (login, verify-two-factor, terms-accepted…) that must be a session: its Session. */
export function sessionOf(response: { body: string }): Schemas['Session'] {
  const answer = JSON.parse(response.body) as SignInAnswer;
  if (!('access_token' in answer)) throw new Error(`Expected a session, got: ${response.body}`);
  return answer;
}

/** A sign-in answer that must be the next step (two-factor, terms…), not a session: its flags. */
export function signInStepOf(response: { body: string }): Schemas['LoginFlags'] {
  const answer = JSON.parse(response.body) as SignInAnswer;
  if ('access_token' in answer) throw new Error(`Expected a sign-in step, got a session: ${response.body}`);
  return answer;
}
