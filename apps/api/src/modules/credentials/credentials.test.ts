// Credential importers end to end: combolist variants, HIBP, infostealer folders; only the
// company's domains are kept; passwords never stored or logged in clear.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerOf } from '../../testing/api.js';
import { importFile, newTenant, type Tenant } from '../../testing/monitoring.js';
import { LogCapture, openTestDatabase, type TestDatabase, testApp, type VigilApp } from '../../testing/test-app.js';
import { zipStored } from './stored-zip.testing.js';

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
    const rows = answerOf('listCredentials', list).data;
    expect(rows.map((r) => r.email)).toEqual([`alice@${d}`, `bob@${d}`, `carol@${d}`]);
    expect(rows[0]?.password_masked).toBe('•••••••••••••01 (15)');
    expect(rows[2]?.url).toBe(`https://login.${d}:8443/auth`);
    // Importing the same file again adds nothing.
    const again = await importFile(app, a, 'combolist', 'leak-2026.txt', file);
    expect(again.counts).toMatchObject({ added: 0, updated: 3, rejected: 2 });
  });

  it('reopens a resolved credential that a later combolist lists again', async () => {
    const line = `reopen@${a.domain}:Reopen-Secret-77`;
    await importFile(app, a, 'combolist', 'first.txt', line);
    const list = answerOf('listCredentials', await a.browser.get(`/api/credentials?q=reopen@`, { token: a.token }));
    const id = list.data[0]?.id ?? 0;
    for (const status of ['confirmed', 'resolved']) {
      const r = await a.browser.call('PATCH', `/api/findings/${id}`, { token: a.token, body: { status } });
      expect(r.statusCode, r.body).toBe(200);
    }
    const job = await importFile(app, a, 'combolist', 'second.txt', line);
    expect(job.counts).toMatchObject({ added: 0, updated: 1 });
    const detail = answerOf('getFinding', await a.browser.get(`/api/findings/${id}`, { token: a.token }));
    expect(detail.data).toMatchObject({ status: 'new', reopen_count: 1 });
    expect(detail.data.history[0]).toMatchObject({ from: 'resolved', to: 'new', import_id: job.id });
  });

  it('deleting a finding, or its company, deletes its credential rows (cascade by trigger, no per-row key check)', async () => {
    const other = await newTenant(app, 'gone');
    await importFile(
      app,
      other,
      'combolist',
      'cascade.txt',
      `x1@${other.domain}:Cascade-1\nx2@${other.domain}:Cascade-2`,
    );
    const rows = () =>
      app.ctx.db
        .selectFrom('credential_findings')
        .select('finding_id')
        .where('company_id', '=', other.companyId)
        .execute();
    const [first] = await rows();
    await app.ctx.db
      .deleteFrom('findings')
      .where('id', '=', first?.finding_id ?? 0)
      .execute();
    expect(await rows()).toHaveLength(1);
    await app.ctx.db.deleteFrom('companies').where('id', '=', other.companyId).execute();
    expect(await rows()).toHaveLength(0);
    const left = await app.ctx.db
      .selectFrom('findings')
      .select('id')
      .where('company_id', '=', other.companyId)
      .execute();
    expect(left).toEqual([]);
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

  it('answers one credential for the drawer with the masked password, never the password or its hash', async () => {
    const secret = 'Drawer-Clear-Password-77';
    await importFile(app, a, 'combolist', 'drawer.txt', `drawer@${a.domain}:${secret}`);
    const [row] = answerOf(
      'listCredentials',
      await a.browser.get('/api/credentials?q=drawer@', { token: a.token }),
    ).data;
    const response = await a.browser.get(`/api/credentials/${row?.id}`, { token: a.token });
    expect(response.statusCode, response.body).toBe(200);
    expect(answerOf('getCredential', response).data).toMatchObject({
      id: row?.id,
      email: `drawer@${a.domain}`,
      domain: a.domain,
      source_kind: 'combolist',
      source_name: 'drawer.txt',
      password_masked: '••••••••••••••••77 (24)',
      password_type: 'plaintext',
      status: 'new',
    });
    const stored = await app.ctx.db
      .selectFrom('credential_findings')
      .select('password_hmac')
      .where('finding_id', '=', row?.id ?? 0)
      .executeTakeFirstOrThrow();
    for (const needle of [secret, secret.slice(0, 8), stored.password_hmac ?? 'no hash'])
      expect(response.body).not.toContain(needle);
    // Another company's credential, or a number that is none, is not found.
    const other = await newTenant(app, 'drawer');
    expect((await other.browser.get(`/api/credentials/${row?.id}`, { token: other.token })).statusCode).toBe(404);
    expect((await a.browser.get('/api/credentials/2147483647', { token: a.token })).statusCode).toBe(404);
  });
});

describe('HIBP import', () => {
  it('stores the breach catalogue and turns a domain search into credentials with breach data', async () => {
    const breaches = [
      {
        Name: 'Adobe',
        Title: 'Adobe',
        Domain: 'adobe.com',
        BreachDate: '2013-10-04',
        AddedDate: '2013-12-04T00:00:00Z',
        PwnCount: 152445165,
        DataClasses: ['Email addresses', 'Password hints', 'Passwords', 'Usernames'],
        IsVerified: true,
      },
      { Name: 'Broken', BreachDate: '04/10/2013' },
      { Title: 'No name' },
    ];
    const catalogue = await importFile(app, a, 'hibp', 'breaches.json', JSON.stringify(breaches));
    expect(catalogue.counts).toMatchObject({ read: 3, added: 1, rejected: 2 });
    expect(catalogue.rejects.map((r) => r.reason)).toEqual(['Bad BreachDate "04/10/2013".', 'Breach without Name.']);
    const search = { frank: ['Adobe'], 'grace.h': ['Adobe', 'Unknown'], 'bad alias': ['Adobe'], nobody: [] };
    const job = await importFile(app, a, 'hibp', 'search.json', JSON.stringify(search), `&domain=${a.domain}`);
    expect(job.counts).toMatchObject({ added: 3, rejected: 2 });
    const list = answerOf(
      'listCredentials',
      await a.browser.get('/api/credentials?source_kind=breach&sort=email', { token: a.token }),
    );
    expect(list.data.map((c) => `${c.email} ${c.source_name} ${c.breach_date} ${c.severity}`)).toEqual([
      `frank@${a.domain} Adobe 2013-10-04 high`,
      `grace.h@${a.domain} Adobe 2013-10-04 high`,
      `grace.h@${a.domain} Unknown null medium`,
    ]);
    expect(list.data[0]?.data_classes).toContain('Passwords');
  });
});

describe('infostealer import', () => {
  it('reads a zipped log folder: devices with family, date and company credentials only', async () => {
    const d = a.domain;
    const archive = zipStored([
      {
        path: 'DESKTOP-AB12/UserInformation.txt',
        text: 'Build ID: LogsDiller\r\nIP: 203.0.113.7\r\nCountry: PT\r\nMachineName: DESKTOP-AB12\r\nOS: Windows 10 Pro x64\r\nLog date: 12.11.2026 08:15:00\r\nStealer: RedLine\r\n',
      },
      {
        path: 'DESKTOP-AB12/Passwords.txt',
        text: `URL: https://sso.${d}/login\r\nUsername: ivan@${d}\r\nPassword: Winter-2026!\r\nApplication: Chrome\r\n===============\r\nURL: https://social.example/\r\nLogin: ivan.personal\r\nPassword: other-site\r\n===============\r\nURL: https://intranet.${d}/\r\nUsername: ivan\r\nPassword: Intranet-9\r\n\r\nURL: https://broken.${d}/\r\nUsername: nopass@${d}\r\n`,
      },
      {
        path: 'LAPTOP-9/Passwords.txt',
        text: 'URL: https://social.example/\nUsername: someone@mailbox.example\nPassword: x1234567\n',
      },
    ]);
    const job = await importFile(app, a, 'infostealer', 'logs.zip', archive);
    expect(job.status).toBe('succeeded');
    expect(job.counts).toMatchObject({ read: 3, added: 3, rejected: 1 });
    expect(job.rejects[0]).toMatchObject({
      file: 'DESKTOP-AB12/Passwords.txt',
      line: 14,
      reason: 'Block without password.',
    });
    const devices = answerOf(
      'listInfostealerDevices',
      await a.browser.get('/api/credentials/devices', { token: a.token }),
    );
    expect(devices.data).toHaveLength(1);
    // The CSV export of the devices: machine, family and URLs, never a password.
    const csv = await a.browser.get('/api/credentials/devices/export?malware_family=redline', { token: a.token });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.trim().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toContain('machine_name,malware_family,infection_date');
    expect(lines[1]).toContain('DESKTOP-AB12');
    expect(lines[1]).toContain(`https://sso.${d}/login`);
    expect(csv.body).not.toContain('Winter-2026!');
    const none = await a.browser.get('/api/credentials/devices/export?malware_family=Lumma', { token: a.token });
    expect(none.body.trim().split('\r\n')).toHaveLength(1);
    // The family filter takes any case; another family finds nothing.
    for (const [family, count] of [
      ['redline', 1],
      ['REDLINE', 1],
      ['Lumma', 0],
    ] as const) {
      const filtered = answerOf(
        'listInfostealerDevices',
        await a.browser.get(`/api/credentials/devices?malware_family=${family}`, { token: a.token }),
      );
      expect(filtered.data).toHaveLength(count);
    }
    expect(devices.data[0]).toMatchObject({
      machine_name: 'DESKTOP-AB12',
      malware_family: 'RedLine',
      infection_date: '2026-11-12T08:15:00.000Z',
      credential_count: 2,
      urls: [`https://sso.${d}/login`, `https://intranet.${d}/`],
    });
    const device = answerOf(
      'getInfostealerDevice',
      await a.browser.get(`/api/credentials/devices/${devices.data[0]?.id}`, { token: a.token }),
    );
    expect(device.credentials.map((c) => c.email).sort()).toEqual(['ivan', `ivan@${d}`]);
    expect(JSON.stringify(device)).not.toContain('Winter-2026!');
  });
});

describe('the clear-password filter', () => {
  it('lists only the leaks that held the password in clear, or only the others; together they are all', async () => {
    const t = await newTenant(app, 'credclear');
    const combolist = [`erin@${t.domain}:Clear-Text-01`, `fred@${t.domain}:Clear-Text-02`].join('\n');
    expect((await importFile(app, t, 'combolist', 'clear.txt', combolist)).status).toBe('succeeded');
    const breach = { Name: 'Adobe', BreachDate: '2013-10-04', AddedDate: '2013-12-04T00:00:00Z', PwnCount: 1 };
    await importFile(app, t, 'hibp', 'breaches.json', JSON.stringify([breach]));
    const search = JSON.stringify({ erin: ['Adobe'], gina: ['Adobe'] });
    expect((await importFile(app, t, 'hibp', 'search.json', search, `&domain=${t.domain}`)).status).toBe('succeeded');
    const list = async (query: string) =>
      answerOf('listCredentials', await t.browser.get(`/api/credentials?page_size=100${query}`, { token: t.token }));

    const all = await list('');
    const clear = await list('&password_type=plaintext');
    const other = await list('&password_type=none');
    expect(clear.meta.total).toBe(2);
    expect(other.meta.total).toBe(2);
    expect(clear.data.every((c) => c.password_type === 'plaintext')).toBe(true);
    expect(other.data.every((c) => c.password_type === 'none')).toBe(true);
    expect(clear.meta.total + other.meta.total).toBe(all.meta.total);
    const refused = await t.browser.get('/api/credentials?password_type=hashed', { token: t.token });
    expect(refused.statusCode).toBe(422);
  });
});
