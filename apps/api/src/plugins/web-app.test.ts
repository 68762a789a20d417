// One port serves the built web app: hashed assets cached for a year, history-mode fallback.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase, testApp, type VigilApp } from '../testing/test-app.js';

let database: TestDatabase;
let app: VigilApp;
let dist = '';

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'vigil-web-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Vigil</title><div id="root"></div>');
  writeFileSync(
    join(dist, 'signin.html'),
    '<!doctype html><title>Vigil | Sign in</title><div id="root" data-prerendered="signin"><form></form></div>',
  );
  writeFileSync(
    join(dist, 'analytics.html'),
    '<!doctype html><title>Vigil | Analytics</title><div id="root" data-prerendered="analytics"><h1>Analytics</h1></div>',
  );
  writeFileSync(join(dist, 'assets', 'index-AbCd1234.js'), 'console.log(1)');
  writeFileSync(join(dist, 'assets', 'index-AbCd1234.js.gz'), gzipSync('console.log(1)'));
  database = await openTestDatabase();
  ({ app } = await testApp(database, { env: { WEB_DIST: dist } }));
});
afterAll(async () => {
  await app.close();
  await database.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('web app', () => {
  it('serves index.html at / and for unknown paths that want HTML (history mode), never cached', async () => {
    for (const url of ['/', '/signin', '/signin?view=register', '/dashboard', '/verify-email/abc']) {
      const response = await app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(response.statusCode, url).toBe(200);
      expect(response.body).toContain('<div id="root"');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      // The page's first POST needs the anti-forgery cookie: the page itself sets it.
      expect(response.cookies.find((c) => c.name === 'XSRF-TOKEN')?.value).toBeTruthy();
    }
  });

  it('serves the pre-rendered sign-in page for /signin without a query, the app shell otherwise', async () => {
    const page = async (url: string) =>
      (await app.inject({ method: 'GET', url, headers: { accept: 'text/html' } })).body;
    expect(await page('/signin')).toContain('data-prerendered="signin"');
    // A query (a Microsoft return, the registration view, a redirect target) needs the app at once.
    for (const url of ['/signin?view=register', '/signin?redirect=%2Fcredentials', '/signin/', '/', '/dashboard']) {
      expect(await page(url), url).not.toContain('data-prerendered');
    }
  });

  it('serves the pre-rendered public landscape for /analytics, its period in the query or not', async () => {
    for (const url of ['/analytics', '/analytics?weeks=26']) {
      const response = await app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toContain('data-prerendered="analytics"');
      expect(response.headers['cache-control']).toBe('no-cache');
    }
    for (const url of ['/analytics/', '/analytics-x', '/dashboard?next=/analytics']) {
      const body = (await app.inject({ method: 'GET', url, headers: { accept: 'text/html' } })).body;
      expect(body, url).not.toContain('data-prerendered');
    }
  });

  it('caches hashed assets for a year', async () => {
    const response = await app.inject({ method: 'GET', url: '/assets/index-AbCd1234.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('sends the pre-compressed copy of an asset to a browser that accepts it', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/assets/index-AbCd1234.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.rawPayload.equals(gzipSync('console.log(1)'))).toBe(true);
  });

  it('keeps /api and missing files out of the fallback', async () => {
    const api = await app.inject({ method: 'GET', url: '/api/unknown', headers: { accept: 'text/html' } });
    expect(api.statusCode).toBe(404);
    const asset = await app.inject({ method: 'GET', url: '/assets/missing.js', headers: { accept: '*/*' } });
    expect(asset.statusCode).toBe(404);
  });

  it('sends HSTS when served over TLS', async () => {
    const tls = await testApp(database, { publicUrl: 'https://vigil.example' });
    try {
      const response = await tls.app.inject({ method: 'GET', url: '/api/health' });
      expect(response.headers['strict-transport-security']).toContain('max-age=31536000');
      const cookie = response.cookies.find((c) => c.name === 'XSRF-TOKEN');
      expect(cookie?.secure).toBe(true);
    } finally {
      await tls.app.close();
    }
  });
});
