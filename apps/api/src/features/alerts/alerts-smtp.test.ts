// An alert e-mail goes through the same mailer as the sign-in codes, to a real SMTP server on
// 127.0.0.1, in the user's language.
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addRule, combolist } from '../../testing/alerts.js';
import { newTenant, upload } from '../../testing/monitoring.js';
import { openTestDatabase, type TestDatabase, testApp } from '../../testing/test-app.js';

let database: TestDatabase;
let smtp: SMTPServer;
let port = 0;
const received: { to: string[]; data: string }[] = [];

beforeAll(async () => {
  database = await openTestDatabase();
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          data: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
  port = (smtp.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  await database.close();
});

describe('alert e-mail', () => {
  it('reaches the SMTP server in the user’s language', async () => {
    // Signed in through the development mailbox; the import and its alert run on a server with SMTP.
    const { app: dev } = await testApp(database);
    const { app } = await testApp(database, { env: { SMTP_URL: `smtp://127.0.0.1:${port}?ignoreTLS=true` } });
    try {
      const user = await newTenant(dev, 'smtp', { role: 'viewer' });
      await dev.ctx.db.updateTable('users').set({ language: 'fr' }).where('id', '=', user.userId).execute();
      await addRule(user);
      const importer = await newTenant(dev, 'smtp', { join: user, role: 'analyst' });
      await upload(importer, 'combolist', 'fuite.txt', combolist(user.domain, 2));
      await dev.close(); // its worker may have taken the jobs: closing waits for them
      await app.jobs.drain();
      await app.mail.flush();
      // The sign-in codes still in the outbox went out too; the alert is the one in French.
      const mail = received.find((m) => m.to.includes(user.email) && m.data.includes('Bonjour'));
      expect(mail?.data).toMatch(/^Subject: .*Vigil.*2.*nouvelles/m);
      expect(mail?.data).toContain('/credentials?open=');
    } finally {
      await app.close();
      await dev.close();
    }
  });
});
