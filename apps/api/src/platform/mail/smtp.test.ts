// Real SMTP delivery to an smtp-server on 127.0.0.1; the dev mailbox exists only without SMTP and
// outside production.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoUser } from '../../demo/demo.seed.js';
import { TestBrowser } from '../../testing/browser.js';
import { json } from '../../testing/flows.js';
import { type SmtpReceiver, startSmtpReceiver } from '../../testing/smtp-receiver.js';
import { openTestDatabase, type TestDatabase, testApp } from '../../testing/test-app.js';

let database: TestDatabase;
let smtp: SmtpReceiver;

beforeAll(async () => {
  database = await openTestDatabase();
  smtp = await startSmtpReceiver();
});
afterAll(async () => {
  await smtp.close();
  await database.close();
});

describe('e-mail', () => {
  it('delivers the two-factor code through SMTP and keeps no body afterwards', async () => {
    const { app } = await testApp(database, {
      env: { SMTP_URL: smtp.url, MAIL_FROM: 'Vigil <vigil@vigil.example>' },
    });
    try {
      const browser = await TestBrowser.open(app);
      const login = await browser.post('/api/login', { email: demoUser.email, password: demoUser.password });
      expect(login.statusCode).toBe(200);
      await app.mail.flush();
      const message = smtp.received.at(-1);
      expect(message?.to).toEqual([demoUser.email]);
      expect(message?.from).toBe('vigil@vigil.example');
      const code = /code is (\d{6})/.exec(message?.data ?? '')?.[1];
      expect(code).toMatch(/^\d{6}$/);
      const row = await app.ctx.db.selectFrom('outbox_messages').selectAll().orderBy('id', 'desc').executeTakeFirst();
      expect(row?.sent_at).not.toBeNull();
      expect(row?.text_body).toBeNull();
      const verified = await browser.post('/api/verify-two-factor', { user_id: json(login).user_id, code });
      expect(verified.statusCode).toBe(200);
      // With SMTP configured there is no development mailbox.
      expect((await browser.get('/api/dev/outbox')).statusCode).toBe(404);
      expect((await browser.get('/dev/mailbox')).statusCode).toBe(404);
    } finally {
      await app.close();
    }
  });

  it('shows the outbox in development, and never in production', async () => {
    const dev = await testApp(database);
    const prod = await testApp(database, { env: { NODE_ENV: 'production' } });
    try {
      const outbox = await dev.app.inject({ method: 'GET', url: `/api/dev/outbox?to=${demoUser.email}&limit=5` });
      expect(outbox.statusCode).toBe(200);
      const page = await dev.app.inject({ method: 'GET', url: '/dev/mailbox' });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toContain('text/html');
      expect((await prod.app.inject({ method: 'GET', url: '/api/dev/outbox' })).statusCode).toBe(404);
      expect((await prod.app.inject({ method: 'GET', url: '/dev/mailbox' })).statusCode).toBe(404);
      expect(prod.app.contract.paths['/dev/outbox']).toBeUndefined();
    } finally {
      await dev.app.close();
      await prod.app.close();
    }
  });
});
