// Registration, confirmation, validation by an administrator, password reset.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MINUTE } from '../../shared/clock.js';
import { TestBrowser } from '../../testing/browser.js';
import { json, latestLinkToken, latestMail, signIn } from '../../testing/flows.js';
import { openTestDatabase, type TestDatabase, testApp, type VigilApp } from '../../testing/test-app.js';
import { demoAdmin, demoPendingUser, demoUser } from '../demo/demo.seed.js';
import { findUserByEmail } from '../users/users.repository.js';

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

const newcomer = {
  name: 'Nora Newcomer',
  email: 'nora@globex.example',
  position: 'SOC analyst',
  password: 'A-long-enough-pass',
  password_confirmation: 'A-long-enough-pass',
};

describe('POST /register', () => {
  it('refuses an e-mail domain that belongs to no client company, short passwords and mismatches (422)', async () => {
    const browser = await TestBrowser.open(app);
    const response = await browser.post('/api/register', {
      ...newcomer,
      email: 'someone@elsewhere.example',
      password: 'short',
      password_confirmation: 'other',
    });
    expect(response.statusCode).toBe(422);
    expect(json(response)).toEqual({
      message: 'The given data was invalid.',
      errors: {
        email: ['This e-mail domain does not belong to a client company.'],
        password: ['The password must be at least 10 characters.'],
        password_confirmation: ['The password confirmation does not match.'],
      },
    });
  });

  it('registers (201), mails a confirmation link, and the account awaits validation', async () => {
    const browser = await TestBrowser.open(app);
    const response = await browser.post('/api/register', newcomer);
    expect(response.statusCode).toBe(201);
    const body = json<{ data: { id: number; email: string } }>(response);
    expect(body.data.email).toBe(newcomer.email);
    const again = await browser.post('/api/register', newcomer);
    expect(again.statusCode).toBe(422);
    expect(json<{ errors: Record<string, string[]> }>(again).errors.email).toEqual([
      'The email has already been taken.',
    ]);

    const mail = await latestMail(app, newcomer.email);
    const link = /confirm-registration\/(\d+)\/([\w-]+)/.exec(mail.text_body ?? '');
    expect(link?.[1]).toBe(String(body.data.id));
    const token = link?.[2] ?? '';
    expect((await browser.get(`/api/confirm-registration/${body.data.id + 1}/${token}`)).statusCode).toBe(400);
    const confirmed = await browser.get(`/api/confirm-registration/${body.data.id}/${token}`);
    expect(confirmed.statusCode).toBe(200);
    expect((await browser.get(`/api/confirm-registration/${body.data.id}/${token}`)).statusCode).toBe(400);

    const login = await browser.post('/api/login', { email: newcomer.email, password: newcomer.password });
    expect(login.statusCode).toBe(403);
    expect(json(login)).toMatchObject({ active_validation_required: true, user_id: body.data.id });
  });

  it('refuses an expired confirmation link (24 hours)', async () => {
    const browser = await TestBrowser.open(app);
    const response = await browser.post('/api/register', { ...newcomer, email: 'late@globex.example' });
    const id = json<{ data: { id: number } }>(response).data.id;
    const token = await latestLinkToken(app, 'late@globex.example', /confirm-registration\/\d+\/([\w-]+)/);
    clock.advance(24 * 60 * MINUTE + 1000);
    expect((await browser.get(`/api/confirm-registration/${id}/${token}`)).statusCode).toBe(400);
  });
});

describe('validation by an administrator', () => {
  it('lets an administrator list and activate accounts of their companies only', async () => {
    const analyst = await signIn(app);
    const forbidden = await analyst.browser.get('/api/admin/users', { token: analyst.token });
    expect(forbidden.statusCode).toBe(403);

    const admin = await signIn(app, demoAdmin);
    const list = await admin.browser.get('/api/admin/users', { token: admin.token });
    expect(list.statusCode).toBe(200);
    const emails = json<{ data: { email: string; id: number }[] }>(list).data.map((u) => u.email);
    expect(emails).toContain(demoPendingUser.email);

    // A company the administrator does not belong to: its accounts are invisible (404).
    const { insertCompany, addMembership } = await import('../clients/clients.repository.js');
    const { insertUser } = await import('../users/users.repository.js');
    const now = clock.now();
    const other = await insertCompany(app.ctx.db, 'Initech', ['initech.example'], now);
    const outsider = await insertUser(app.ctx.db, {
      email: 'peter@initech.example',
      name: 'Peter',
      position: null,
      password_hash: null,
      active: false,
      is_admin: false,
      two_factor_enabled: true,
      current_company_id: other,
      created_at: now,
      updated_at: now,
    });
    await addMembership(app.ctx.db, outsider.id, other, 'analyst', now);
    const foreign = await admin.browser.post(`/api/admin/users/${outsider.id}/activate`, undefined, {
      token: admin.token,
    });
    expect(foreign.statusCode).toBe(404);

    const pending = await findUserByEmail(app.ctx.db, demoPendingUser.email);
    const activated = await admin.browser.post(`/api/admin/users/${pending?.id}/activate`, undefined, {
      token: admin.token,
    });
    expect(activated.statusCode).toBe(200);
    expect((await findUserByEmail(app.ctx.db, demoPendingUser.email))?.active).toBe(true);
    expect((await latestMail(app, demoPendingUser.email)).subject).toBe('Your Vigil account is active');
  });
});

describe('password reset', () => {
  it('answers the same for a known and an unknown e-mail', async () => {
    const browser = await TestBrowser.open(app);
    const unknown = await browser.post('/api/password/reset-request', { email: 'ghost@acme-retail.example' });
    const known = await browser.post('/api/password/reset-request', { email: demoUser.email });
    expect(unknown.statusCode).toBe(200);
    expect(known.statusCode).toBe(200);
    expect(unknown.body).toBe(known.body);
    const invalid = await browser.post('/api/password/reset-request', { email: 'not an email' });
    expect(invalid.statusCode).toBe(422);
  });

  it('resets once with the mailed token, ends every session, and refuses reuse and expiry', async () => {
    const user = { email: 'resetme@acme-retail.example', password: 'Old-password-1' };
    const { hashPassword } = await import('../../shared/passwords.js');
    const { insertUser } = await import('../users/users.repository.js');
    const now = clock.now();
    await insertUser(app.ctx.db, {
      email: user.email,
      name: 'Reset Me',
      position: null,
      password_hash: await hashPassword(user.password),
      active: true,
      is_admin: false,
      two_factor_enabled: true,
      email_verified_at: now,
      terms_version: (await import('./sign-in.steps.js')).CURRENT_TERMS_VERSION,
      current_company_id: 1,
      created_at: now,
      updated_at: now,
    });
    const session = await signIn(app, user);
    const browser = await TestBrowser.open(app);
    await browser.post('/api/password/reset-request', { email: user.email });
    const token = await latestLinkToken(app, user.email, /reset-password\?token=([\w-]+)/);
    const body = { email: user.email, password: 'New-password-22', password_confirmation: 'New-password-22', token };

    const mismatch = await browser.post('/api/password/reset', { ...body, password_confirmation: 'nope' });
    expect(mismatch.statusCode).toBe(422);
    const wrongEmail = await browser.post('/api/password/reset', { ...body, email: demoUser.email });
    expect(wrongEmail.statusCode).toBe(400);
    const ok = await browser.post('/api/password/reset', body);
    expect(ok.statusCode).toBe(200);
    const reused = await browser.post('/api/password/reset', body);
    expect(reused.statusCode).toBe(400);
    expect(json(reused)).toEqual({ message: 'Invalid or expired reset token.' });
    const revoked = await session.browser.post('/api/check-user', undefined, { token: session.token });
    expect(revoked.statusCode).toBe(401);
    expect((await browser.post('/api/login', { email: user.email, password: 'New-password-22' })).statusCode).toBe(200);

    await browser.post('/api/password/reset-request', { email: user.email });
    const late = await latestLinkToken(app, user.email, /reset-password\?token=([\w-]+)/);
    clock.advance(61 * MINUTE);
    const expired = await browser.post('/api/password/reset', { ...body, token: late });
    expect(expired.statusCode).toBe(400);
  });
});
