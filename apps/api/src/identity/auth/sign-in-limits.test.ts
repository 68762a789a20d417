// Abuse limits of sign-in: per address, per address and account, the per-account delay (which
// never refuses), and the per-IP rate limits of the sensitive routes (ADR 0006).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultLimits } from '../../app-context.js';
import { HOUR, MINUTE } from '../../shared/clock.js';
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

const password = 'Correct-horse-1';

function makeUser(email: string, changes: UserUpdate = {}) {
  return createUser(app, clock.now(), email, changes);
}

describe('abuse limits', () => {
  it('100 wrong passwords from 12 addresses do not lock the owner out of their own browser or address', async () => {
    const owner = await makeUser('owner@acme-retail.example');
    // The owner signed in on this browser before: it holds the signed device cookie.
    const ownBrowser = await TestBrowser.open(app, { ip: '203.0.113.10' });
    expect((await ownBrowser.post('/api/login', { email: owner.email, password })).statusCode).toBe(200);

    const attackers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => TestBrowser.open(app, { ip: `192.0.2.${i + 1}` })),
    );
    for (let i = 0; i < 100; i += 1) {
      const attacker = attackers[i % attackers.length] as TestBrowser;
      const response = await attacker.post('/api/login', { email: owner.email, password: `guess-${i}-password` });
      expect(response.statusCode).toBe(401);
    }

    const sleepsBefore = clock.sleeps.length;
    const own = await ownBrowser.post('/api/login', { email: owner.email, password });
    expect(own.statusCode, own.body).toBe(200);
    expect(json(own).access_token).toEqual(expect.any(String));
    expect(ownBrowser.cookies.has('vigil_device')).toBe(true);
    // The device cookie spares the owner the per-account delay.
    expect(clock.sleeps.length).toBe(sleepsBefore);

    // From their own address on a new browser: still signed in (never 429), after a bounded delay.
    const newBrowser = await TestBrowser.open(app, { ip: '203.0.113.10' });
    const fresh = await newBrowser.post('/api/login', { email: owner.email, password });
    expect(fresh.statusCode, fresh.body).toBe(200);
    expect(Math.max(0, ...clock.sleeps.slice(sleepsBefore))).toBeLessThanOrEqual(defaultLimits.signInDelayMaxMs);
  });

  it('bounds one address guessing one account (429 after 10 in 15 minutes), known e-mail or not', async () => {
    const known = await makeUser('pair-limited@acme-retail.example');
    for (const email of ['pair-unknown@acme-retail.example', known.email]) {
      const guesser = await TestBrowser.open(app, { ip: '192.0.2.200' });
      for (let i = 0; i < defaultLimits.failedSignInsPerAddressAndAccount; i += 1) {
        expect((await guesser.post('/api/login', { email, password: 'bad-password' })).statusCode).toBe(401);
      }
      const blocked = await guesser.post('/api/login', { email, password: 'bad-password' });
      expect(blocked.statusCode).toBe(429);
      expect(json(blocked)).toEqual({ message: 'Too many attempts. Please try again later.' });
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    }
    // Even the right password is refused from that address, but not from the owner's.
    const guesser = await TestBrowser.open(app, { ip: '192.0.2.200' });
    expect((await guesser.post('/api/login', { email: known.email, password })).statusCode).toBe(429);
    const ownerBrowser = await TestBrowser.open(app, { ip: '203.0.113.20' });
    expect((await ownerBrowser.post('/api/login', { email: known.email, password })).statusCode).toBe(200);
    clock.advance(15 * MINUTE);
    expect((await guesser.post('/api/login', { email: known.email, password })).statusCode).toBe(200);
  });

  it('bounds one address spraying many accounts (429 past the per-address limit)', async () => {
    const limited = await testApp(database, { limits: { failedSignInsPerAddress: 5 }, clock });
    try {
      const sprayer = await TestBrowser.open(limited.app, { ip: '192.0.2.201' });
      for (let i = 0; i < 5; i += 1) {
        const email = `spray-${i}@acme-retail.example`;
        expect((await sprayer.post('/api/login', { email, password: 'bad-password' })).statusCode).toBe(401);
      }
      const blocked = await sprayer.post('/api/login', { email: 'spray-9@acme-retail.example', password: 'x' });
      expect(blocked.statusCode).toBe(429);
      const other = await TestBrowser.open(limited.app, { ip: '192.0.2.202' });
      expect((await other.post('/api/login', { email: 'spray-9@acme-retail.example', password: 'x' })).statusCode).toBe(
        401,
      );
    } finally {
      await limited.app.close();
    }
  });

  it('slows distributed guessing of one account: doubling delays up to a cap, the same for an unknown e-mail', async () => {
    const known = await makeUser('slowed@acme-retail.example');
    const delaysFor = async (email: string) => {
      const delays: number[] = [];
      for (let i = 0; i < 12; i += 1) {
        const browser = await TestBrowser.open(app, { ip: `198.18.${email.length}.${i + 1}` });
        const before = clock.sleeps.length;
        expect((await browser.post('/api/login', { email, password: 'bad-password' })).statusCode).toBe(401);
        delays.push(clock.sleeps.slice(before).reduce((a, b) => a + b, 0));
      }
      return delays;
    };
    const knownDelays = await delaysFor(known.email);
    clock.advance(HOUR);
    const unknownDelays = await delaysFor('slowed-nobody@acme-retail.example');
    expect(knownDelays.slice(0, 5)).toEqual([0, 0, 0, 0, 0]);
    expect(knownDelays.slice(5, 9)).toEqual([250, 500, 1000, 2000]);
    expect(knownDelays.slice(9)).toEqual([4000, 4000, 4000]);
    expect(unknownDelays).toEqual(knownDelays);
    clock.advance(HOUR);
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
