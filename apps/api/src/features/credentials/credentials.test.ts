// Credential importers end to end: combolist variants, HIBP, infostealer folders; only the
// company's domains are kept; passwords never stored or logged in clear.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json } from '../../testing/flows.js';
import { LogCapture, openTestDatabase, type TestDatabase, testApp, type VigilApp } from '../../testing/test-app.js';
import { importFile, newTenant, type Tenant } from '../findings/monitoring.testing.js';

let database: TestDatabase;
let app: VigilApp;
let logs: LogCapture;
let a: Tenant;

beforeAll(async () => {
  database = await openTestDatabase();
  logs = new LogCapture();
  ({ app } = await testApp(database, { logStream: logs, env: { LOG_LEVEL: 'debug' } }));
  a = await newTenant(app, 'cred');
});
afterAll(async () => {
  await app.close();
  await database.close();
});

describe('combolist import', () => {
  it('parses the variants, keeps only the company domains, rejects bad lines with their number', async () => {
    const d = a.domain;
    const file = [
      `alice@${d}:Secret-Alpha-01`,
      `bob@${d};Semi;colon-pass`,
      `https://login.${d}:8443/auth:carol@${d}:P@ss:word:99`,
      `someone@other.example:irrelevant1`,
      'no email here',
      `dave@${d}:`,
      '',
    ].join('\n');
    const job = await importFile(app, a, 'combolist', 'leak-2026.txt', file);
    expect(job.status).toBe('succeeded');
    expect(job.counts).toEqual({ read: 6, added: 3, updated: 0, rejected: 2 });
    expect(job.rejects).toEqual([
      { file: 'leak-2026.txt', line: 5, reason: 'No e-mail address.' },
      { file: 'leak-2026.txt', line: 6, reason: 'Empty password.' },
    ]);
    const list = await a.browser.get('/api/credentials?sort=email', { token: a.token });
    expect(list.statusCode, list.body).toBe(200);
    const rows = json<{ data: { email: string; password_masked: string; url: string | null }[] }>(list).data;
    expect(rows.map((r) => r.email)).toEqual([`alice@${d}`, `bob@${d}`, `carol@${d}`]);
    expect(rows[0]?.password_masked).toBe('•••••••••••••01 (15)');
    expect(rows[2]?.url).toBe(`https://login.${d}:8443/auth`);
    // Importing the same file again adds nothing.
    const again = await importFile(app, a, 'combolist', 'leak-2026.txt', file);
    expect(again.counts).toMatchObject({ added: 0, updated: 3, rejected: 2 });
  });

  it('never stores or logs a clear password', async () => {
    const secret = 'Zebra-Unique-Clear-Password-42';
    await importFile(app, a, 'combolist', 'secret.txt', `eve@${a.domain}:${secret}\nbroken line ${secret}`);
    const tables = await app.ctx.db
      .selectFrom('information_schema.columns' as never)
      .select(['table_name' as never, 'column_name' as never])
      .where('table_schema' as never, '=', 'public' as never)
      .execute();
    expect(tables.length).toBeGreaterThan(10);
    const names = [...new Set((tables as { table_name: string }[]).map((t) => t.table_name))];
    for (const table of names) {
      const { rows } = await (await import('kysely')).sql<{
        hit: boolean;
      }>`select exists (select 1 from ${(await import('kysely')).sql.table(table)} t where t::text like ${`%${secret}%`}) as hit`.execute(
        app.ctx.db,
      );
      expect(rows[0]?.hit, table).toBe(false);
    }
    expect(logs.text()).not.toContain(secret);
  });
});
