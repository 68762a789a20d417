// Steps that many tests share: read a mailed code or link, sign the demo user in.
import { expect } from 'vitest';
import type { VigilApp } from '../app.js';
import { demoUser } from '../features/demo/demo.seed.js';
import { TestBrowser } from './browser.js';

export async function latestMail(app: VigilApp, to: string) {
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

export async function latestCode(app: VigilApp, to: string): Promise<string> {
  const mail = await latestMail(app, to);
  const code = /code is (\d{6})/.exec(mail.text_body ?? '')?.[1];
  if (!code) throw new Error('no code in the latest mail');
  return code;
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
  const step = json<{ user_id: number; two_factor_required?: boolean }>(login);
  expect(step.two_factor_required).toBe(true);
  const code = await latestCode(app, credentials.email);
  const verified = await browser.post('/api/verify-two-factor', { user_id: step.user_id, code });
  expect(verified.statusCode, verified.body).toBe(200);
  return { browser, token: json<{ access_token: string }>(verified).access_token, userId: step.user_id };
}
