// Registration, confirmation, validation by an administrator, password reset.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAdmin, demoPendingUser, demoUser } from '../../demo/demo.seed.js';
import { settleAfterResponse } from '../../shared/after-response.js';
import { MINUTE } from '../../shared/clock.js';
import { answerOf, errorOf, validationOf } from '../../testing/api.js';
import { TestBrowser } from '../../testing/browser.js';
import { latestLinkToken, latestMail, signIn } from '../../testing/flows.js';
import { openTestDatabase, type TestDatabase, testApp, type VigilApp } from '../../testing/test-app.js';
import { findUserByEmail } from '../users/users.repository.js';
import { requestPasswordReset } from './accounts.service.js';

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
  it('refuses what the form itself gets wrong (422), the same for every domain', async () => {
    const browser = await TestBrowser.open(app);
    const bad = { ...newcomer, password: 'short', password_confirmation: 'other' };
    const client = await browser.post('/api/register', { ...bad, email: 'someone@globex.example' });
    const stranger = await browser.post('/api/register', { ...bad, email: 'someone@elsewhere.example' });
    expect(client.statusCode).toBe(422);
    expect(validationOf(client)).toEqual({
      message: 'The given data was invalid.',
      errors: {
        password: ['The password must be at least 10 characters.'],
        password_confirmation: ['The password confirmation does not match.'],
      },
    });
    expect(stranger.statusCode).toBe(client.statusCode);
    expect(stranger.body).toBe(client.body);
  });

  it('answers the same for a client domain, any other domain and a taken address; the e-mail says which', async () => {
    const browser = await TestBrowser.open(app);
    const form = { ...newcomer, name: 'Same Answer' };
    const answers = [];
    for (const email of ['same@globex.example', 'same@elsewhere.example', demoUser.email]) {
      answers.push(await browser.post('/api/register', { ...form, email }));
    }
    const [client, stranger, taken] = answers.map((r) => {
      const body = answerOf('register', r);
      return { status: r.statusCode, body: JSON.stringify({ ...body, data: { ...body.data, email: 'x' } }) };
    });
    expect(client?.status).toBe(201);
    expect(stranger).toEqual(client);
    expect(taken).toEqual(client);
    expect(answerOf('register', answers[1] ?? { body: '{}' })).toEqual({
      message: 'Registration received. Check your e-mail for the next step.',
      data: { email: 'same@elsewhere.example', name: 'Same Answer' },
    });

    expect((await latestMail(app, 'same@globex.example')).subject).toBe('Confirm your Vigil registration');
    const notClient = await latestMail(app, 'same@elsewhere.example');
    expect(notClient.subject).toBe('Your Vigil registration');
    expect(notClient.text_body).toContain('not a Vigil client');
    expect(notClient.text_body).not.toContain('Same Answer');
    const already = await latestMail(app, demoUser.email);
    expect(already.subject).toBe('You already have a Vigil account');
    expect(already.text_body).toContain('/reset-password');
    expect(await findUserByEmail(app.ctx.db, 'same@elsewhere.example')).toBeUndefined();
  });

  it('registers (201), mails a confirmation link, and the account awaits validation', async () => {
    const browser = await TestBrowser.open(app);
    const response = await browser.post('/api/register', newcomer);
    expect(response.statusCode).toBe(201);
    const body = answerOf('register', response);
    expect(body.data.email).toBe(newcomer.email);

    const mail = await latestMail(app, newcomer.email);
    const link = /confirm-registration\/(\d+)\/([\w-]+)/.exec(mail.text_body ?? '');
    const id = Number(link?.[1]);
    expect(id).toBe((await findUserByEmail(app.ctx.db, newcomer.email))?.id);
    const token = link?.[2] ?? '';
    // Registering again answers the same and mails the owner instead of a second account.
    const again = await browser.post('/api/register', newcomer);
    expect(again.statusCode).toBe(201);
    expect(again.body).toBe(response.body);
    expect((await latestMail(app, newcomer.email)).subject).toBe('You already have a Vigil account');

    expect((await browser.get(`/api/confirm-registration/${id + 1}/${token}`)).statusCode).toBe(400);
    const confirmed = await browser.get(`/api/confirm-registration/${id}/${token}`);
    expect(confirmed.statusCode).toBe(200);
    expect((await browser.get(`/api/confirm-registration/${id}/${token}`)).statusCode).toBe(400);

    const login = await browser.post('/api/login', { email: newcomer.email, password: newcomer.password });
    expect(login.statusCode).toBe(403);
    expect(answerOf('login', login)).toMatchObject({ active_validation_required: true, user_id: id });
  });

  it('refuses an expired confirmation link (24 hours)', async () => {
    const browser = await TestBrowser.open(app);
    await browser.post('/api/register', { ...newcomer, email: 'late@globex.example' });
    const mail = await latestMail(app, 'late@globex.example');
    const [, id, token] = /confirm-registration\/(\d+)\/([\w-]+)/.exec(mail.text_body ?? '') ?? [];
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
    const emails = answerOf('listUsersAwaitingValidation', list).data.map((u) => u.email);
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

  it('does the same database work before answering for an active, an inactive and an unknown e-mail', async () => {
    const inactive = 'reset-inactive@acme-retail.example';
    const { createUser } = await import('../../testing/flows.js');
    await createUser(app, clock.now(), inactive, { active: false });
    const statementsFor = async (email: string) => {
      const statements: string[] = [];
      const db = app.ctx.db.withPlugin({
        transformQuery: ({ node }) => {
          statements.push(node.kind);
          return node;
        },
        transformResult: async ({ result }) => result,
      });
      const answer = await requestPasswordReset({ ctx: { ...app.ctx, db }, input: { email }, ip: '127.0.0.1' });
      return { statements, answer: JSON.stringify(answer.answer) };
    };
    const active = await statementsFor(demoUser.email);
    expect(await statementsFor(inactive)).toEqual(active);
    expect(await statementsFor('reset-nobody@acme-retail.example')).toEqual(active);
    // Only the active account gets a link, after the answer.
    const before = await app.ctx.db
      .selectFrom('outbox_messages')
      .select('id')
      .where('recipient', '=', inactive)
      .execute();
    const browser = await TestBrowser.open(app);
    expect((await browser.post('/api/password/reset-request', { email: inactive })).statusCode).toBe(200);
    await settleAfterResponse(app.ctx);
    const after = await app.ctx.db
      .selectFrom('outbox_messages')
      .select('id')
      .where('recipient', '=', inactive)
      .execute();
    expect(after).toEqual(before);
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
    expect(errorOf(reused)).toEqual({ message: 'Invalid or expired reset token.' });
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
