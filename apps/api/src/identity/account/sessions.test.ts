// Profile fields, theme, and the active-sessions list with revoke one / revoke all others.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerOf, sessionOf } from '../../testing/api.js';
import { TestBrowser } from '../../testing/browser.js';
import { createUser, json, signIn } from '../../testing/flows.js';
import { openTestDatabase, type TestDatabase, testApp, type VigilApp } from '../../testing/test-app.js';
import { describeDevice } from './device.js';

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

const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

async function session(email: string, userAgent: string, ip = '127.0.0.1') {
  const browser = await TestBrowser.open(app, { ip });
  const login = await browser.post(
    '/api/login',
    { email, password: 'Correct-horse-1' },
    { headers: { 'user-agent': userAgent } },
  );
  expect(login.statusCode, login.body).toBe(200);
  return { browser, token: sessionOf(login).access_token };
}

async function list(who: { browser: TestBrowser; token: string }) {
  const response = await who.browser.get('/api/account/sessions', { token: who.token });
  expect(response.statusCode, response.body).toBe(200);
  return answerOf('listAccountSessions', response).data;
}

describe('profile', () => {
  it('reads and saves name, position and language; refuses an empty name', async () => {
    const user = await createUser(app, clock.now(), 'profile-edit@acme-retail.example');
    const me = await session(user.email, CHROME_WINDOWS);
    const read = await me.browser.get('/api/profile', { token: me.token });
    expect(json(read)).toMatchObject({ data: { id: user.id, email: user.email, picture: null, theme: null } });
    const saved = await me.browser.post(
      '/api/profile',
      { name: '  Ana Souza ', position: 'CISO', language: 'pt-br' },
      { token: me.token },
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect(json(saved)).toMatchObject({ data: { name: 'Ana Souza', position: 'CISO', language: 'pt-br' } });
    const blank = await me.browser.post('/api/profile', { name: '   ' }, { token: me.token });
    expect(blank.statusCode).toBe(422);
    expect(json(blank)).toMatchObject({ errors: { name: ['The name field is required.'] } });
    const long = await me.browser.post('/api/profile', { name: 'x'.repeat(121) }, { token: me.token });
    expect(long.statusCode).toBe(422);
    const language = await me.browser.post('/api/profile', { name: 'Ana', language: 'xx' }, { token: me.token });
    expect(language.statusCode).toBe(422);
  });

  it('saves the theme on the user (it comes back with the next sign-in)', async () => {
    const user = await createUser(app, clock.now(), 'profile-theme@acme-retail.example');
    const me = await session(user.email, CHROME_WINDOWS);
    const saved = await me.browser.post('/api/account/theme', { theme: 'dark' }, { token: me.token });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(json(saved)).toMatchObject({ data: { theme: 'dark' } });
    const bad = await me.browser.post('/api/account/theme', { theme: 'neon' }, { token: me.token });
    expect(bad.statusCode).toBe(422);
    const again = await (await TestBrowser.open(app)).post('/api/login', {
      email: user.email,
      password: 'Correct-horse-1',
    });
    expect(json(again)).toMatchObject({ user: { theme: 'dark' } });
  });
});

describe('active sessions', () => {
  it('lists the device, address, method and "this device"; other users sessions are not listed', async () => {
    const user = await createUser(app, clock.now(), 'sessions-list@acme-retail.example');
    const desk = await session(user.email, CHROME_WINDOWS, '203.0.113.7');
    await session(user.email, SAFARI_IPHONE, '198.51.100.9');
    await signIn(app);
    const sessions = await list(desk);
    expect(sessions).toHaveLength(2);
    const mine = sessions.find((s) => s.current);
    expect(mine).toMatchObject({
      browser: 'Chrome 131',
      os: 'Windows 10',
      device_type: 'desktop',
      ip: '203.0.113.7',
      method: 'password',
    });
    expect(sessions.find((s) => !s.current)).toMatchObject({
      browser: 'Safari 17',
      os: 'iOS 17.5',
      device_type: 'mobile',
    });
  });

  it("revokes one session (its next call is a 401), refuses another user's session as not found", async () => {
    const user = await createUser(app, clock.now(), 'sessions-one@acme-retail.example');
    const desk = await session(user.email, CHROME_WINDOWS);
    const phone = await session(user.email, SAFARI_IPHONE);
    const phoneId = (await list(desk)).find((s) => !s.current)?.id as number;
    expect((await phone.browser.get('/api/profile', { token: phone.token })).statusCode).toBe(200);
    const revoked = await desk.browser.call('DELETE', `/api/account/sessions/${phoneId}`, { token: desk.token });
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(json(revoked)).toEqual({ message: 'The session was signed out.' });
    expect((await phone.browser.get('/api/profile', { token: phone.token })).statusCode).toBe(401);
    expect((await list(desk)).map((s) => s.current)).toEqual([true]);
    const again = await desk.browser.call('DELETE', `/api/account/sessions/${phoneId}`, { token: desk.token });
    expect(again.statusCode).toBe(404);
    const demo = await signIn(app);
    const demoSession = (await list(demo)).find((s) => s.current)?.id as number;
    const foreign = await desk.browser.call('DELETE', `/api/account/sessions/${demoSession}`, { token: desk.token });
    expect(foreign.statusCode).toBe(404);
    expect(json(foreign)).toEqual({ message: 'Session not found.' });
    expect((await demo.browser.get('/api/profile', { token: demo.token })).statusCode).toBe(200);
  });

  it('revokes all others and keeps this one', async () => {
    const user = await createUser(app, clock.now(), 'sessions-others@acme-retail.example');
    const desk = await session(user.email, CHROME_WINDOWS);
    const others = [await session(user.email, SAFARI_IPHONE), await session(user.email, CHROME_WINDOWS)];
    const response = await desk.browser.post('/api/account/sessions/revoke-others', undefined, { token: desk.token });
    expect(response.statusCode, response.body).toBe(200);
    expect(json(response)).toEqual({ message: 'Every other session was signed out.', revoked_sessions: 2 });
    for (const other of others) {
      expect((await other.browser.post('/api/check-user', undefined, { token: other.token })).statusCode).toBe(401);
    }
    expect((await desk.browser.post('/api/check-user', undefined, { token: desk.token })).statusCode).toBe(200);
  });

  it('reads devices defensively', () => {
    expect(describeDevice(null)).toEqual({ browser: null, os: null, device_type: null });
    expect(describeDevice('\u0000garbage').browser).toBeNull();
  });
});
