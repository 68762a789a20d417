// Passwords, tokens and codes never reach the logs.
import { describe, expect, it } from 'vitest';
import { demoUser } from '../features/demo/demo.seed.js';
import { TestBrowser } from '../testing/browser.js';
import { json, latestCode } from '../testing/flows.js';
import { LogCapture, openTestDatabase, testApp } from '../testing/test-app.js';
import { maskUrl } from './logging.js';

describe('logging', () => {
  it('masks tokens in logged URLs', () => {
    expect(maskUrl('/api/verify-email/abc123')).toBe('/api/verify-email/***');
    expect(maskUrl('/api/confirm-registration/7/abc')).toBe('/api/confirm-registration/7/***');
    expect(maskUrl('/api/auth/microsoft/login/retrieveToken?redirect_key=k&temp_token=t')).toBe(
      '/api/auth/microsoft/login/retrieveToken?redirect_key=***&temp_token=***',
    );
    expect(maskUrl('/api/auth/microsoft/callback?code=c&state=s')).toBe(
      '/api/auth/microsoft/callback?code=***&state=***',
    );
  });

  it('never logs a password, code or token, even at trace level', async () => {
    const database = await openTestDatabase();
    const logs = new LogCapture();
    const { app } = await testApp(database, { logStream: logs, env: { LOG_LEVEL: 'trace' } });
    try {
      const browser = await TestBrowser.open(app);
      const wrong = await browser.post('/api/login', { email: demoUser.email, password: 'Wrong-but-secret-42' });
      expect(wrong.statusCode).toBe(401);
      const login = await browser.post('/api/login', demoUser);
      const code = await latestCode(app, demoUser.email);
      const verified = await browser.post('/api/verify-two-factor', { user_id: json(login).user_id, code });
      const token = json<{ access_token: string }>(verified).access_token;
      await browser.get('/api/verify-email/some-secret-link-token');
      await browser.post('/api/logout', undefined, { token });
      const text = logs.text();
      expect(text.length).toBeGreaterThan(0);
      expect(text).toContain('/api/login');
      for (const secret of [demoUser.password, 'Wrong-but-secret-42', code, token, 'some-secret-link-token']) {
        expect(text).not.toContain(secret);
      }
    } finally {
      await app.close();
      await database.close();
    }
  });
});
