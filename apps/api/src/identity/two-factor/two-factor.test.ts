// The authenticator method end to end through the API: enrolment, sign-in with an app code or a
// recovery code, replay and window rules, the per-account lock, regeneration and turning it off.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SECOND } from '../../shared/clock.js';
import { answerOf, signInStepOf, validationOf } from '../../testing/api.js';
import { TestBrowser } from '../../testing/browser.js';
import { createUser, json, type SignedIn, signIn } from '../../testing/flows.js';
import { openTestDatabase, type TestDatabase, testApp, type VigilApp } from '../../testing/test-app.js';
import {
  TWO_FACTOR_ACCOUNT_MAX_WRONG,
  TWO_FACTOR_ATTEMPT_MAX_WRONG,
  TWO_FACTOR_LOCK_MS,
} from '../auth/two-factor-lock.js';
import { base32Decode, hotp, TOTP_STEP_SECONDS, timeStep } from './totp.js';

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
const STEP_MS = TOTP_STEP_SECONDS * SECOND;

/** The app's code for `secret`, `offset` steps from now. */
function appCode(secret: string, offset = 0): string {
  return hotp(base32Decode(secret), timeStep(clock.now()) + offset);
}

interface Enrolled extends SignedIn {
  email: string;
  secret: string;
  recoveryCodes: string[];
}

/** A user signed in with the e-mailed code who then sets up an authenticator app. */
async function enrolledUser(email: string): Promise<Enrolled> {
  await createUser(app, clock.now(), email, { two_factor_enabled: true });
  const who = await signIn(app, { email, password });
  const start = await who.browser.post('/api/two-factor/authenticator', undefined, { token: who.token });
  expect(start.statusCode, start.body).toBe(200);
  const { secret, otpauth_uri } = answerOf('startAuthenticator', start);
  expect(base32Decode(secret)).toHaveLength(20);
  expect(otpauth_uri).toBe(
    `otpauth://totp/Vigil:${encodeURIComponent(email)}?secret=${secret}&issuer=Vigil&algorithm=SHA1&digits=6&period=30`,
  );
  const confirm = await who.browser.post(
    '/api/two-factor/authenticator/confirm',
    { code: appCode(secret) },
    {
      token: who.token,
    },
  );
  expect(confirm.statusCode, confirm.body).toBe(200);
  const { recovery_codes } = answerOf('confirmAuthenticator', confirm);
  // The confirming code's step is used: the first sign-in needs the next one.
  clock.advance(STEP_MS);
  return { ...who, email, secret, recoveryCodes: recovery_codes };
}

/** The password step; answers the browser, user id and the login answer. */
async function passwordStep(email: string) {
  const browser = await TestBrowser.open(app);
  const login = await browser.post('/api/login', { email, password });
  expect(login.statusCode, login.body).toBe(200);
  const body = signInStepOf(login);
  const verify = (code: string) => browser.post('/api/verify-two-factor', { user_id: body.user_id, code });
  return { browser, body, verify };
}

const mailCount = async (email: string) =>
  (await app.ctx.db.selectFrom('outbox_messages').select('id').where('recipient', '=', email).execute()).length;

const auditOf = async (userId: number) =>
  (await app.ctx.db.selectFrom('audit_events').select('event').where('user_id', '=', userId).execute()).map(
    (row) => row.event,
  );

describe('setting up an authenticator app', () => {
  it('is active only after a right first code; the secret is stored sealed; ten codes are shown', async () => {
    await createUser(app, clock.now(), 'enrol@acme-retail.example', { two_factor_enabled: true });
    const who = await signIn(app, { email: 'enrol@acme-retail.example', password });
    const status = () => who.browser.get('/api/two-factor', { token: who.token }).then((r) => json(r));
    expect(await status()).toEqual({ method: 'email', recovery_codes_left: 0 });
    const start = answerOf(
      'startAuthenticator',
      await who.browser.post('/api/two-factor/authenticator', undefined, { token: who.token }),
    );
    const row = await app.ctx.db
      .selectFrom('authenticators')
      .selectAll()
      .where('user_id', '=', who.userId)
      .executeTakeFirstOrThrow();
    expect(row.secret_sealed).not.toContain(start.secret);
    expect(row.confirmed_at).toBeNull();
    expect(await status()).toEqual({ method: 'email', recovery_codes_left: 0 });

    const wrong = await who.browser.post(
      '/api/two-factor/authenticator/confirm',
      { code: appCode(start.secret, 3) },
      {
        token: who.token,
      },
    );
    expect(wrong.statusCode).toBe(422);
    const right = await who.browser.post(
      '/api/two-factor/authenticator/confirm',
      { code: appCode(start.secret, -1) },
      {
        token: who.token,
      },
    );
    expect(right.statusCode, right.body).toBe(200);
    const codes = answerOf('confirmAuthenticator', right).recovery_codes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[0-9a-z]{5}-[0-9a-z]{5}$/);
    const stored = await app.ctx.db
      .selectFrom('recovery_codes')
      .select('code_hash')
      .where('user_id', '=', who.userId)
      .execute();
    expect(stored.map((r) => r.code_hash).some((h) => codes.some((c) => h.includes(c.replace('-', ''))))).toBe(false);
    expect(await status()).toEqual({ method: 'authenticator', recovery_codes_left: 10 });
    const again = await who.browser.post('/api/two-factor/authenticator', undefined, { token: who.token });
    expect(again.statusCode).toBe(409);
    expect(await auditOf(who.userId)).toContain('two_factor.authenticator_enrolled');
  });
});

describe('signing in with the authenticator app', () => {
  it('asks for the app code, sends no e-mail, and refuses a code twice', async () => {
    const user = await enrolledUser('app@acme-retail.example');
    const mailsBefore = await mailCount(user.email);
    const first = await passwordStep(user.email);
    expect(first.body).toMatchObject({ two_factor_required: true, two_factor_method: 'authenticator' });
    expect(first.body.message).toBe('Enter the code from your authenticator app.');
    expect(await mailCount(user.email)).toBe(mailsBefore);
    const resend = await first.browser.post('/api/resend-two-factor', { user_id: first.body.user_id });
    expect(resend.statusCode).toBe(404);

    const code = appCode(user.secret);
    const ok = await first.verify(code);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(json(ok).access_token).toEqual(expect.any(String));

    const second = await passwordStep(user.email);
    const replay = await second.verify(code);
    expect(replay.statusCode).toBe(401);
    expect(json(replay).message).toBe('Invalid or expired 2FA code.');
    // The previous step is inside the window but not newer than the one accepted: refused too.
    expect((await second.verify(appCode(user.secret, -1))).statusCode).toBe(401);
    expect((await second.verify(appCode(user.secret, 1))).statusCode).toBe(200);
  });

  it('accepts one step either side of now, not two', async () => {
    const user = await enrolledUser('window@acme-retail.example');
    clock.advance(STEP_MS); // so that the previous step is not the one that confirmed the app
    const attempt = await passwordStep(user.email);
    expect((await attempt.verify(appCode(user.secret, -2))).statusCode).toBe(401);
    expect((await attempt.verify(appCode(user.secret, 2))).statusCode).toBe(401);
    expect((await attempt.verify(appCode(user.secret, -1))).statusCode).toBe(200);
    clock.advance(3 * STEP_MS);
    expect((await (await passwordStep(user.email)).verify(appCode(user.secret, 1))).statusCode).toBe(200);
  });

  it('takes each recovery code once; regenerating invalidates the old ones', async () => {
    const user = await enrolledUser('recovery@acme-retail.example');
    const [first, second] = user.recoveryCodes as [string, string];
    const ok = await (await passwordStep(user.email)).verify(first.toUpperCase());
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await auditOf(user.userId)).toContain('two_factor.recovery_code_used');
    expect((await (await passwordStep(user.email)).verify(first)).statusCode).toBe(401);
    const left = await user.browser.get('/api/two-factor', { token: user.token });
    expect(json(left).recovery_codes_left).toBe(9);

    const refused = await user.browser.post(
      '/api/two-factor/recovery-codes',
      { password: 'wrong-password', code: appCode(user.secret) },
      {
        token: user.token,
      },
    );
    expect(refused.statusCode).toBe(403);
    const renewed = await user.browser.post(
      '/api/two-factor/recovery-codes',
      { password, code: appCode(user.secret) },
      { token: user.token },
    );
    expect(renewed.statusCode, renewed.body).toBe(200);
    const fresh = answerOf('regenerateRecoveryCodes', renewed).recovery_codes;
    expect((await (await passwordStep(user.email)).verify(second)).statusCode).toBe(401);
    expect((await (await passwordStep(user.email)).verify(fresh[0] ?? '')).statusCode).toBe(200);
    expect(await auditOf(user.userId)).toContain('two_factor.recovery_codes_regenerated');
  });

  it('ends an attempt after 5 wrong app codes and locks the code step at the account’s ceiling', async () => {
    const user = await enrolledUser('locked@acme-retail.example');
    const wrong = appCode(user.secret, 5);
    const statuses: number[] = [];
    for (let i = 0; i < TWO_FACTOR_ACCOUNT_MAX_WRONG / TWO_FACTOR_ATTEMPT_MAX_WRONG; i += 1) {
      const attempt = await passwordStep(user.email);
      for (let j = 0; j < TWO_FACTOR_ATTEMPT_MAX_WRONG; j += 1) statuses.push((await attempt.verify(wrong)).statusCode);
      // The attempt is spent: the right code does not finish it (and does not count).
      if (i === 0) expect((await attempt.verify(appCode(user.secret))).statusCode).toBe(401);
    }
    expect(statuses.slice(0, -1).every((s) => s === 401)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    const attempt = await passwordStep(user.email);
    expect((await attempt.verify(appCode(user.secret))).statusCode).toBe(429);
    expect((await attempt.verify(user.recoveryCodes[0] ?? '')).statusCode).toBe(429);
    clock.advance(TWO_FACTOR_LOCK_MS);
    expect((await (await passwordStep(user.email)).verify(appCode(user.secret))).statusCode).toBe(200);
  });
});

describe('turning the authenticator app off', () => {
  it('needs the password and a fresh code, then sign-in asks for the e-mailed code again', async () => {
    const user = await enrolledUser('disable@acme-retail.example');
    const off = (body: object) =>
      user.browser.post('/api/two-factor/authenticator/disable', body, { token: user.token });
    const missing = await off({});
    expect(missing.statusCode).toBe(422);
    expect(validationOf(missing).errors).toEqual({
      password: ['Enter your password.'],
      code: ['Enter a code from your authenticator app or a recovery code.'],
    });
    // The password alone, or a code alone, is not enough.
    expect((await off({ password })).statusCode).toBe(422);
    expect((await off({ code: appCode(user.secret) })).statusCode).toBe(422);
    expect((await off({ password: 'wrong-password', code: appCode(user.secret) })).statusCode).toBe(403);
    expect((await off({ password, code: appCode(user.secret, 4) })).statusCode).toBe(403);
    // A code already used (here by a sign-in) is stale: refused.
    const signedIn = await passwordStep(user.email);
    const used = appCode(user.secret);
    expect((await signedIn.verify(used)).statusCode).toBe(200);
    expect((await off({ password, code: used })).statusCode).toBe(403);
    clock.advance(STEP_MS);
    const done = await off({ password, code: appCode(user.secret) });
    expect(done.statusCode, done.body).toBe(200);
    expect(json(done)).toEqual({ method: 'email', recovery_codes_left: 0 });
    expect(await auditOf(user.userId)).toContain('two_factor.authenticator_disabled');
    const attempt = await passwordStep(user.email);
    expect(attempt.body).toMatchObject({ two_factor_method: 'email' });
    expect(attempt.body.message).toBe('A verification code was sent to your e-mail.');
    expect((await attempt.verify(user.recoveryCodes[1] ?? '')).statusCode).toBe(401);
  });

  it('works for the signed-in owner while strangers’ wrong codes lock the code step', async () => {
    const user = await enrolledUser('disable-locked@acme-retail.example');
    const wrong = appCode(user.secret, 5);
    for (let i = 0; i < TWO_FACTOR_ACCOUNT_MAX_WRONG / TWO_FACTOR_ATTEMPT_MAX_WRONG; i += 1) {
      const attempt = await passwordStep(user.email);
      for (let j = 0; j < TWO_FACTOR_ATTEMPT_MAX_WRONG; j += 1) await attempt.verify(wrong);
    }
    expect((await (await passwordStep(user.email)).verify(appCode(user.secret))).statusCode).toBe(429);
    const off = (body: object) =>
      user.browser.post('/api/two-factor/authenticator/disable', body, { token: user.token });
    const done = await off({ password, code: user.recoveryCodes[2] ?? '' });
    expect(done.statusCode, done.body).toBe(200);
    clock.advance(TWO_FACTOR_LOCK_MS);
  });
});
