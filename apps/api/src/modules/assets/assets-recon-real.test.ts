// The recon kinds on the files the tools really write (fixtures/real/recon, sources in its README),
// through the upload path: what each job reports and what the assets list shows equal counts the
// test takes from the raw file itself; names a tool saw about a third party stay details; a file
// of another format is refused once, saying what it looks like.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { JsonAnswerOf } from '../../route-table.js';
import { answerOf } from '../../testing/api.js';
import { importFile, newTenant, type Tenant, tenantFixture } from '../../testing/monitoring.js';

const raw = (name: string) => readFileSync(new URL(`./fixtures/real/recon/${name}`, import.meta.url));
const lines = (name: string) =>
  raw(name)
    .toString('utf8')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '' && !l.startsWith('#'));
const jsonLines = (name: string) => lines(name).map((l) => JSON.parse(l) as Record<string, unknown>);
/** The registered domain the way a reader would count it: the last two labels. */
const domainOf = (host: string) => host.split('.').slice(-2).join('.');
const t = tenantFixture('reconreal');

type AssetView = JsonAnswerOf<'listAssets'>['data'][number];

async function assetsOf(who: Tenant): Promise<AssetView[]> {
  const response = await who.browser.get('/api/assets?page_size=100', { token: who.token });
  expect(response.statusCode, response.body).toBe(200);
  return answerOf('listAssets', response).data;
}

async function imported(kind: string, name: string, content: Buffer | string = raw(name)) {
  const who = await newTenant(t.app, 'recon');
  const job = await importFile(t.app, who, kind, name, content);
  return { job, assets: await assetsOf(who) };
}

const valuesOf = (assets: AssetView[], ...types: string[]) =>
  assets
    .filter((a) => types.includes(a.type))
    .map((a) => a.value)
    .sort();

describe('httpx, as versions 1.0 to 1.8 write it', () => {
  it('reads httpx 1.0 lines (status-code, content-length): every URL with its status', async () => {
    const records = jsonLines('httpx-1.0.0-readme.jsonl');
    const { job, assets } = await imported('httpx', 'httpx-1.0.0-readme.jsonl');
    expect(job.counts).toMatchObject({ read: records.length, rejected: 0 });
    const urls = assets.filter((a) => a.type === 'url');
    expect(urls.map((u) => u.value).sort()).toEqual(records.map((r) => `${r.url}/`).sort());
    for (const record of records) {
      const url = urls.find((u) => u.value === `${record.url}/`);
      expect(url?.details, String(record.url)).toMatchObject({
        status_code: record['status-code'],
        content_length: record['content-length'],
      });
    }
  });

  it('reads httpx 1.5 and 1.6 lines (host is the IP); a failed probe is rejected with its error', async () => {
    const records = jsonLines('httpx-1.5-1.6.jsonl');
    const failed = records.filter((r) => r.failed === true);
    const { job, assets } = await imported('httpx', 'httpx-1.5-1.6.jsonl');
    expect(job.counts).toMatchObject({ read: records.length, rejected: failed.length });
    expect(job.rejects[0]?.reason).toMatch(/httpx could not reach it \(errKind=network-permanent-error/);
    const reached = records.filter((r) => r.failed !== true);
    expect(valuesOf(assets, 'url')).toEqual(reached.map((r) => new URL(String(r.url)).href).sort());
    const ips = new Set(reached.flatMap((r) => [...((r.a as string[]) ?? []), ...(r.host ? [String(r.host)] : [])]));
    expect(valuesOf(assets, 'ip').length).toBe(ips.size);
  });

  it('keeps a CDN’s CNAMEs (httpx 1.8) as details of the host, never as company assets', async () => {
    const [record] = jsonLines('httpx-1.8-host-ip.jsonl');
    const { job, assets } = await imported('httpx', 'httpx-1.8-host-ip.jsonl');
    expect(job.counts).toMatchObject({ read: 1, rejected: 0 });
    const cnames = (record?.cname as string[]) ?? [];
    const host = new URL(String(record?.url)).hostname;
    expect(assets.find((a) => a.value === host)?.details).toMatchObject({ cname: cnames });
    const names = valuesOf(assets, 'domain', 'subdomain');
    expect(names).toEqual([domainOf(host), host].sort());
    for (const cname of cnames) expect(names).not.toContain(domainOf(cname));
    const ips = new Set([...((record?.a as string[]) ?? []), ...((record?.aaaa as string[]) ?? [])]);
    expect(valuesOf(assets, 'ip').length).toBe(ips.size);
  });

  it('keeps a line carrying the whole response (-irr, 200 KB): only its fields are stored', async () => {
    const [record] = jsonLines('httpx-1.8-host-ip.jsonl');
    const long = `${JSON.stringify({ ...record, body: 'x'.repeat(200_000) })}\n`;
    const { job, assets } = await imported('httpx', 'irr.jsonl', long);
    expect(job.counts).toMatchObject({ read: 1, rejected: 0 });
    expect(JSON.stringify(assets)).not.toContain('xxxxxxxxxx');
  });
});

describe('subfinder and amass, as versions 2.3 to 2.5 and 3 to 4 write them', () => {
  for (const name of ['subfinder-2.3-readme.jsonl', 'subfinder-2.4-collect-sources.jsonl']) {
    it(`reads ${name}: one host a line, its IP when resolved`, async () => {
      const records = jsonLines(name);
      const { job, assets } = await imported('subfinder', name);
      expect(job.counts).toMatchObject({ read: records.length, rejected: 0 });
      const hosts = new Set(records.flatMap((r) => [String(r.host), domainOf(String(r.host))]));
      expect(valuesOf(assets, 'domain', 'subdomain')).toEqual([...hosts].sort());
      const ips = new Set(records.flatMap((r) => (r.ip ? [String(r.ip)] : [])));
      expect(valuesOf(assets, 'ip')).toEqual([...ips].sort());
    });
  }

  it('reads subfinder 2.5.3 with crt.sh’s two names in one host (a newline inside)', async () => {
    const records = jsonLines('subfinder-2.5.3-crtsh.jsonl');
    const { job, assets } = await imported('subfinder', 'subfinder-2.5.3-crtsh.jsonl');
    expect(job.counts).toMatchObject({ read: records.length, rejected: 0 });
    const hosts = new Set(records.flatMap((r) => [...String(r.host).split('\n'), String(r.input)]));
    expect(valuesOf(assets, 'domain', 'subdomain')).toEqual([...hosts].sort());
  });

  it('reads amass 3 -json lines (addresses null when passive)', async () => {
    const records = jsonLines('amass-3-passive.jsonl');
    const { job, assets } = await imported('subfinder', 'amass-3-passive.jsonl');
    expect(job.counts).toMatchObject({ read: records.length, rejected: 0 });
    const hosts = new Set(records.flatMap((r) => [String(r.name), String(r.domain)]));
    expect(valuesOf(assets, 'domain', 'subdomain')).toEqual([...hosts].sort());
  });

  it('reads amass 4 text lines: the MX and NS providers are details of the domain, not assets', async () => {
    const text = lines('amass-4.1-text.txt');
    const parts = text.map((l) => l.split(' --> '));
    const { job, assets } = await imported('subfinder', 'amass-4.1-text.txt');
    expect(job.counts).toMatchObject({ read: text.length, rejected: 0 });
    const target = (kind: string) => parts.filter((p) => p[1] === kind).map((p) => String(p[2]).split(' ')[0]);
    expect(assets.map((a) => a.value)).toEqual(['att.com']);
    expect(assets[0]?.details).toEqual({
      mail_exchangers: target('mx_record'),
      name_servers: target('ns_record'),
    });
  });

  it('refuses an httpx file once, naming it, instead of one reject a line', async () => {
    const { job } = await imported('subfinder', 'httpx-1.5-1.6.jsonl');
    expect(job.rejects).toEqual([
      { file: 'httpx-1.5-1.6.jsonl', line: 0, reason: expect.stringMatching(/^This is httpx JSON lines.*as httpx\.$/) },
    ]);
  });
});

describe('host lists, as the finders print them', () => {
  it('reads subfinder’s plain output, one name a line', async () => {
    const names = lines('subfinder-2.4.6-plain.txt');
    const { job, assets } = await imported('hosts', 'subfinder-2.4.6-plain.txt');
    expect(job.counts).toMatchObject({ read: names.length, rejected: 0 });
    expect(valuesOf(assets, 'domain', 'subdomain')).toEqual([...new Set([...names, 'hackerone.com'])].sort());
  });

  it('reads amass 3 -src lines ([Source] name), the source kept', async () => {
    const text = lines('amass-3.7.2-src.txt');
    const { job, assets } = await imported('hosts', 'amass-3.7.2-src.txt');
    expect(job.counts).toMatchObject({ read: text.length, rejected: 0 });
    const names = text.map((l) => l.split(/\s+/)[1] ?? '');
    expect(valuesOf(assets, 'domain', 'subdomain')).toEqual([...new Set(names)].sort());
    expect(assets.find((a) => a.value === 'upload.twitter.com')?.details).toEqual({ found_by: ['HackerOne'] });
  });

  it('refuses a subfinder JSON file once, pointing to the subfinder import', async () => {
    const { job } = await imported('hosts', 'subfinder-2.3-readme.jsonl');
    expect(job.rejects).toEqual([
      { file: 'subfinder-2.3-readme.jsonl', line: 0, reason: expect.stringMatching(/^This is subfinder JSON lines/) },
    ]);
  });
});

describe('assets CSV, as spreadsheets export it', () => {
  for (const name of ['assets-excel-utf8-comma.csv', 'assets-excel-fr-semicolon.csv']) {
    it(`reads ${name} (BOM, CRLF, the locale's separator)`, async () => {
      const rows = lines(name).slice(1);
      const { job, assets } = await imported('assets-csv', name);
      expect(job.counts).toMatchObject({ read: rows.length, rejected: 0 });
      const separator = name.includes('semicolon') ? ';' : ',';
      const values = rows.map((r) => r.split(separator)[1] ?? '');
      for (const value of values) expect(assets.map((a) => a.value)).toContain(value);
    });
  }

  it('refuses a UTF-16 export once, saying how to save it', async () => {
    const utf16 = Buffer.from('\ufefftype\tvalue\r\ndomain\tacme.example\r\n', 'utf16le');
    const { job } = await imported('assets-csv', 'unicode.txt', utf16);
    expect(job.rejects).toEqual([{ file: 'unicode.txt', line: 0, reason: expect.stringMatching(/UTF-16.*CSV UTF-8/) }]);
  });
});
