import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOUR } from '../../shared/clock.js';
import { TestBrowser } from '../../testing/browser.js';
import { signIn } from '../../testing/flows.js';
import { openTestDatabase, type TestDatabase, testApp, type VigilApp } from '../../testing/test-app.js';
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
    const db = app.ctx.db;
    const dayAgo = new Date(clock.now().getTime() - 24 * HOUR);
    await purgeExpired(db, clock.now());
    // The dead rows are gone, whether this call or the app's own housekeeping job (the same function,
    // which the advanced clock may have made due) deleted them first: count what is left, not who deleted.
    const left = async (table: 'sessions' | 'pending_logins' | 'one_time_tokens') =>
      Number(
        (
          await db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .where('expires_at', '<', dayAgo)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const revoked = await db
      .selectFrom('sessions')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('revoked_at', '<', dayAgo)
      .executeTakeFirstOrThrow();
    expect(Number(revoked.n)).toBe(0);
    expect(await left('sessions')).toBe(0);
    expect(await left('pending_logins')).toBe(0);
    expect(await left('one_time_tokens')).toBe(0);
    expect((await live.browser.post('/api/check-user', undefined, { token: live.token })).statusCode).toBe(200);
  });
});
