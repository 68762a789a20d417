// What counts as an /api call is the route the router matched, not the raw URL: the router decodes
// percent-escapes, so /%61pi/logout is /api/logout and must get the anti-forgery check and no-store.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, signIn } from '../testing/flows.js';
import { openTestDatabase, type TestDatabase, testApp, type VigilApp } from '../testing/test-app.js';

const encoded = ['/%61pi', '/a%70i', '/%61%70%69'];

let database: TestDatabase;
let app: VigilApp;
let dist = '';

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'vigil-web-'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Vigil</title><div id="root"></div>');
  database = await openTestDatabase();
  ({ app } = await testApp(database, { env: { WEB_DIST: dist } }));
});
afterAll(async () => {
  await app.close();
  await database.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('an /api call, however its path is spelled', () => {
  it('refuses a state-changing call without the anti-forgery header (419), like /api', async () => {
    const { browser, token } = await signIn(app);
    for (const prefix of ['/api', ...encoded]) {
      const refused = await browser.post(`${prefix}/logout`, undefined, { token, noCsrf: true });
      expect(refused.statusCode, prefix).toBe(419);
      expect(json(refused), prefix).toEqual({ message: 'CSRF token mismatch.' });
    }
    // Nothing was done: the session still works.
    expect((await browser.get('/api/get-clients', { token })).statusCode).toBe(200);
  });

  it('answers no-store, like /api', async () => {
    const { browser, token } = await signIn(app);
    for (const prefix of ['/api', ...encoded]) {
      const clients = await browser.get(`${prefix}/get-clients`, { token });
      expect(clients.statusCode, prefix).toBe(200);
      expect(clients.headers['cache-control'], prefix).toBe('no-store');
      const missing = await browser.get(`${prefix}/nothing-here`, { headers: { accept: 'text/html' } });
      expect(missing.statusCode, prefix).toBe(404);
      expect(json(missing), prefix).toEqual({ message: 'Not found.' });
      expect(missing.headers['cache-control'], prefix).toBe('no-store');
    }
  });

  it('routes no other spelling (case, double or dot segments, double escapes): nothing changes', async () => {
    const { browser, token } = await signIn(app);
    for (const path of ['/API/logout', '/api//logout', '//api/logout', '/%2561pi/logout', '/api/%2e/logout']) {
      const post = await browser.post(path, undefined, { token, noCsrf: true });
      expect([404, 419], path).toContain(post.statusCode);
    }
    expect((await browser.get('/api/get-clients', { token })).statusCode).toBe(200);
  });
});
