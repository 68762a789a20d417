import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOUR } from '../shared/clock.js';
import { TestBrowser } from '../testing/browser.js';
import { signIn } from '../testing/flows.js';
import { openTestDatabase, type TestDatabase, testApp, type VigilApp } from '../testing/test-app.js';
import { purgeExpired } from './purge-expired.job.js';

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

describe('purgeExpired', () => {
  it('removes dead sessions and one-time secrets, keeps live ones', async () => {
    const old = await signIn(app);
    await old.browser.post('/api/logout', undefined, { token: old.token });
    const browser = await TestBrowser.open(app);
    await browser.post('/api/password/reset-request', { email: 'analyst@acme-retail.example' });
    clock.advance(26 * HOUR);
    const live = await signIn(app);
    const counts = await purgeExpired(app.ctx.db, clock.now());
    expect(counts.sessions).toBeGreaterThanOrEqual(1);
    expect(counts.pendingLogins).toBeGreaterThanOrEqual(1);
    expect(counts.oneTimeTokens).toBeGreaterThanOrEqual(1);
    expect((await live.browser.post('/api/check-user', undefined, { token: live.token })).statusCode).toBe(200);
  });
});
