// Abuse limits of sign-in: failed sign-ins per e-mail per hour, and per-IP rate limits.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MINUTE } from '../../shared/clock.js';
import { TestBrowser } from '../../testing/browser.js';
import { createUser, json } from '../../testing/flows.js';
import { openTestDatabase, type TestDatabase, testApp, type VigilApp } from '../../testing/test-app.js';
import type { UserUpdate } from '../users/users.table.js';

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

function makeUser(email: string, changes: UserUpdate = {}) {
  return createUser(app, clock.now(), email, changes);
}

describe('abuse limits', () => {
  it('refuses an e-mail after too many failed sign-ins in an hour (429), known or not', async () => {
    const limited = await testApp(database, { limits: { failedSignInsPerHour: 3 }, clock });
    const known = await makeUser('limited@acme-retail.example', {});
    try {
      for (const email of ['limit-me@acme-retail.example', known.email]) {
        const browser = await TestBrowser.open(limited.app);
        for (let i = 0; i < 3; i += 1) {
          expect((await browser.post('/api/login', { email, password: 'bad-password' })).statusCode).toBe(401);
        }
        const blocked = await browser.post('/api/login', { email, password: 'bad-password' });
        expect(blocked.statusCode).toBe(429);
        expect(blocked.headers['retry-after']).toBe('3600');
      }
      clock.advance(61 * MINUTE);
      const browser = await TestBrowser.open(limited.app);
      const after = await browser.post('/api/login', { email: known.email, password: 'Correct-horse-1' });
      expect(after.statusCode).toBe(200);
    } finally {
      await limited.app.close();
    }
  });

  it('rate-limits login, 2FA verify/resend, verification resend and reset request per IP (429 + Retry-After)', async () => {
    const limited = await testApp(database, { limits: { sensitivePerMinute: 2 } });
    try {
      const browser = await TestBrowser.open(limited.app);
      const calls: [string, unknown][] = [
        ['/api/login', { email: 'x@acme-retail.example', password: 'y' }],
        ['/api/verify-two-factor', { user_id: 1, code: '123456' }],
        ['/api/resend-two-factor', { user_id: 1 }],
        ['/api/resend-verification-email', { user_id: 1 }],
        ['/api/password/reset-request', { email: 'x@acme-retail.example' }],
      ];
      for (const [url, body] of calls) {
        await browser.post(url, body);
        await browser.post(url, body);
        const third = await browser.post(url, body);
        expect(third.statusCode, url).toBe(429);
        expect(Number(third.headers['retry-after']), url).toBeGreaterThan(0);
        expect(json(third).message).toBe('Too many attempts. Please try again later.');
      }
    } finally {
      await limited.app.close();
    }
  });
});
