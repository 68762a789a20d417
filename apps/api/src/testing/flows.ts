// Steps that many tests share: read a mailed code or link, sign the demo user in.
import { expect } from 'vitest';
import type { VigilApp } from '../app.js';
import { demoUser } from '../demo/demo.seed.js';
import { CURRENT_TERMS_VERSION } from '../identity/auth/sign-in.steps.js';
import { addMembership } from '../identity/clients/clients.repository.js';
import { insertUser, updateUser } from '../identity/users/users.repository.js';
import type { UserUpdate } from '../identity/users/users.table.js';
import { settleAfterResponse } from '../shared/after-response.js';
import { hashPassword } from '../shared/passwords.js';
import { sessionOf, signInStepOf } from './api.js';
import { TestBrowser } from './browser.js';

/** The newest message to `to`, once the work that runs after responses (and queues mail) is done. */
export async function latestMail(app: VigilApp, to: string) {
  await settleAfterResponse(app.ctx);
  const row = await app.ctx.db
    .selectFrom('outbox_messages')
    .selectAll()
    .where('recipient', '=', to)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!row) throw new Error(`no mail to ${to}`);
  return row;
}

/**
 * The newest sign-in code sent to `to`. Not simply the newest mail: a message queued by work that
 * runs after an earlier response (a reset link) can be written after the code's.
 */
export async function latestCode(app: VigilApp, to: string): Promise<string> {
  await settleAfterResponse(app.ctx);
  const mails = await app.ctx.db
    .selectFrom('outbox_messages')
    .select('text_body')
    .where('recipient', '=', to)
    .orderBy('id', 'desc')
    .limit(20)
    .execute();
  for (const mail of mails) {
    const code = /code is (\d{6})/.exec(mail.text_body ?? '')?.[1];
    if (code) return code;
  }
  throw new Error(`no code in the latest mails to ${to}`);
}

export async function latestLinkToken(app: VigilApp, to: string, pattern: RegExp): Promise<string> {
  const mail = await latestMail(app, to);
  const token = pattern.exec(mail.text_body ?? '')?.[1];
  if (!token) throw new Error(`no link matching ${pattern} in the latest mail`);
  return token;
}

export function json<T = Record<string, unknown>>(response: { body: string }): T {
  return JSON.parse(response.body) as T;
}

export interface SignedIn {
  browser: TestBrowser;
  token: string;
  userId: number;
}

/** Password + e-mail code for a user with two-factor on (the demo user by default). */
export async function signIn(
  app: VigilApp,
  credentials: { email: string; password: string } = demoUser,
): Promise<SignedIn> {
  const browser = await TestBrowser.open(app);
  const login = await browser.post('/api/login', { email: credentials.email, password: credentials.password });
  expect(login.statusCode, login.body).toBe(200);
  const step = signInStepOf(login);
  expect(step.two_factor_required).toBe(true);
  const userId = step.user_id ?? 0;
  const code = await latestCode(app, credentials.email);
  const verified = await browser.post('/api/verify-two-factor', { user_id: userId, code });
  expect(verified.statusCode, verified.body).toBe(200);
  return { browser, token: sessionOf(verified).access_token, userId };
}

/** An active, verified user of Acme Retail with every step done, no two-factor, password 'Correct-horse-1'. */
export async function createUser(app: VigilApp, now: Date, email: string, changes: UserUpdate = {}) {
  const user = await insertUser(app.ctx.db, {
    email,
    name: email.split('@')[0] ?? 'user',
    position: null,
    password_hash: await hashPassword('Correct-horse-1'),
    active: true,
    is_admin: false,
    two_factor_enabled: false,
    email_verified_at: now,
    terms_version: CURRENT_TERMS_VERSION,
    current_company_id: 1,
    created_at: now,
    updated_at: now,
  });
  await addMembership(app.ctx.db, user.id, 1, 'analyst', now);
  await updateUser(app.ctx.db, user.id, changes);
  return { ...user, ...changes };
}
