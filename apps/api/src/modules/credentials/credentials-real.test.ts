// The credential importers on real producer files (HIBP's API, Mozilla Monitor's slug copy) and on
// stealer-log and combolist files written with the label grammars public parsers document
// (fixtures/real/README.md): uploaded as a user would, the counts compared with the raw files.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerOf } from '../../testing/api.js';
import { importFile, newTenant, type Tenant } from '../../testing/monitoring.js';
import { openTestDatabase, type TestDatabase, testApp, type VigilApp } from '../../testing/test-app.js';
import { zipStored } from './stored-zip.testing.js';

const real = join(import.meta.dirname, 'fixtures', 'real');
const raw = (path: string) => readFileSync(join(real, path), 'utf8');
/** The company domain of the synthetic stealer logs and combolists. */
const COMPANY = 'acme.example';

let database: TestDatabase;
let app: VigilApp;
let t: Tenant;

beforeAll(async () => {
  database = await openTestDatabase();
  ({ app } = await testApp(database));
  t = await newTenant(app, 'credreal');
  await app.ctx.db.insertInto('company_domains').values({ domain: COMPANY, company_id: t.companyId }).execute();
});
afterAll(async () => {
  await app.close();
  await database.close();
});

type Breach = { Name: string; DataClasses: string[] };

async function credentials(query: string) {
  const response = await t.browser.get(`/api/credentials?page_size=100&sort=email${query}`, { token: t.token });
  expect(response.statusCode, response.body).toBe(200);
  // Sorted here on every field shown: the list orders by e-mail only.
  const { data } = answerOf('listCredentials', response);
  const key = (c: (typeof data)[number]) => `${c.email} ${c.source_name} ${c.url}`;
  return data.sort((a, b) => (key(a) < key(b) ? -1 : 1));
}

async function knownBreaches(names: string[]): Promise<Set<string>> {
  const rows = await app.ctx.db.selectFrom('breaches').select('name').where('name', 'in', names).execute();
  return new Set(rows.map((r) => r.name));
}

describe('HIBP: the API list (words) and a public copy with slugs', () => {
  it('reads HIBP /api/v3/breaches as the API writes it (minified, \\u-escaped)', async () => {
    const file = raw('hibp/hibp-v3-breaches-2024-11.json');
    const breaches = JSON.parse(file) as Breach[];
    const names = [...new Set(breaches.map((b) => b.Name))];
    const before = await knownBreaches(names);
    const job = await importFile(app, t, 'hibp', 'breaches.json', file);
    expect(job.status).toBe('succeeded');
    expect(job.counts).toEqual({
      read: breaches.length,
      added: names.length - before.size,
      updated: breaches.length - (names.length - before.size),
      rejected: 0,
    });
  });

  it("reads Mozilla Monitor's copy: { data: [...] }, timestamps as BreachDate, slug data classes kept in HIBP's words", async () => {
    const file = raw('hibp/mozilla-monitor-breaches-slugs.json');
    const breaches = (JSON.parse(file) as { data: (Breach & { BreachDate: string })[] }).data;
    const names = [...new Set(breaches.map((b) => b.Name))];
    const before = await knownBreaches(names);
    const job = await importFile(app, t, 'hibp', 'monitor-breaches.json', file);
    expect(job.rejects).toEqual([]);
    const added = names.length - before.size;
    expect(job.counts).toEqual({ read: breaches.length, added, updated: breaches.length - added, rejected: 0 });
    const linkedIn = await app.ctx.db
      .selectFrom('breaches')
      .select(['data_classes', sql<string>`breach_date::text`.as('day')])
      .where('name', '=', 'LinkedIn')
      .executeTakeFirstOrThrow();
    const source = breaches.find((b) => b.Name === 'LinkedIn');
    expect(source?.DataClasses).toEqual(['email-addresses', 'passwords']);
    expect(linkedIn).toEqual({ data_classes: ['Email addresses', 'Passwords'], day: source?.BreachDate.slice(0, 10) });
  });

  it('rates a domain search by the slug classes (passwords → high) and shows them as words', async () => {
    const search = { 'j.doe': ['LinkedIn', 'VerificationsIO'], 'm.silva': ['Dropbox'] };
    const job = await importFile(app, t, 'hibp', `${t.domain}.json`, JSON.stringify(search), `&domain=${t.domain}`);
    expect(job.counts).toMatchObject({ read: 3, added: 3, rejected: 0 });
    const rows = await credentials('&source_kind=breach');
    expect(rows.map((r) => `${r.email} ${r.source_name} ${r.severity}`)).toEqual([
      `j.doe@${t.domain} LinkedIn high`,
      `j.doe@${t.domain} VerificationsIO medium`,
      `m.silva@${t.domain} Dropbox high`,
    ]);
    expect(rows[0]?.data_classes).toEqual(['Email addresses', 'Passwords']);
    expect(rows[1]?.data_classes).toContain('Job titles');
  });

  it('a plain breach array with slug or upper-case classes is rated the same as with HIBP words', async () => {
    const list = [
      { Name: 'SlugOnly', BreachDate: '2024-01-02', DataClasses: ['email-addresses', 'passwords'] },
      { Name: 'UpperOnly', BreachDate: '2024-01-03', DataClasses: ['EMAIL ADDRESSES', 'PASSWORDS', 'pet-names'] },
    ];
    expect((await importFile(app, t, 'hibp', 'slugs.json', JSON.stringify(list))).counts.rejected).toBe(0);
    const job = await importFile(
      app,
      t,
      'hibp',
      'search.json',
      JSON.stringify({ slug: ['SlugOnly', 'UpperOnly'] }),
      `&domain=${t.domain}`,
    );
    expect(job.counts.added).toBe(2);
    const rows = (await credentials('&source_kind=breach')).filter((r) => r.email.startsWith('slug@'));
    expect(rows.map((r) => [r.source_name, r.severity, r.data_classes])).toEqual([
      ['SlugOnly', 'high', ['Email addresses', 'Passwords']],
      ['UpperOnly', 'high', ['Email addresses', 'Passwords', 'Pet names']],
    ]);
  });
});

/** Every file of a fixture folder, as the zip a user would upload. */
function zipOf(folder: string): { zip: Buffer; files: { path: string; text: string }[] } {
  const root = join(real, 'stealer-logs', folder);
  const files = readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => {
      const full = join(e.parentPath, e.name);
      return { path: relative(root, full), text: readFileSync(full, 'utf8') };
    });
  return { zip: zipStored(files), files };
}

/**
 * The test's own reading of a Passwords.txt (lexfo/stealer-parser's grammar): chunks between blank
 * lines or rules; a chunk with a host, a login and a password label is a credential, any other
 * chunk with a label is a refused block, a chunk of banner or seller lines is none.
 */
function countBlocks(text: string): { credentials: string[][]; refused: number } {
  const chunks = text.split(/\r?\n(?:\s*\r?\n|=+\r?\n)+/).map((c) => c.split(/\r?\n/).filter((l) => l.trim() !== ''));
  const has = (chunk: string[], label: RegExp) => chunk.some((l) => label.test(l));
  const host = /^(url|ur1|host|hostname)\s*:/i;
  const user = /^(user login|username|user|login|u53rn4m3)\s*:/i;
  const pass = /^(user password|password|pass|p455w0rd)\s*:\s*\S/i;
  const labelled = (c: string[]) => c.some((l) => /^[a-z][a-z0-9 ]*:/i.test(l) && !/^(seller|log tools)\s*:/i.test(l));
  const credentials = chunks.filter((c) => has(c, host) && has(c, user) && has(c, pass));
  const refused = chunks.filter((c) => labelled(c) && !credentials.includes(c)).length;
  return { credentials, refused };
}

describe('infostealer: the label grammars of the known families', () => {
  const cases = [
    { folder: 'redline-meta', family: 'RedLine', machine: 'DESKTOP-7RL2026', date: '2026-01-14T09:12:45.000Z' },
    { folder: 'vidar', family: 'Vidar', machine: 'WIN-V1D4R-01', date: '2026-02-02T18:40:03.000Z' },
    { folder: 'lexfo-variants', family: 'Unknown', machine: 'LAPTOP-LBL-03', date: '2026-03-05T07:30:00.000Z' },
  ];
  for (const c of cases) {
    it(`${c.folder}: every block kept or rejected with its line, the company's kept`, async () => {
      const { zip, files } = zipOf(c.folder);
      const passwords = files.find((f) => /passwords\.txt$/i.test(f.path));
      const counted = countBlocks(passwords?.text ?? '');
      const company = counted.credentials.filter((b) => b.some((l) => l.includes(COMPANY)));
      const job = await importFile(app, t, 'infostealer', `${c.folder}.zip`, zip);
      expect(job.status).toBe('succeeded');
      expect(job.rejects).toHaveLength(counted.refused);
      // One device record plus the refused blocks; the device and each company credential added.
      expect(job.counts).toEqual({
        read: 1 + counted.refused,
        added: 1 + company.length,
        updated: 0,
        rejected: counted.refused,
      });
      const devices = answerOf(
        'listInfostealerDevices',
        await t.browser.get(`/api/credentials/devices?q=${c.machine}`, { token: t.token }),
      ).data;
      expect(devices).toHaveLength(1);
      expect(devices[0]).toMatchObject({
        machine_name: c.machine,
        malware_family: c.family,
        infection_date: c.date,
        credential_count: company.length,
      });
    });
  }

  it('reads USER LOGIN / USER PASSWORD and UR1 / U53RN4M3 / P455W0RD, and rejects the blocks it cannot read', async () => {
    const { zip } = zipOf('lexfo-variants');
    const job = await importFile(app, t, 'infostealer', 'variants-again.zip', zip);
    expect(job.rejects).toEqual([
      { file: 'LAPTOP-LBL-03/Passwords.txt', line: 27, reason: 'Block without password.' },
      {
        file: 'LAPTOP-LBL-03/Passwords.txt',
        line: 31,
        reason: expect.stringMatching(
          /^A block with no URL, username or password label \(read "Site", "Identifier", "Secret"\)/,
        ),
      },
    ]);
    const rows = await credentials('&source_kind=infostealer');
    const urls = rows.map((r) => r.url);
    expect(urls).toContain('https://crm.acme.example/login');
    expect(urls).toContain('https://hr.acme.example/');
    expect(urls).toContain('https://wiki.acme.example/');
    expect(urls).toContain('https://billing.acme.example/');
  });
});

describe('combolist: e-mail lines and ULP lines', () => {
  /** The test's own count: lines that are not blank or comments. */
  const linesOf = (text: string) => text.split('\n').filter((l) => l.trim() !== '' && !l.startsWith('#'));

  it('email:pass, email;pass, email|pass', async () => {
    const file = raw('combolist/combo-email-variants.txt');
    const lines = linesOf(file);
    const company = lines.filter((l) => /^[^:;|]+@acme\.example[:;|]./i.test(l));
    const refused = lines.filter((l) => !/^[^:;|]+@[^:;|]+[:;|]./.test(l));
    const job = await importFile(app, t, 'combolist', 'combo.txt', file);
    expect(job.counts).toEqual({ read: lines.length, added: company.length, updated: 0, rejected: refused.length });
    expect(job.rejects.map((r) => r.reason)).toEqual([
      'Empty password.',
      'A login without an e-mail address needs its site first (url:login:password).',
    ]);
    const rows = (await credentials('&source_kind=combolist')).filter((r) => r.source_name === 'combo.txt');
    expect(rows.map((r) => r.email)).toEqual([
      'a.khan@acme.example',
      'j.doe@acme.example',
      'm.silva@acme.example',
      'r.costa@acme.example',
    ]);
  });

  it('ULP lines url:login:pass and url|login|pass, the login an e-mail or not', async () => {
    const file = raw('combolist/ulp-url-login-pass.txt');
    const lines = linesOf(file);
    // The test's reading: the URL is the line up to the separator before the login; three fields.
    const fields = lines.map((l) => l.replace(/^[a-z]+:\/\//, '').split(/[:|](?!\d+\/)/));
    const company = fields.filter((f) => f.length >= 3 && (f[0]?.includes(COMPANY) || f[1]?.endsWith(`@${COMPANY}`)));
    const refused = fields.filter((f) => f.length < 3);
    const job = await importFile(app, t, 'combolist', 'ulp.txt', file);
    expect(job.counts).toEqual({ read: lines.length, added: company.length, updated: 0, rejected: refused.length });
    expect(job.rejects).toEqual([
      { file: 'ulp.txt', line: 9, reason: 'A site and a login but no password (url:login:password).' },
    ]);
    const rows = (await credentials('&source_kind=combolist')).filter((r) => r.source_name === 'ulp.txt');
    expect(rows.map((r) => `${r.email} ${r.url}`)).toEqual([
      'l.meyer@acme.example https://sso.acme.example/login',
      'lmeyer https://vpn.acme.example:8443/auth',
      'pkowal vpn.acme.example/remote/login',
      'r.costa@acme.example https://sso.acme.example/login',
      'tnguyen https://vpn.acme.example/auth',
      'x.user@acme.example android://synthetic@com.example.app/',
    ]);
  });
});
