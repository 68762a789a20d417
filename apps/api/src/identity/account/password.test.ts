// Password change from the account settings: current password, registration rules, argon2id,
// other sessions revoked (not this one), a notice in the user's language, audit, throttling.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionOf } from '../../testing/api.js';
import { TestBrowser } from '../../testing/browser.js';
import { createUser, json, latestMail } from '../../testing/flows.js';
import { openTestDatabase, type TestDatabase, testApp, type VigilApp } from '../../testing/test-app.js';
import { findUserById } from '../users/users.repository.js';

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

const PASSWORD = 'Correct-horse-1';

async function session(
  email: string,
  password = PASSWORD,
  userAgent = 'Mozilla/5.0 (X11; Linux x86_64) Firefox/133.0',
) {
  const browser = await TestBrowser.open(app);
  const login = await browser.post('/api/login', { email, password }, { headers: { 'user-agent': userAgent } });
  expect(login.statusCode, login.body).toBe(200);
  return { browser, token: sessionOf(login).access_token };
}

function change(who: { browser: TestBrowser; token: string }, body: Record<string, string>) {
  return who.browser.post('/api/account/password', body, { token: who.token });
}

describe('password change', () => {
  it('changes it, keeps this session, signs the others out at once and e-mails a notice in the user language', async () => {
    const user = await createUser(app, clock.now(), 'change-ok@acme-retail.example', { language: 'fr' });
    const here = await session(user.email);
    const elsewhere = await session(user.email);
    const third = await session(user.email);
    const response = await change(here, {
      current_password: PASSWORD,
      password: 'A-brand-new-one-7',
      password_confirmation: 'A-brand-new-one-7',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(json(response)).toEqual({
      message: 'Your password has been changed. Every other session was signed out.',
      revoked_sessions: 2,
    });
    expect((await here.browser.get('/api/profile', { token: here.token })).statusCode).toBe(200);
    for (const other of [elsewhere, third]) {
      const refused = await other.browser.get('/api/profile', { token: other.token });
      expect(refused.statusCode).toBe(401);
    }
    const stored = await findUserById(app.ctx.db, user.id);
    expect(stored?.password_hash).toMatch(/^\$argon2id\$/);
    const mail = await latestMail(app, user.email);
    expect(mail.subject).toBe('Votre mot de passe Vigil a été modifié');
    expect(mail.text_body).toContain('Toutes les autres sessions ont été déconnectées.');
    expect(mail.text_body).not.toContain('A-brand-new-one-7');
    const audit = await app.ctx.db
      .selectFrom('audit_events')
      .selectAll()
      .where('user_id', '=', user.id)
      .where('event', '=', 'password.changed')
      .execute();
    expect(audit).toHaveLength(1);
    expect(JSON.stringify(audit[0])).not.toContain('A-brand-new-one-7');
    // The new password signs in; the old one no longer does.
    await session(user.email, 'A-brand-new-one-7');
    const old = await (await TestBrowser.open(app)).post('/api/login', { email: user.email, password: PASSWORD });
    expect(old.statusCode).toBe(401);
  });

  it('refuses a wrong current password, weak or mismatched new ones, and the same password, with field messages', async () => {
    const user = await createUser(app, clock.now(), 'change-refused@acme-retail.example');
    const here = await session(user.email);
    const other = await session(user.email);
    const cases: [Record<string, string>, Record<string, string[]>][] = [
      [
        {
          current_password: 'wrong-password-1',
          password: 'A-brand-new-one-7',
          password_confirmation: 'A-brand-new-one-7',
        },
        { current_password: ['The current password is incorrect.'] },
      ],
      [
        { current_password: PASSWORD, password: 'short', password_confirmation: 'short' },
        { password: ['The password must be at least 10 characters.'] },
      ],
      [
        { current_password: PASSWORD, password: user.email, password_confirmation: user.email },
        { password: ['The password must not be the e-mail address.'] },
      ],
      [
        { current_password: PASSWORD, password: 'A-brand-new-one-7', password_confirmation: 'Another-one-77' },
        { password_confirmation: ['The password confirmation does not match.'] },
      ],
      [
        { current_password: PASSWORD, password: PASSWORD, password_confirmation: PASSWORD },
        { password: ['The new password must be different from the current one.'] },
      ],
    ];
    for (const [body, errors] of cases) {
      const response = await change(here, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(json(response)).toMatchObject({ errors });
    }
    const missing = await change(here, { password: 'x' });
    expect(missing.statusCode).toBe(422);
    // Nothing changed: both sessions live, the old password still works.
    expect((await other.browser.get('/api/profile', { token: other.token })).statusCode).toBe(200);
    await session(user.email);
  });

  it('counts wrong current passwords as failed sign-ins: past the limit the address is refused (429)', async () => {
    const user = await createUser(app, clock.now(), 'change-throttle@acme-retail.example');
    const here = await session(user.email);
    const wrong = {
      current_password: 'not-it-at-all',
      password: 'A-brand-new-one-7',
      password_confirmation: 'A-brand-new-one-7',
    };
    const statuses: number[] = [];
    for (let i = 0; i < app.ctx.limits.failedSignInsPerAddressAndAccount + 1; i += 1) {
      statuses.push((await change(here, wrong)).statusCode);
    }
    expect(statuses.slice(0, -1).every((s) => s === 422)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    // The right password is refused too while the address is blocked.
    const right = await change(here, { ...wrong, current_password: PASSWORD });
    expect(right.statusCode).toBe(429);
  });

  it('needs a session and the anti-forgery header', async () => {
    const user = await createUser(app, clock.now(), 'change-csrf@acme-retail.example');
    const here = await session(user.email);
    const body = {
      current_password: PASSWORD,
      password: 'A-brand-new-one-7',
      password_confirmation: 'A-brand-new-one-7',
    };
    expect(
      (await here.browser.post('/api/account/password', body, { token: here.token, noCsrf: true })).statusCode,
    ).toBe(419);
    const stranger = await TestBrowser.open(app);
    expect((await stranger.post('/api/account/password', body)).statusCode).toBe(401);
  });
});
