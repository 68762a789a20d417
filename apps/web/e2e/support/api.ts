import { type APIRequestContext, expect, request as playwrightRequest } from '@playwright/test';
import { lastMailId, serverUrl, waitForMail } from './fixtures.ts';

/** A signed-in API client of the real server (as an administrator would use it), with the XSRF header. */
export async function apiSession(user: { email: string; password: string }): Promise<{
  request: APIRequestContext;
  token: string;
  post: (path: string, data?: unknown) => ReturnType<APIRequestContext['post']>;
}> {
  const request = await playwrightRequest.newContext({ baseURL: serverUrl() });
  await request.get('/api/csrf-cookie');
  const xsrf = async () => {
    const cookie = (await request.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN');
    return decodeURIComponent(cookie?.value ?? '');
  };
  let token = '';
  const post = async (path: string, data?: unknown) =>
    request.post(path, {
      headers: { 'x-xsrf-token': await xsrf(), ...(token ? { authorization: `Bearer ${token}` } : {}) },
      ...(data === undefined ? {} : { data }),
    });
  const before = await lastMailId(request, user.email);
  const login = await post('/api/login', { email: user.email, password: user.password });
  const answer = (await login.json()) as { access_token?: string; user_id?: number; two_factor_required?: boolean };
  if (answer.two_factor_required) {
    const { match: code } = await waitForMail(request, user.email, /\b(\d{6})\b/, before);
    const verified = await post('/api/verify-two-factor', { user_id: answer.user_id, code });
    expect(verified.ok()).toBe(true);
    token = ((await verified.json()) as { access_token: string }).access_token;
  } else {
    token = answer.access_token ?? '';
  }
  expect(token).not.toBe('');
  return { request, token, post };
}
