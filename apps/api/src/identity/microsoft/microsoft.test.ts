// Microsoft sign-in end to end against the local OpenID provider (oidc-provider on 127.0.0.1).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoUser } from '../../demo/demo.seed.js';
import {
  type LocalOidcProvider,
  signInAtLocalProvider,
  startLocalOidcProvider,
} from '../../dev/local-oidc-provider.js';
import { SECOND } from '../../shared/clock.js';
import { answerOf, errorOf } from '../../testing/api.js';
import { TestBrowser } from '../../testing/browser.js';
import { latestCode } from '../../testing/flows.js';
import { openTestDatabase, type TestDatabase, testApp, type VigilApp } from '../../testing/test-app.js';
import { findUserByEmail } from '../users/users.repository.js';

const publicUrl = 'http://127.0.0.1:3999';
let database: TestDatabase;
let provider: LocalOidcProvider;
let app: VigilApp;
let clock: Awaited<ReturnType<typeof testApp>>['clock'];

beforeAll(async () => {
  database = await openTestDatabase();
  provider = await startLocalOidcProvider({ redirectUris: [`${publicUrl}/api/auth/microsoft/callback`] });
  ({ app, clock } = await testApp(database, {
    publicUrl,
    oidc: { issuer: provider.issuer, clientId: provider.clientId, clientSecret: provider.clientSecret },
  }));
});
afterAll(async () => {
  await app.close();
  await provider.close();
  await database.close();
});

/** Starts at /api/auth/microsoft/{login|register}, signs in at the provider, returns /signin's query. */
async function roundTrip(browser: TestBrowser, account: string, start = '/api/auth/microsoft/login') {
  const started = await browser.get(start);
  expect(started.statusCode).toBe(200);
  const { url, state } = answerOf(
    start.includes('register') ? 'startMicrosoftSignUp' : 'startMicrosoftSignIn',
    started,
  );
  const authorization = new URL(url);
  expect(authorization.searchParams.get('code_challenge_method')).toBe('S256');
  expect(authorization.searchParams.get('nonce')).toBeTruthy();
  expect(authorization.searchParams.get('state')).toBe(state);
  const callback = await signInAtLocalProvider(url, account);
  expect(callback.pathname).toBe('/api/auth/microsoft/callback');
  const back = await browser.get(`${callback.pathname}${callback.search}`, { headers: { accept: 'text/html' } });
  expect(back.statusCode).toBe(302);
  const location = new URL(String(back.headers.location));
  expect(location.origin + location.pathname).toBe(`${publicUrl}/signin`);
  return { state, query: location.searchParams, callback, location: String(back.headers.location) };
}

describe('Microsoft sign-in', () => {
  it('hands over a redirect_key and temp_token, then the two-factor step, then the session', async () => {
    const browser = await TestBrowser.open(app);
    const { state, query } = await roundTrip(browser, 'analyst');
    expect(query.get('state')).toBe(state);
    const key = query.get('redirect_key') ?? '';
    const temp = query.get('temp_token') ?? '';
    expect(key.length).toBeGreaterThan(40);
    const exchanged = await browser.get(
      `/api/auth/microsoft/login/retrieveToken?redirect_key=${key}&temp_token=${temp}`,
    );
    expect(exchanged.statusCode).toBe(200);
    const step = answerOf('retrieveMicrosoftToken', exchanged);
    expect(step).toMatchObject({ two_factor_required: true, email: demoUser.email });
    if ('access_token' in step) throw new Error('retrieveToken answered a session before the two-factor step');
    const code = await latestCode(app, demoUser.email);
    const verified = await browser.post('/api/verify-two-factor', { user_id: step.user_id, code });
    expect(verified.statusCode).toBe(200);
    expect(answerOf('verifyTwoFactor', verified)).toMatchObject({
      token_type: 'Bearer',
      user: { email: demoUser.email },
    });
    // The key is single use.
    const replay = await browser.get(`/api/auth/microsoft/login/retrieveToken?redirect_key=${key}&temp_token=${temp}`);
    expect(replay.statusCode).toBe(400);
    expect(errorOf(replay)).toEqual({ message: 'Invalid or expired key.' });
  });

  it('refuses a wrong or expired temporary token (401) and burns the key', async () => {
    const browser = await TestBrowser.open(app);
    const wrong = await roundTrip(browser, 'analyst');
    const key = wrong.query.get('redirect_key') ?? '';
    const bad = await browser.get(`/api/auth/microsoft/login/retrieveToken?redirect_key=${key}&temp_token=guess`);
    expect(bad.statusCode).toBe(401);
    expect(errorOf(bad)).toEqual({ message: 'Invalid temporary token.' });
    const temp = wrong.query.get('temp_token') ?? '';
    const burnt = await browser.get(`/api/auth/microsoft/login/retrieveToken?redirect_key=${key}&temp_token=${temp}`);
    expect(burnt.statusCode).toBe(400);

    const late = await roundTrip(browser, 'analyst');
    clock.advance(61 * SECOND);
    const expired = await browser.get(
      `/api/auth/microsoft/login/retrieveToken?redirect_key=${late.query.get('redirect_key')}&temp_token=${late.query.get('temp_token')}`,
    );
    expect(expired.statusCode).toBe(401);
    const missing = await browser.get('/api/auth/microsoft/login/retrieveToken?redirect_key=x');
    expect(missing.statusCode).toBe(422);
  });

  it("sends an unknown domain back with 'Domain not recognized' and the e-mail", async () => {
    const browser = await TestBrowser.open(app);
    const { query, location } = await roundTrip(browser, 'outsider');
    expect(location).toContain('message=Domain%20not%20recognized&email=someone%40unknown-company.example');
    expect(query.get('status')).toBe('error');
    expect(query.get('message')).toBe('Domain not recognized');
    expect(query.get('email')).toBe('someone@unknown-company.example');
  });

  it('signs a new colleague up (matched later by tid + oid) who then awaits validation', async () => {
    const browser = await TestBrowser.open(app);
    const { query } = await roundTrip(browser, 'new-hire', '/api/auth/microsoft/register?name=Nico%20N&position=SOC');
    expect(query.get('status')).toBe('error');
    expect(query.get('active_validation_required')).toBe('true');
    expect(query.get('email')).toBe('new.hire@globex.example');
    const user = await findUserByEmail(app.ctx.db, 'new.hire@globex.example');
    expect(user).toMatchObject({ name: 'Nico N', position: 'SOC', active: false, current_company_id: 2 });
    expect(user?.microsoft_oid).toBeTruthy();
    // Once validated, the same identity signs in and is asked to accept the terms (200 with the flag).
    await app.ctx.db
      .updateTable('users')
      .set({ active: true, two_factor_enabled: false })
      .where('id', '=', user?.id ?? 0)
      .execute();
    const again = await roundTrip(browser, 'new-hire');
    const exchanged = await browser.get(
      `/api/auth/microsoft/login/retrieveToken?redirect_key=${again.query.get('redirect_key')}&temp_token=${again.query.get('temp_token')}`,
    );
    expect(exchanged.statusCode).toBe(200);
    expect(answerOf('retrieveMicrosoftToken', exchanged)).toMatchObject({
      terms_accepted_required: true,
      user_id: user?.id,
    });
    const accepted = await browser.post('/api/terms-accepted', { user_id: user?.id, terms: true, privacy: true });
    expect(accepted.statusCode).toBe(200);
    expect(answerOf('acceptTerms', accepted)).toMatchObject({ token_type: 'Bearer' });
  });

  it('refuses a replayed or unknown state and answers JSON when asked', async () => {
    const browser = await TestBrowser.open(app);
    const { callback } = await roundTrip(browser, 'analyst');
    const replay = await browser.get(`${callback.pathname}${callback.search}`, {
      headers: { accept: 'application/json' },
    });
    expect(replay.statusCode).toBe(200);
    const location = new URL(answerOf('completeMicrosoftSignIn', replay).location);
    expect(location.searchParams.get('status')).toBe('error');
    const noState = await browser.get('/api/auth/microsoft/callback?code=x');
    expect(noState.statusCode).toBe(422);
  });
});

describe('Microsoft not configured (production, no MICROSOFT_*: no local provider either)', () => {
  it('answers 503 with a clear message on both start endpoints, never a 500', async () => {
    const production = await testApp(database, { env: { NODE_ENV: 'production' } });
    try {
      for (const url of ['/api/auth/microsoft/login', '/api/auth/microsoft/register?name=Nico']) {
        const response = await production.app.inject({ method: 'GET', url });
        expect(response.statusCode, url).toBe(503);
        expect(errorOf(response), url).toEqual({ message: 'Microsoft sign-in is not configured on this server.' });
      }
    } finally {
      await production.app.close();
    }
  });
});
