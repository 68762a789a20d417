// An alert e-mail goes through the same mailer as the sign-in codes, to a real SMTP server on
// 127.0.0.1, in the user's language.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addRule, combolist } from '../../testing/alerts.js';
import { newTenant, upload } from '../../testing/monitoring.js';
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

describe('alert e-mail', () => {
  it('reaches the SMTP server in the user’s language', async () => {
    // Signed in through the development mailbox; the import and its alert run on a server with SMTP.
    const { app: dev } = await testApp(database);
    const { app } = await testApp(database, { env: { SMTP_URL: smtp.url } });
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
      const mail = smtp.received.find((m) => m.to.includes(user.email) && m.data.includes('Bonjour'));
      expect(mail?.data).toMatch(/^Subject: .*Vigil.*2.*nouvelles/m);
      expect(mail?.data).toContain('/credentials?open=');
    } finally {
      await app.close();
      await dev.close();
    }
  });
});
