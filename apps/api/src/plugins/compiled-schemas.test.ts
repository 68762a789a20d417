// The contract's validators and serializers are compiled once per process: a second app compiles
// nothing new, and still validates (a refused field), serializes (an answer without the fields the
// contract leaves out) and reads header parameters whatever their case.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorOf, validationOf } from '../testing/api.js';
import { signIn } from '../testing/flows.js';
import { openTestDatabase, type TestDatabase, testApp, type VigilApp } from '../testing/test-app.js';
import { compiledCount } from './compiled-schemas.js';

let database: TestDatabase;
const apps: VigilApp[] = [];

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  for (const app of apps) await app.close();
  await database.close();
});

describe('validators and serializers shared by the apps of a process', () => {
  it('are compiled for the first app and found again for the next', async () => {
    apps.push((await testApp(database)).app);
    const first = compiledCount();
    expect(first.validators).toBeGreaterThan(100);
    expect(first.serializers).toBeGreaterThan(100);
    apps.push((await testApp(database)).app);
    expect(compiledCount()).toEqual(first);
  });

  it('still refuse what the contract refuses, in the second app', async () => {
    const app = apps[1] as VigilApp;
    const session = await signIn(app);
    const refused = await session.browser.call('POST', '/api/login', {
      body: { email: 'someone@acme-retail.example' },
    });
    expect(refused.statusCode, refused.body).toBe(422);
    expect(Object.keys(validationOf(refused).errors)).toContain('password');
    // A required header parameter (the print view's one-time token) is found whatever its case.
    const print = await session.browser.call('GET', '/api/reports/1/data', {
      headers: { 'x-report-token': 'no-such-token' },
    });
    expect(print.statusCode, print.body).toBe(404);
    const missing = await session.browser.call('GET', '/api/reports/1/data');
    expect(missing.statusCode, missing.body).toBe(422);
    expect(errorOf(missing).message).toBeTruthy();
  });
});
