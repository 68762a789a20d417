// Wrong two-factor codes count per sign-in attempt and per account (issue 32, item 4): a stranger
// who has the password spends their own attempt and cannot lock the owner's next sign-in; the
// account's ceiling still stops guessing, and never shuts out the owner's known browser.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settleAfterResponse } from '../../shared/after-response.js';
import { MINUTE } from '../../shared/clock.js';
import { signInStepOf } from '../../testing/api.js';
import { TestBrowser } from '../../testing/browser.js';
import { createUser, json, latestCode, latestLinkToken } from '../../testing/flows.js';
import { openTestDatabase, type TestDatabase, testApp, type VigilApp } from '../../testing/test-app.js';
import {
  TWO_FACTOR_ACCOUNT_MAX_WRONG,
  TWO_FACTOR_ACCOUNT_WINDOW_MS,
  TWO_FACTOR_ATTEMPT_MAX_WRONG,
} from './two-factor-lock.js';

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

/** The password step in `browser` (a new one from `ip` if none): the user id and the e-mailed code. */
async function passwordStep(email: string, options: { ip?: string; browser?: TestBrowser } = {}) {
  const browser = options.browser ?? (await TestBrowser.open(app, { ip: options.ip ?? '203.0.113.50' }));
  const login = await browser.post('/api/login', { email, password });
  expect(login.statusCode, login.body).toBe(200);
  const userId = signInStepOf(login).user_id;
  const code = await latestCode(app, email);
  const verify = (typed: string) => browser.post('/api/verify-two-factor', { user_id: userId, code: typed });
  return { browser, code, verify, wrong: code === '000000' ? '111111' : '000000' };
}

/** A stranger with the password: `attempts` sign-ins, each spending its wrong codes; the statuses. */
async function strangerGuesses(email: string, attempts: number): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < attempts; i += 1) {
    const attempt = await passwordStep(email, { ip: `203.0.113.${10 + i}` });
    for (let j = 0; j < TWO_FACTOR_ATTEMPT_MAX_WRONG; j += 1)
      statuses.push((await attempt.verify(attempt.wrong)).statusCode);
  }
  return statuses;
}

describe('wrong two-factor codes per sign-in attempt', () => {
  it('a spent attempt refuses even the right code; the owner’s next attempt is not locked by it', async () => {
    const user = await createUser(app, clock.now(), 'attempt-owner@acme-retail.example', { two_factor_enabled: true });
    const stranger = await passwordStep(user.email, { ip: '203.0.113.9' });
    for (let i = 1; i <= TWO_FACTOR_ATTEMPT_MAX_WRONG; i += 1) {
      expect((await stranger.verify(stranger.wrong)).statusCode).toBe(401);
    }
    const spent = await stranger.verify(stranger.code);
    expect(spent.statusCode).toBe(401);
    expect(json(spent)).toEqual({
      message: 'Invalid or expired 2FA code.',
      details: 'Too many wrong codes: sign in again.',
    });
    expect(spent.cookies.some((c) => c.name === 'access_token')).toBe(false);
    // A new code in the same attempt gives no new tries either.
    clock.advance(2 * MINUTE);
    expect((await stranger.browser.post('/api/resend-two-factor', { user_id: user.id })).statusCode).toBe(401);

    // Two spent attempts (10 wrong codes) used to lock the account for everyone.
    expect((await strangerGuesses(user.email, 1)).every((s) => s === 401)).toBe(true);
    const owner = await passwordStep(user.email, { ip: '198.51.100.20' });
    const ok = await owner.verify(owner.code);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(json(ok).access_token).toEqual(expect.any(String));
  });
});

describe('the account’s ceiling', () => {
  it('stops the guessing of strangers, tells the owner once, and leaves the owner’s known browser open', async () => {
    const user = await createUser(app, clock.now(), 'ceiling@acme-retail.example', { two_factor_enabled: true });
    // The owner signed in from this browser before: it holds the account's device cookie.
    const ownerBrowser = await TestBrowser.open(app, { ip: '198.51.100.30' });
    const first = await passwordStep(user.email, { browser: ownerBrowser });
    expect((await first.verify(first.code)).statusCode).toBe(200);
    expect(ownerBrowser.cookies.has('vigil_device')).toBe(true);

    const attempts = TWO_FACTOR_ACCOUNT_MAX_WRONG / TWO_FACTOR_ATTEMPT_MAX_WRONG;
    const statuses = await strangerGuesses(user.email, attempts);
    expect(statuses.slice(0, -1).every((s) => s === 401)).toBe(true);
    expect(statuses.at(-1)).toBe(429);

    // A fresh attempt from a browser the account never used: even the right code is refused.
    const stranger = await passwordStep(user.email, { ip: '203.0.113.99' });
    const refused = await stranger.verify(stranger.code);
    expect(refused.statusCode).toBe(429);
    expect(json(refused).message).toBe('Too many wrong codes. Try again in 24 hours.');
    expect(Number(refused.headers['retry-after'])).toBe(24 * 60 * 60);
    const locks = await app.ctx.db
      .selectFrom('outbox_messages')
      .select('subject')
      .where('recipient', '=', user.email)
      .where('subject', '=', 'Vigil sign-in codes locked')
      .execute();
    expect(locks).toHaveLength(1);

    // The owner's own browser signs in, with its own attempt.
    clock.advance(MINUTE);
    const owner = await passwordStep(user.email, { browser: ownerBrowser });
    const ok = await owner.verify(owner.code);
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('bounds the known browser too, and a password reset starts the counts again', async () => {
    const user = await createUser(app, clock.now(), 'known-guess@acme-retail.example', { two_factor_enabled: true });
    const browser = await TestBrowser.open(app, { ip: '198.51.100.40' });
    const first = await passwordStep(user.email, { browser });
    expect((await first.verify(first.code)).statusCode).toBe(200);
    const statuses: number[] = [];
    for (let i = 0; i < TWO_FACTOR_ACCOUNT_MAX_WRONG / TWO_FACTOR_ATTEMPT_MAX_WRONG; i += 1) {
      const attempt = await passwordStep(user.email, { browser });
      for (let j = 0; j < TWO_FACTOR_ATTEMPT_MAX_WRONG; j += 1)
        statuses.push((await attempt.verify(attempt.wrong)).statusCode);
    }
    expect(statuses.at(-1)).toBe(429);
    const blocked = await passwordStep(user.email, { browser });
    expect((await blocked.verify(blocked.code)).statusCode).toBe(429);

    // The owner resets the password: whoever guessed with the old one is out, the counts restart.
    const reset = await browser.post('/api/password/reset-request', { email: user.email });
    expect(reset.statusCode).toBeLessThan(300);
    await settleAfterResponse(app.ctx);
    const token = await latestLinkToken(app, user.email, /reset-password\?token=([\w-]+)/);
    const newPassword = 'Another-horse-2';
    const done = await browser.post('/api/password/reset', {
      email: user.email,
      password: newPassword,
      password_confirmation: newPassword,
      token,
    });
    expect(done.statusCode, done.body).toBe(200);
    const login = await browser.post('/api/login', { email: user.email, password: newPassword });
    const code = await latestCode(app, user.email);
    const ok = await browser.post('/api/verify-two-factor', {
      user_id: signInStepOf(login).user_id,
      code,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    clock.advance(TWO_FACTOR_ACCOUNT_WINDOW_MS);
  });
});
