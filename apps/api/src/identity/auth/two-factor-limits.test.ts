// Wrong two-factor codes are counted per account, across sign-ins (issue 11, item 3): new sign-ins
// give new codes, so a per-code limit alone let 30 wrong codes over 6 sign-ins be followed by a session.
// Per attempt and the owner's known browser: two-factor-attempts.test.ts (issue 32).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MINUTE } from '../../shared/clock.js';
import { signInStepOf } from '../../testing/api.js';
import { TestBrowser } from '../../testing/browser.js';
import { createUser, json, latestCode } from '../../testing/flows.js';
import { openTestDatabase, type TestDatabase, testApp, type VigilApp } from '../../testing/test-app.js';
import { TWO_FACTOR_ACCOUNT_MAX_WRONG, TWO_FACTOR_LOCK_MS } from './two-factor-lock.js';

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

const password = 'Correct-horse-1';

/** Password step from `ip`; answers the browser, the user id and the code that was e-mailed. */
async function startSignIn(email: string, ip: string) {
  const browser = await TestBrowser.open(app, { ip });
  const login = await browser.post('/api/login', { email, password });
  expect(login.statusCode, login.body).toBe(200);
  const userId = signInStepOf(login).user_id;
  return { browser, userId, code: await latestCode(app, email) };
}

function mailsTo(email: string) {
  return app.ctx.db.selectFrom('outbox_messages').selectAll().where('recipient', '=', email).orderBy('id').execute();
}

describe('wrong two-factor codes per account', () => {
  it('30 wrong codes over 6 sign-ins, then the right one: no session; the owner is told once; later it works', async () => {
    const user = await createUser(app, clock.now(), 'guessed@acme-retail.example', { two_factor_enabled: true });
    const statuses: number[] = [];
    for (let signIn = 0; signIn < 6; signIn += 1) {
      const { browser, userId, code } = await startSignIn(user.email, '198.51.100.7');
      const wrong = code === '000000' ? '111111' : '000000';
      for (let i = 0; i < 5; i += 1) {
        const response = await browser.post('/api/verify-two-factor', { user_id: userId, code: wrong });
        statuses.push(response.statusCode);
      }
    }
    expect(statuses.every((s) => s === 401 || s === 429)).toBe(true);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);

    const { browser, userId, code } = await startSignIn(user.email, '198.51.100.7');
    const refused = await browser.post('/api/verify-two-factor', { user_id: userId, code });
    expect(refused.statusCode).toBe(429);
    expect(json(refused).message).toBe('Too many wrong codes. Try again in 24 hours.');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.cookies.some((c) => c.name === 'access_token')).toBe(false);

    const locks = (await mailsTo(user.email)).filter((m) => m.subject === 'Vigil sign-in codes locked');
    expect(locks).toHaveLength(1);
    const text = locks[0]?.text_body ?? '';
    expect(text).toContain('198.51.100.7');
    expect(text).toContain(clock.now().toISOString().slice(0, 10));
    expect(text).not.toContain(code);
    expect(text).not.toMatch(/\b\d{6}\b/);

    clock.advance(TWO_FACTOR_LOCK_MS);
    const later = await startSignIn(user.email, '198.51.100.8');
    // The wrong codes before the lock do not count again: one more wrong code is a plain 401.
    const wrong = later.code === '000000' ? '111111' : '000000';
    const oneWrong = await later.browser.post('/api/verify-two-factor', { user_id: later.userId, code: wrong });
    expect(oneWrong.statusCode).toBe(401);
    const ok = await later.browser.post('/api/verify-two-factor', { user_id: later.userId, code: later.code });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(json(ok).access_token).toEqual(expect.any(String));
  });

  it('counts wrong codes of different sign-ins together and locks only that account', async () => {
    const target = await createUser(app, clock.now(), 'target@acme-retail.example', { two_factor_enabled: true });
    const bystander = await createUser(app, clock.now(), 'bystander@acme-retail.example', {
      two_factor_enabled: true,
    });
    for (let i = 1; i <= TWO_FACTOR_ACCOUNT_MAX_WRONG; i += 1) {
      // A new sign-in for every wrong code: the per-code limit (5) never triggers.
      const { browser, userId, code } = await startSignIn(target.email, '198.51.100.9');
      const wrong = code === '000000' ? '111111' : '000000';
      const response = await browser.post('/api/verify-two-factor', { user_id: userId, code: wrong });
      // The wrong code that reaches the limit already answers with the lock.
      expect(response.statusCode).toBe(i < TWO_FACTOR_ACCOUNT_MAX_WRONG ? 401 : 429);
    }
    const { browser, userId, code } = await startSignIn(target.email, '198.51.100.9');
    expect((await browser.post('/api/verify-two-factor', { user_id: userId, code })).statusCode).toBe(429);
    const other = await startSignIn(bystander.email, '198.51.100.9');
    const ok = await other.browser.post('/api/verify-two-factor', { user_id: other.userId, code: other.code });
    expect(ok.statusCode).toBe(200);
    clock.advance(TWO_FACTOR_LOCK_MS + MINUTE);
  });
});
