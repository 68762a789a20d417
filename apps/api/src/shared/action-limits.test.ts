// Issue 32, item 7: webhook tests, invitations (sent and re-sent), reports and advisor questions are
// limited per user and per company; past a limit the answer is 429 with Retry-After (the seconds to
// the window's end) and a sentence; the counts live in the database, so two API processes on one
// database share them; a new window starts afresh.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VigilApp } from '../app.js';
import { addWebhook } from '../testing/alerts.js';
import { answerOf, errorOf } from '../testing/api.js';
import { TestBrowser } from '../testing/browser.js';
import { newTenant, type Tenant } from '../testing/monitoring.js';
import { openTestDatabase, type TestDatabase, testApp } from '../testing/test-app.js';
import { type ActionLimits, defaultActionLimits } from './action-limits.js';
import { HOUR, ManualClock, MINUTE } from './clock.js';

const START = new Date('2026-12-01T10:20:00Z');
const small = { perUser: { max: 2, windowMs: HOUR }, perCompany: { max: 3, windowMs: HOUR } };
const limits: ActionLimits = { webhookTest: small, invitation: small, report: small, advisorQuestion: small };

let database: TestDatabase;
let app: VigilApp;
let second: VigilApp;
const clock = new ManualClock(START);

beforeAll(async () => {
  database = await openTestDatabase();
  // Two API processes on one database, one clock.
  ({ app } = await testApp(database, { clock, limits: { actions: limits } }));
  ({ app: second } = await testApp(database, { clock, limits: { actions: limits } }));
});
afterAll(async () => {
  await second?.close();
  await app?.close();
  await database?.close();
});

/** The same signed-in browser, talking to the second process. */
function onSecond(who: Tenant): Tenant {
  const browser = new TestBrowser(second);
  for (const [name, value] of who.browser.cookies) browser.cookies.set(name, value);
  return { ...who, browser };
}

type Act = (who: Tenant, n: number) => Promise<{ statusCode: number; body: string; headers: Record<string, unknown> }>;

interface Case {
  name: string;
  what: string;
  role: 'administrator' | 'analyst' | 'viewer';
  /** Prepares the company (a webhook, an invitation) and answers the action. */
  setUp: (admin: Tenant) => Promise<Act>;
  ok: number;
}

const day = (d: Date) => d.toISOString().slice(0, 10);

const cases: Case[] = [
  {
    name: 'webhook test',
    what: 'webhook tests',
    role: 'administrator',
    ok: 202,
    setUp: async (admin) => {
      const hook = await addWebhook(admin, { url: 'http://127.0.0.1:9/hook' });
      return (who) => who.browser.post(`/api/alerts/webhooks/${hook.id}/test`, undefined, { token: who.token });
    },
  },
  {
    name: 'invitation re-send',
    what: 'invitations sent',
    role: 'administrator',
    ok: 200,
    setUp: async (admin) => {
      const invited = await admin.browser.post(
        '/api/member-invitations',
        { email: `someone-${admin.companyId}@elsewhere.example`, role: 'viewer' },
        { token: admin.token },
      );
      expect(invited.statusCode, invited.body).toBe(201);
      const { id } = answerOf('inviteMember', invited).data;
      return (who) => who.browser.post(`/api/member-invitations/${id}/resend`, undefined, { token: who.token });
    },
  },
  {
    name: 'report',
    what: 'reports asked for',
    role: 'analyst',
    ok: 201,
    setUp: async () => (who) =>
      who.browser.post(
        '/api/reports',
        { from: day(new Date(clock.now().getTime() - 7 * 24 * HOUR)), to: day(clock.now()), language: 'en' },
        { token: who.token },
      ),
  },
  {
    name: 'advisor question',
    what: 'advisor questions',
    role: 'viewer',
    ok: 200,
    setUp: async () => (who, n) =>
      who.browser.post(
        '/api/advisor/messages',
        { question: `What changed this week? (${n})` },
        { token: who.token, headers: { accept: 'text/event-stream' } },
      ),
  },
];

describe('per-action limits', () => {
  for (const c of cases) {
    it(`limits each ${c.name} per user and per company, across processes, until the window ends`, async () => {
      const admin = await newTenant(app, 'limits', { role: 'administrator' });
      const act = await c.setUp(admin);
      // The next window, 40 minutes in (it ends in 20): what the set-up sent is in the one before.
      const now = clock.now().getTime();
      clock.advance(Math.floor(now / HOUR) * HOUR + HOUR + 40 * MINUTE - now);
      const one = await newTenant(app, 'limits', { join: admin, role: c.role });
      const two = await newTenant(app, 'limits', { join: admin, role: c.role });
      const elsewhere = await newTenant(app, 'limits', { role: 'administrator' });
      const actElsewhere = await c.setUp(elsewhere);

      expect((await act(one, 1)).statusCode).toBe(c.ok);
      expect((await act(onSecond(one), 2)).statusCode).toBe(c.ok);
      const user = await act(one, 3);
      expect(user.statusCode, user.body).toBe(429);
      expect(user.headers['retry-after']).toBe(String(20 * 60));
      expect(errorOf(user).message).toBe(
        `You have reached the limit of 2 ${c.what} in an hour. Try again in 20 minutes.`,
      );
      // Another member of the company has the company's last one.
      expect((await act(onSecond(two), 4)).statusCode).toBe(c.ok);
      clock.advance(5 * MINUTE);
      const company = await act(two, 5);
      expect(company.statusCode, company.body).toBe(429);
      expect(company.headers['retry-after']).toBe(String(15 * 60));
      expect(errorOf(company).message).toBe(
        `Your company has reached the limit of 3 ${c.what} in an hour. Try again in 15 minutes.`,
      );
      // Another company is not counted with this one.
      expect((await actElsewhere(elsewhere, 6)).statusCode).toBe(c.ok);
      // The next window starts afresh.
      clock.advance(15 * MINUTE);
      expect((await act(one, 7)).statusCode).toBe(c.ok);
    });
  }

  it('has product defaults for every limited action', () => {
    for (const limit of Object.values(defaultActionLimits)) {
      expect(limit.perUser.max).toBeGreaterThan(0);
      expect(limit.perCompany.max).toBeGreaterThanOrEqual(limit.perUser.max);
    }
  });
});
