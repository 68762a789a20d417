// Sessions (idle and absolute expiry, logout), companies and language.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOUR, MINUTE } from '../../shared/clock.js';
import { sha256 } from '../../shared/secrets.js';
import { answerOf, sessionOf } from '../../testing/api.js';
import { TestBrowser } from '../../testing/browser.js';
import { createUser, json, latestLinkToken, signIn } from '../../testing/flows.js';
import { openTestDatabase, type TestDatabase, testApp, type VigilApp } from '../../testing/test-app.js';
import { insertCompany } from '../clients/clients.repository.js';
import { updateUser } from '../users/users.repository.js';

let database: TestDatabase;
let app: VigilApp;
let clock: Awaited<ReturnType<typeof testApp>>['clock'];

beforeAll(async () => {
  database = await openTestDatabase();
  ({ app, clock } = await testApp(database));
});
afterAll(async () => {
  await app.close();
  await database.close();
});

describe('sessions', () => {
  it('answers check-user while active; check-user alone does not keep the session alive', async () => {
    const { browser, token } = await signIn(app);
    const ok = await browser.post('/api/check-user', undefined, { token });
    expect(ok.statusCode).toBe(200);
    expect(json(ok)).toMatchObject({ status: 'active' });
    clock.advance(20 * MINUTE);
    expect((await browser.post('/api/check-user', undefined, { token })).statusCode).toBe(200);
    clock.advance(11 * MINUTE);
    const idle = await browser.post('/api/check-user', undefined, { token });
    expect(idle.statusCode).toBe(401);
    expect(json(idle)).toEqual({ message: 'Session expired due to inactivity.' });
    // Once expired it stays dead, even after activity elsewhere.
    expect((await browser.get('/api/get-clients', { token })).statusCode).toBe(401);
  });

  it('other calls count as activity', async () => {
    const { browser, token } = await signIn(app);
    for (let i = 0; i < 3; i += 1) {
      clock.advance(25 * MINUTE);
      expect((await browser.get('/api/get-clients', { token })).statusCode).toBe(200);
    }
    expect((await browser.post('/api/check-user', undefined, { token })).statusCode).toBe(200);
  });

  it('ends after 12 hours however active', async () => {
    const { browser, token } = await signIn(app);
    for (let i = 0; i < 25; i += 1) {
      clock.advance(29 * MINUTE);
      await browser.get('/api/get-clients', { token });
    }
    expect(25 * 29 * MINUTE).toBeGreaterThan(12 * HOUR);
    const response = await browser.get('/api/get-clients', { token });
    expect(response.statusCode).toBe(401);
    expect(json(response).message).toBe('Session expired. Please sign in again.');
  });

  it('logout revokes the token and expires the cookie', async () => {
    const { browser, token } = await signIn(app);
    expect(browser.cookies.has('access_token')).toBe(true);
    const out = await browser.post('/api/logout', undefined, { token });
    expect(out.statusCode).toBe(200);
    expect(browser.cookies.has('access_token')).toBe(false);
    const after = await browser.post('/api/check-user', undefined, { token });
    expect(after.statusCode).toBe(401);
    expect((await browser.post('/api/logout', undefined, { token })).statusCode).toBe(401);
  });

  it('accepts the HttpOnly access_token cookie instead of the header, still behind CSRF', async () => {
    const { browser } = await signIn(app);
    expect((await browser.get('/api/get-clients')).statusCode).toBe(200);
    expect((await browser.post('/api/check-user', undefined, { noCsrf: true })).statusCode).toBe(419);
  });

  it('refuses unknown tokens', async () => {
    const browser = await TestBrowser.open(app);
    const response = await browser.get('/api/get-clients', { token: 'made-up' });
    expect(response.statusCode).toBe(401);
    expect(json(response)).toEqual({ message: 'Unauthenticated.' });
  });
});

// Whatever ends a session or takes a user's access away holds from the very next call: each case
// first makes the same calls several times (so that anything kept between calls would be warm),
// then ends the session, then calls again with the old token.
describe('revocation takes effect on the next call', () => {
  const refused = { message: 'Unauthenticated.' };

  async function warm(browser: TestBrowser, token: string) {
    for (let i = 0; i < 3; i += 1) {
      expect((await browser.post('/api/check-user', undefined, { token })).statusCode).toBe(200);
      expect((await browser.get('/api/credentials', { token })).statusCode).toBe(200);
    }
  }

  /** A user without two-factor, signed in twice (two sessions, two browsers). */
  async function userWithTwoSessions(email: string) {
    const user = await createUser(app, clock.now(), email);
    const sessions = [];
    for (let i = 0; i < 2; i += 1) {
      const browser = await TestBrowser.open(app);
      const login = await browser.post('/api/login', { email, password: 'Correct-horse-1' });
      expect(login.statusCode, login.body).toBe(200);
      sessions.push({ browser, token: sessionOf(login).access_token });
    }
    return { user, sessions };
  }

  it('after logout: that session only', async () => {
    const ended = await signIn(app);
    const other = await signIn(app);
    await warm(ended.browser, ended.token);
    await warm(other.browser, other.token);
    expect((await ended.browser.post('/api/logout', undefined, { token: ended.token })).statusCode).toBe(200);
    const check = await ended.browser.post('/api/check-user', undefined, { token: ended.token });
    expect(check.statusCode).toBe(401);
    expect(json(check)).toEqual(refused);
    expect((await ended.browser.get('/api/credentials', { token: ended.token })).statusCode).toBe(401);
    await warm(other.browser, other.token);
  });

  it('after a password reset: every session of the user', async () => {
    const { user, sessions } = await userWithTwoSessions('revoke-reset@acme-retail.example');
    for (const { browser, token } of sessions) await warm(browser, token);
    const stranger = await TestBrowser.open(app);
    await stranger.post('/api/password/reset-request', { email: user.email });
    const token = await latestLinkToken(app, user.email, /reset-password\?token=([\w-]+)/);
    const reset = await stranger.post('/api/password/reset', {
      email: user.email,
      password: 'New-password-22',
      password_confirmation: 'New-password-22',
      token,
    });
    expect(reset.statusCode).toBe(200);
    for (const session of sessions) {
      const check = await session.browser.post('/api/check-user', undefined, { token: session.token });
      expect(check.statusCode).toBe(401);
      expect((await session.browser.get('/api/credentials', { token: session.token })).statusCode).toBe(401);
    }
  });

  it('once the user is deactivated, and again once reactivated', async () => {
    const { user, sessions } = await userWithTwoSessions('revoke-inactive@acme-retail.example');
    const [{ browser, token }] = sessions as [{ browser: TestBrowser; token: string }];
    await warm(browser, token);
    await updateUser(app.ctx.db, user.id, { active: false });
    const check = await browser.post('/api/check-user', undefined, { token });
    expect(check.statusCode).toBe(401);
    expect(json(check)).toEqual(refused);
    expect((await browser.get('/api/credentials', { token })).statusCode).toBe(401);
    await updateUser(app.ctx.db, user.id, { active: true });
    await warm(browser, token);
  });

  it('once the session is gone from the database (purged)', async () => {
    const { sessions } = await userWithTwoSessions('revoke-purged@acme-retail.example');
    const [{ browser, token }] = sessions as [{ browser: TestBrowser; token: string }];
    await warm(browser, token);
    await app.ctx.db.deleteFrom('sessions').where('token_hash', '=', sha256(token)).execute();
    expect((await browser.post('/api/check-user', undefined, { token })).statusCode).toBe(401);
  });

  it('once the user leaves the current company: no more of its data', async () => {
    const { user, sessions } = await userWithTwoSessions('revoke-member@acme-retail.example');
    const [{ browser, token }] = sessions as [{ browser: TestBrowser; token: string }];
    await warm(browser, token);
    await app.ctx.db.deleteFrom('memberships').where('user_id', '=', user.id).execute();
    const data = await browser.get('/api/credentials', { token });
    expect(data.statusCode).toBe(400);
    expect(json(data)).toEqual({ message: 'No company selected.' });
  });
});

describe('companies', () => {
  it('lists the companies the user belongs to, current one marked', async () => {
    const { browser, token } = await signIn(app);
    const response = await browser.get('/api/get-clients', { token });
    expect(response.statusCode).toBe(200);
    const list = answerOf('listClients', response).data;
    expect(list.map((c) => c.name)).toEqual(['Acme Retail', 'Globex Bank']);
    expect(list.filter((c) => c.current)).toHaveLength(1);
    expect(list[0]?.domains).toEqual(['acme-retail.example']);
  });

  it('switches to a company of the user (200), refuses bad ids (400) and foreign companies (404)', async () => {
    const { browser, token } = await signIn(app);
    const foreign = await insertCompany(app.ctx.db, 'Umbrella Corp', ['umbrella.example'], clock.now());
    const ok = await browser.post('/api/get-clients', { selectCompany: '2' }, { token });
    expect(ok.statusCode).toBe(200);
    expect(json(ok)).toMatchObject({ data: { idCliente: 2 } });
    const me = await browser.post('/api/check-user', undefined, { token });
    expect(me.statusCode).toBe(200);
    const bad = await browser.post('/api/get-clients', { selectCompany: 'abc' }, { token });
    expect(bad.statusCode).toBe(400);
    expect(json(bad)).toEqual({ message: 'Invalid company selected.' });
    const other = await browser.post('/api/get-clients', { selectCompany: foreign }, { token });
    expect(other.statusCode).toBe(404);
    expect(json(other)).toEqual({ message: 'Company not found.' });
    const missing = await browser.post('/api/get-clients', {}, { token });
    expect(missing.statusCode).toBe(422);
    expect(json(missing)).toMatchObject({ errors: { selectCompany: ['The select company field is required.'] } });
    const stranger = await TestBrowser.open(app);
    expect((await stranger.post('/api/get-clients', { selectCompany: 1 })).statusCode).toBe(401);
  });

  it('answers 404 when the user belongs to no company', async () => {
    const { browser, token, userId } = await signIn(app);
    await app.ctx.db.deleteFrom('memberships').where('user_id', '=', userId).execute();
    try {
      const response = await browser.get('/api/get-clients', { token });
      expect(response.statusCode).toBe(404);
      expect(json(response)).toEqual({ message: 'No clients found.' });
    } finally {
      const now = clock.now();
      await app.ctx.db
        .insertInto('memberships')
        .values([1, 2].map((company_id) => ({ user_id: userId, company_id, role: 'analyst', created_at: now })))
        .execute();
    }
  });
});

describe('language', () => {
  it('accepts the six languages and refuses others (400)', async () => {
    const { browser, token } = await signIn(app);
    for (const language of ['de', 'en', 'es', 'fr', 'pt-br', 'pt']) {
      const response = await browser.post('/api/switch-language', { language }, { token });
      expect(response.statusCode).toBe(200);
      expect(json(response)).toMatchObject({ status: 'success', language });
    }
    const bad = await browser.post('/api/switch-language', { language: 'xx' }, { token });
    expect(bad.statusCode).toBe(400);
    expect(json(bad)).toEqual({ message: 'Invalid language selected.' });
    const none = await browser.post('/api/switch-language', {}, { token });
    expect(none.statusCode).toBe(422);
    const stranger = await TestBrowser.open(app);
    expect((await stranger.post('/api/switch-language', { language: 'de' })).statusCode).toBe(401);
  });
});
