// Password sign-in, two-factor, pending-step binding, terms and e-mail steps, abuse limits.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoPendingUser, demoUser } from '../../demo/demo.seed.js';
import { MINUTE } from '../../shared/clock.js';
import { validationOf } from '../../testing/api.js';
import { TestBrowser } from '../../testing/browser.js';
import { createUser, json, latestCode, signIn } from '../../testing/flows.js';
import { openTestDatabase, type TestDatabase, testApp, type VigilApp } from '../../testing/test-app.js';
import { findUserByEmail } from '../users/users.repository.js';
import type { UserUpdate } from '../users/users.table.js';
import { CURRENT_TERMS_VERSION } from './sign-in.steps.js';

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

async function startLogin(email = demoUser.email, password = demoUser.password) {
  const browser = await TestBrowser.open(app);
  const response = await browser.post('/api/login', { email, password });
  return { browser, response, body: json<Record<string, unknown>>(response) };
}

function makeUser(email: string, changes: UserUpdate = {}) {
  return createUser(app, clock.now(), email, changes);
}

beforeAll(async () => {
  await makeUser('timing-0@acme-retail.example');
  await makeUser('timing-1@acme-retail.example');
});

describe('POST /login', () => {
  it('asks for the e-mailed code when two-factor is on (200, flag, user_id, pending cookie)', async () => {
    const { browser, response, body } = await startLogin();
    expect(response.statusCode).toBe(200);
    expect(body).toMatchObject({ two_factor_required: true, email: demoUser.email });
    expect(typeof body.user_id).toBe('number');
    expect(body.access_token).toBeUndefined();
    const pending = response.cookies.find((c) => c.name === 'vigil_pending');
    expect(pending?.httpOnly).toBe(true);
    expect(pending?.path).toBe('/api');
    expect(browser.cookies.has('vigil_pending')).toBe(true);
    expect(await latestCode(app, demoUser.email)).toMatch(/^\d{6}$/);
  });

  it('answers an unknown e-mail exactly like a wrong password (401, same body)', async () => {
    const unknown = await startLogin('nobody@acme-retail.example', 'whatever-password');
    const wrong = await startLogin(demoUser.email, 'wrong-password');
    expect(unknown.response.statusCode).toBe(401);
    expect(wrong.response.statusCode).toBe(401);
    expect(unknown.body).toEqual({ message: 'Invalid email or password.' });
    expect(wrong.body).toEqual(unknown.body);
  });

  it('spends the same argon2 time on an unknown e-mail as on a wrong password', async () => {
    const browser = await TestBrowser.open(app);
    // CPU time of this process, not wall time: other jobs on a shared machine stretch wall time
    // at random, while the argon2 work itself costs the same CPU whoever else is running.
    const timeOf = async (email: string) => {
      const started = process.cpuUsage();
      expect((await browser.post('/api/login', { email, password: 'Not-the-password-9' })).statusCode).toBe(401);
      const used = process.cpuUsage(started);
      return (used.user + used.system) / 1000;
    };
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
    const unknown: number[] = [];
    const wrong: number[] = [];
    for (let i = 0; i < 9; i += 1) {
      unknown.push(await timeOf(`nobody-${i}@acme-retail.example`));
      wrong.push(await timeOf(`timing-${i % 2}@acme-retail.example`));
    }
    // Both verify one argon2id hash (m = 19 MiB, t = 2): several milliseconds each, in a ratio near 1.
    expect(median(unknown)).toBeGreaterThan(3);
    expect(median(unknown) / median(wrong)).toBeGreaterThan(1 / 3);
    expect(median(unknown) / median(wrong)).toBeLessThan(3);
  });

  it('validates the body (422)', async () => {
    const browser = await TestBrowser.open(app);
    const response = await browser.post('/api/login', { email: demoUser.email });
    expect(response.statusCode).toBe(422);
    expect(json(response)).toEqual({
      message: 'The given data was invalid.',
      errors: { password: ['The password field is required.'] },
    });
  });

  it('returns 403 active_validation_required with details for an account awaiting validation', async () => {
    const user = await findUserByEmail(app.ctx.db, demoPendingUser.email);
    if (!user) throw new Error('seed missing');
    await makeUser('waiting@acme-retail.example', { active: false });
    const { response, body } = await startLogin('waiting@acme-retail.example', 'Correct-horse-1');
    expect(response.statusCode).toBe(403);
    expect(body).toMatchObject({ active_validation_required: true, email: 'waiting@acme-retail.example' });
    expect(typeof body.details).toBe('string');
  });

  it('gives a session straight away without two-factor and with every step done', async () => {
    await makeUser('ready@acme-retail.example', {});
    const { response, body } = await startLogin('ready@acme-retail.example', 'Correct-horse-1');
    expect(response.statusCode).toBe(200);
    expect(body).toMatchObject({ token_type: 'Bearer', expires_in: 43200 });
    expect(String(body.access_token).length).toBeGreaterThanOrEqual(43);
    const cookie = response.cookies.find((c) => c.name === 'access_token');
    expect(cookie?.httpOnly).toBe(true);
  });
});

describe('POST /verify-two-factor', () => {
  it('finishes sign-in with the code; the code cannot be used twice', async () => {
    const { browser, body } = await startLogin();
    const code = await latestCode(app, demoUser.email);
    const ok = await browser.post('/api/verify-two-factor', { user_id: body.user_id, code });
    expect(ok.statusCode).toBe(200);
    expect(json(ok)).toMatchObject({ token_type: 'Bearer', user: { email: demoUser.email, idCliente: 1 } });
    expect(browser.cookies.has('vigil_pending')).toBe(false);
    const again = await browser.post('/api/verify-two-factor', { user_id: body.user_id, code });
    expect(again.statusCode).toBe(404);
  });

  it('refuses a wrong code with 401 and ends the attempt after 5 wrong tries (issue 32)', async () => {
    const { browser, body } = await startLogin();
    const code = await latestCode(app, demoUser.email);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 1; i <= 5; i += 1) {
      const response = await browser.post('/api/verify-two-factor', { user_id: body.user_id, code: wrong });
      expect(response.statusCode).toBe(401);
      expect(json(response).message).toBe('Invalid or expired 2FA code.');
    }
    const locked = await browser.post('/api/verify-two-factor', { user_id: body.user_id, code });
    expect(locked.statusCode).toBe(401);
    expect(json(locked).message).toBe('Invalid or expired 2FA code.');
    expect(json(locked).details).toBe('Too many wrong codes: sign in again.');
    // A new code in the same attempt gives no new tries; a new sign-in does.
    clock.advance(MINUTE);
    const resend = await browser.post('/api/resend-two-factor', { user_id: body.user_id });
    expect(resend.statusCode).toBe(401);
    const again = await startLogin();
    const fresh = await latestCode(app, demoUser.email);
    const ok = await again.browser.post('/api/verify-two-factor', { user_id: again.body.user_id, code: fresh });
    expect(ok.statusCode).toBe(200);
  });

  it('refuses an expired code (10 minutes)', async () => {
    const { browser, body } = await startLogin();
    const code = await latestCode(app, demoUser.email);
    clock.advance(10 * MINUTE + 1000);
    const response = await browser.post('/api/verify-two-factor', { user_id: body.user_id, code });
    expect(response.statusCode).toBe(401);
  });

  it('cannot be finished for another user: a guessed user_id or a foreign browser answers 404', async () => {
    const { browser, body } = await startLogin();
    const code = await latestCode(app, demoUser.email);
    const other = await browser.post('/api/verify-two-factor', { user_id: Number(body.user_id) + 1, code });
    expect(other.statusCode).toBe(404);
    expect(json(other).message).toBe('User not found.');
    const stranger = await TestBrowser.open(app);
    const foreign = await stranger.post('/api/verify-two-factor', { user_id: body.user_id, code });
    expect(foreign.statusCode).toBe(404);
    // A forged (unsigned) pending cookie is refused too.
    const forged = await TestBrowser.open(app);
    forged.cookies.set('vigil_pending', 'forged-value');
    expect((await forged.post('/api/verify-two-factor', { user_id: body.user_id, code })).statusCode).toBe(404);
    // The rightful browser still finishes.
    expect((await browser.post('/api/verify-two-factor', { user_id: body.user_id, code })).statusCode).toBe(200);
  });

  it('validates the code format (422)', async () => {
    const { browser, body } = await startLogin();
    const response = await browser.post('/api/verify-two-factor', { user_id: body.user_id, code: '12ab' });
    expect(response.statusCode).toBe(422);
    expect(validationOf(response).errors.code).toEqual(['The code field format is invalid.']);
  });
});

describe('POST /resend-two-factor', () => {
  it('sends a new code at most once a minute; the old code stops working', async () => {
    const { browser, body } = await startLogin();
    const first = await latestCode(app, demoUser.email);
    const early = await browser.post('/api/resend-two-factor', { user_id: body.user_id });
    expect(early.statusCode).toBe(429);
    expect(Number(early.headers['retry-after'])).toBeGreaterThan(0);
    clock.advance(MINUTE);
    const resent = await browser.post('/api/resend-two-factor', { user_id: body.user_id });
    expect(resent.statusCode).toBe(200);
    expect(json(resent)).toEqual({ message: 'A new code was sent.', email: 'a***@acme-retail.example' });
    const second = await latestCode(app, demoUser.email);
    if (first !== second) {
      expect((await browser.post('/api/verify-two-factor', { user_id: body.user_id, code: first })).statusCode).toBe(
        401,
      );
    }
    expect((await browser.post('/api/verify-two-factor', { user_id: body.user_id, code: second })).statusCode).toBe(
      200,
    );
  });

  it('answers 404 for a user_id not bound to this browser', async () => {
    const stranger = await TestBrowser.open(app);
    const response = await stranger.post('/api/resend-two-factor', { user_id: 1 });
    expect(response.statusCode).toBe(404);
    expect(json(response).message).toBe('User not found.');
  });
});

describe('e-mail verification and terms steps', () => {
  it('403 email_verified_required after the code; resend mails a link; the link verifies once', async () => {
    const user = await makeUser('unverified@acme-retail.example', {
      email_verified_at: null,
      two_factor_enabled: true,
    });
    const { browser, response, body } = await startLogin(user.email, 'Correct-horse-1');
    expect(response.statusCode).toBe(200);
    const code = await latestCode(app, user.email);
    const verified = await browser.post('/api/verify-two-factor', { user_id: body.user_id, code });
    expect(verified.statusCode).toBe(403);
    expect(json(verified)).toMatchObject({ email_verified_required: true, user_id: user.id });
    const resend = await browser.post('/api/resend-verification-email', { user_id: user.id });
    expect(resend.statusCode).toBe(200);
    const stranger = await TestBrowser.open(app);
    expect((await stranger.post('/api/resend-verification-email', { user_id: user.id })).statusCode).toBe(404);
    const { latestLinkToken } = await import('../../testing/flows.js');
    const token = await latestLinkToken(app, user.email, /verify-email\/([\w-]+)/);
    const ok = await browser.get(`/api/verify-email/${token}`);
    expect(ok.statusCode).toBe(200);
    const reused = await browser.get(`/api/verify-email/${token}`);
    expect(reused.statusCode).toBe(400);
    expect((await browser.get('/api/verify-email/not-a-token')).statusCode).toBe(400);
  });

  it('403 terms_accepted_required; accepting both gives the session; a new version asks again', async () => {
    const user = await makeUser('terms@acme-retail.example', { terms_version: '2020-01-01' });
    const { browser, response, body } = await startLogin(user.email, 'Correct-horse-1');
    expect(response.statusCode).toBe(403);
    expect(body).toMatchObject({ terms_accepted_required: true, user_id: user.id });
    const stranger = await TestBrowser.open(app);
    const foreign = await stranger.post('/api/terms-accepted', { user_id: user.id, terms: true, privacy: true });
    expect(foreign.statusCode).toBe(404);
    const half = await browser.post('/api/terms-accepted', { user_id: user.id, terms: true, privacy: false });
    expect(half.statusCode).toBe(422);
    expect(json(half)).toEqual({
      message: 'The given data was invalid.',
      errors: { privacy: ['The privacy policy must be accepted.'] },
    });
    const missing = await browser.post('/api/terms-accepted', { user_id: user.id, terms: true });
    expect(missing.statusCode).toBe(422);
    const ok = await browser.post('/api/terms-accepted', { user_id: user.id, terms: true, privacy: true });
    expect(ok.statusCode).toBe(200);
    expect(json(ok)).toMatchObject({ token_type: 'Bearer' });
    const stored = await findUserByEmail(app.ctx.db, user.email);
    expect(stored?.terms_version).toBe(CURRENT_TERMS_VERSION);
  });
});

describe('audit log', () => {
  it('records sign-in events without secrets', async () => {
    const { userId } = await signIn(app);
    const rows = await app.ctx.db.selectFrom('audit_events').selectAll().where('user_id', '=', userId).execute();
    const events = new Set(rows.map((r) => r.event));
    for (const event of ['two_factor.sent', 'two_factor.verified', 'login.succeeded', 'login.failed']) {
      expect(events.has(event), event).toBe(true);
    }
    const text = JSON.stringify(rows);
    expect(text).not.toContain(demoUser.password);
    expect(text).not.toMatch(/"(code|token|password)"/);
  });
});
