// Real files through the upload path (fixtures/real/README.md says where each comes from): Exploit-DB's
// current ghdb.xml and its older <signature> export are both read, the ihackstuff database they grew
// from is refused once with a sentence, and recorded Programmable Search pages become results. Each
// expectation is counted from the raw file by the test's own simple code, not by the parser.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JsonAnswerOf } from '../../route-table.js';
import { answerOf } from '../../testing/api.js';
import { importFile, newTenant, platformOperator, type Tenant } from '../../testing/monitoring.js';
import { openTestDatabase, type TestDatabase, testApp, type VigilApp } from '../../testing/test-app.js';

const real = (name: string) => readFileSync(new URL(`./fixtures/real/${name}`, import.meta.url), 'utf8');

let database: TestDatabase;
let app: VigilApp;
let operator: Tenant;
let analyst: Tenant;

/** Every GHDB dork the list shows, page after page. */
const ghdbDorks = async (who: Tenant) => {
  const data: JsonAnswerOf<'listDorks'>['data'] = [];
  for (let page = 1; ; page += 1) {
    const response = await who.browser.get(`/api/dorks?source=ghdb&page_size=100&page=${page}`, { token: who.token });
    expect(response.statusCode, response.body).toBe(200);
    const body = answerOf('listDorks', response);
    data.push(...body.data);
    if (body.data.length === 0 || data.length >= body.meta.total) return { data, meta: body.meta };
  }
};

/** The text of every `<name>` element of a document, in order (a regular expression, not the parser). */
const elements = (xml: string, name: string) =>
  [...xml.matchAll(new RegExp(`<${name}>([\\s\\S]*?)</${name}>`, 'g'))].map((m) => m[1] ?? '');

beforeAll(async () => {
  database = await openTestDatabase();
  ({ app } = await testApp(database));
  operator = await platformOperator(app);
  analyst = await newTenant(app, 'dorksreal', { role: 'analyst' });
}, 240_000);
afterAll(async () => {
  await app?.close();
  await database?.close();
});

describe('GHDB exports as Exploit-DB wrote them', () => {
  it('reads the current ghdb.xml (<ghdb> of <entry>), one dork per entry', async () => {
    const xml = real('exploitdb-ghdb-2024.xml');
    const ids = elements(xml, 'id').map(Number);
    const job = await importFile(app, operator, 'ghdb', 'ghdb.xml', xml);
    expect(job.status, JSON.stringify(job)).toBe('succeeded');
    expect(job.counts).toMatchObject({ read: ids.length, added: ids.length, updated: 0, rejected: 0 });
    const listed = await ghdbDorks(operator);
    expect(listed.data.map((d) => d.ghdb_id).sort()).toEqual([...ids].sort());
    expect(listed.data.find((d) => d.ghdb_id === 1499)).toMatchObject({
      category: 'advisories_and_vulnerabilities',
      query: '" ActiveKB v1.5 Copyright Â©"',
    });
  });

  it('reads the older export (<searchEngineSignature> of <signature>), the dork taken from its search URL', async () => {
    const xml = real('exploitdb-ghdb-signature-2015.xml');
    const signatures = elements(xml, 'signature');
    // An entry whose querystring is empty has no dork: the only ones refused.
    const empty = signatures.filter((s) => /<querystring><\/querystring>/.test(s)).length;
    const before = (await ghdbDorks(operator)).meta.total;
    const job = await importFile(app, operator, 'ghdb', 'ghdb-old.xml', xml);
    expect(job.status, JSON.stringify(job)).toBe('succeeded');
    expect(job.counts).toMatchObject({
      read: signatures.length,
      added: signatures.length - empty,
      rejected: empty,
    });
    expect(job.rejects.map((r) => r.reason)).toEqual(['Entry 30: no query.', 'Entry 791: no query.']);
    expect((await ghdbDorks(operator)).meta.total).toBe(before + signatures.length - empty);
    const byId = new Map((await ghdbDorks(operator)).data.map((d) => [d.ghdb_id, d]));
    // Encoded (`%22…+…`), pasted raw, defanged `hxxp://`, an `as_q` search, an exploit link and a plain query.
    expect(byId.get(1)).toMatchObject({
      category: 'files_containing_juicy_info',
      title: 'squid cache server reports',
      query: '"cacheserverreport for" "This analysis was produced by calamaris"',
    });
    expect(byId.get(3861)?.query).toBe(
      '"Welcome to phpMyAdmin" + "Username:" + "Password:" + "Language:" + "Afrikaans"',
    );
    expect(byId.get(3629)?.query).toBe('intitle:PhpMyAdmin inurl:error.php');
    expect(byId.get(796)?.query).toBe('intitle:"index.of" .diz .nfo last modified');
    expect(byId.get(1046)?.query).toBe('inurl:"default/login.php" intitle:"kerio"');
    expect(byId.get(2801)?.query).toBe('allinurl: Category.php?IndustrYID=');
    expect(byId.get(4078)).toMatchObject({
      category: 'error_messages',
      query: 'intitle:"Whoops! There was an error."',
    });
  });

  it('refuses the ihackstuff database once, naming it and what is read', async () => {
    const xml = real('ihackstuff-ghdb-2008.xml');
    const job = await importFile(app, operator, 'ghdb', 'GHDB.xml', xml);
    expect(job.status).toBe('failed');
    expect(job.counts).toMatchObject({ added: 0, rejected: 1 });
    expect(job.rejects).toHaveLength(1);
    expect(job.rejects[0]?.line).toBe(0);
    expect(job.rejects[0]?.reason).toMatch(/^This is Johnny Long's ihackstuff Google Hacking Database/);
    expect(job.rejects[0]?.reason).toContain("Exploit-DB's ghdb.xml");
  });

  it('names the root of an XML document without GHDB entries', async () => {
    const job = await importFile(app, operator, 'ghdb', 'scan.xml', '<?xml version="1.0"?><nmaprun><host/></nmaprun>');
    expect(job.status).toBe('failed');
    expect(job.rejects.map((r) => r.reason)).toEqual([
      expect.stringMatching(/^This XML document \(root <nmaprun>\) holds no GHDB entry\./),
    ]);
  });
});

describe('saved Programmable Search pages as the API answered them', () => {
  // Two captures (README): 2023, ten items with cacheId, re-saved by its author with 4-space
  // indents; 2024, four items of a site-restricted search (`siteSearch`, not in `searchTerms`) in
  // the API's own layout (`\u003cb\u003e` escapes), the file starting with a byte order mark.
  const pages = [
    ['google-cse-obstacle-course-racing.json.txt', 'obstacle course racing'],
    ['google-cse-semantic-kernel-site.json.txt', 'What is the Semantic Kernel?'],
  ] as const;
  const seen: string[] = [];
  /** A result's key by the test's own rule: no scheme, no final `/`, query values dropped, keys sorted. */
  const keyOf = (link: string) => {
    const [base = '', query] = link.replace(/^https?:\/\//, '').split('?');
    const keys = query ? `?${[...new Set(query.split('&').map((p) => p.split('=')[0]))].sort().join('&')}` : '';
    return `${base.replace(/\/$/, '') || base}${keys}`;
  };

  it.each(pages)('reads %s: one result per item with a link, the page query kept', async (name, terms) => {
    const text = real(name);
    // Independent count: the `"link":` keys of result items (`"kind": "customsearch#result"`).
    const items = text.split('"kind": "customsearch#result"').length - 1;
    const domains = new Set([...text.matchAll(/"displayLink": "([^"]+)"/g)].map((m) => m[1]));
    await app.ctx.db
      .insertInto('company_domains')
      .values([...domains].map((domain) => ({ company_id: analyst.companyId, domain: domain ?? '' })))
      .onConflict((oc) => oc.doNothing())
      .execute();
    const job = await importFile(app, analyst, 'search-results', name, text);
    expect(job.status, JSON.stringify(job)).toBe('succeeded');
    expect(job.counts.read).toBe(items);
    expect(job.counts.rejected).toBe(0);
    expect(job.counts.added + job.counts.updated).toBe(items);
    seen.push(...[...text.matchAll(/"link": "([^"]+)"/g)].map((m) => m[1] ?? ''));
    expect(terms).toBe(text.match(/"searchTerms": "([^"]*)"/)?.[1]);
  });

  it('lists one result per distinct URL of both pages', async () => {
    const response = await analyst.browser.get('/api/dork-results?page_size=100', { token: analyst.token });
    expect(response.statusCode, response.body).toBe(200);
    expect(answerOf('listDorkResults', response).meta.total).toBe(new Set(seen.map(keyOf)).size);
  });
});
