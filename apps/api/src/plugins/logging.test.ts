// Passwords, tokens and codes never reach the logs.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { demoUser } from '../demo/demo.seed.js';
import { sessionOf, signInStepOf } from '../testing/api.js';
import { TestBrowser } from '../testing/browser.js';
import { latestCode } from '../testing/flows.js';
import { LogCapture, openTestDatabase, testApp } from '../testing/test-app.js';
import { maskUrl } from './logging.js';

describe('logging', () => {
  it('masks tokens in logged URLs', () => {
    expect(maskUrl('/api/verify-email/abc123')).toBe('/api/verify-email/***');
    expect(maskUrl('/api/alerts/channels/3/jira-events?secret=jwsec_abc')).toBe(
      '/api/alerts/channels/3/jira-events?secret=***',
    );
    expect(maskUrl('/api/confirm-registration/7/abc')).toBe('/api/confirm-registration/7/***');
    expect(maskUrl('/api/auth/microsoft/login/retrieveToken?redirect_key=k&temp_token=t')).toBe(
      '/api/auth/microsoft/login/retrieveToken?redirect_key=***&temp_token=***',
    );
    expect(maskUrl('/api/auth/microsoft/callback?code=c&state=s')).toBe(
      '/api/auth/microsoft/callback?code=***&state=***',
    );
  });

  it("masks the web app's page routes that carry a token, however they are spelled", () => {
    expect(maskUrl('/verify-email/abc123')).toBe('/verify-email/***');
    expect(maskUrl('/verify-email/abc123?x=1')).toBe('/verify-email/***?x=1');
    expect(maskUrl('/confirm-registration/7/abc')).toBe('/confirm-registration/7/***');
    expect(maskUrl('/reset-password?token=abc&email=a%40b.example')).toBe(
      '/reset-password?token=***&email=a%40b.example',
    );
    expect(maskUrl('/signin?redirect_key=k&temp_token=t&state=s')).toBe(
      '/signin?redirect_key=***&temp_token=***&state=***',
    );
    // The router and the browser decode escapes: so does the mask.
    expect(maskUrl('/%76erify-email/abc123')).toBe('/verify-email/***');
    expect(maskUrl('/%61pi/confirm-registration/7/abc')).toBe('/api/confirm-registration/7/***');
    expect(maskUrl('/Verify-Email/abc123')).toBe('/Verify-Email/***');
    expect(maskUrl('/%76erify-email/abc%ZZ%E0')).toBe('/verify-email/***');
    expect(maskUrl('/reset-password?%74oken=abc&TOKEN=def')).toBe('/reset-password?%74oken=***&TOKEN=***');
    expect(maskUrl('/dashboard?tab=1')).toBe('/dashboard?tab=1');
  });

  it('never logs a password, code or token, even at trace level', async () => {
    const database = await openTestDatabase();
    const logs = new LogCapture();
    const dist = mkdtempSync(join(tmpdir(), 'vigil-web-'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Vigil</title><div id="root"></div>');
    const { app } = await testApp(database, { logStream: logs, env: { LOG_LEVEL: 'trace', WEB_DIST: dist } });
    try {
      const browser = await TestBrowser.open(app);
      const wrong = await browser.post('/api/login', { email: demoUser.email, password: 'Wrong-but-secret-42' });
      expect(wrong.statusCode).toBe(401);
      const login = await browser.post('/api/login', { email: demoUser.email, password: demoUser.password });
      const code = await latestCode(app, demoUser.email);
      const verified = await browser.post('/api/verify-two-factor', { user_id: signInStepOf(login).user_id, code });
      const token = sessionOf(verified).access_token;
      await browser.get('/api/verify-email/some-secret-link-token');
      // The links of the e-mails open the web app's pages, served by this server.
      const pages = [
        '/verify-email/page-secret-1',
        '/confirm-registration/5/page-secret-2',
        '/reset-password?token=page-secret-3&email=someone%40acme.example',
        '/signin?redirect_key=page-secret-4&temp_token=page-secret-5&state=page-secret-6',
        '/%76erify-email/page-secret-7',
      ];
      for (const page of pages) {
        const served = await browser.get(page, { headers: { accept: 'text/html' } });
        expect(served.statusCode, page).toBe(200);
      }
      await browser.post('/api/logout', undefined, { token });
      const text = logs.text();
      expect(text.length).toBeGreaterThan(0);
      expect(text).toContain('/api/login');
      expect(text).toContain('/confirm-registration/5/***');
      const pageSecrets = [1, 2, 3, 4, 5, 6, 7].map((n) => `page-secret-${n}`);
      for (const secret of [
        demoUser.password,
        'Wrong-but-secret-42',
        code,
        token,
        'some-secret-link-token',
        ...pageSecrets,
      ]) {
        expect(text).not.toContain(secret);
      }
    } finally {
      await app.close();
      await database.close();
      rmSync(dist, { recursive: true, force: true });
    }
  });
});
