// The JS blacklist's two import kinds read real public files (fixtures/real/README.md) through the
// upload path: maltrail's trail, urlhaus-filter's hosts and adblock lists, Volexity's IoC CSVs of
// two header generations. Each count is worked out here from the raw file with its own plain code.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { answerOf } from '../../../testing/api.js';
import { importFile, type Tenant, tenantFixture } from '../../../testing/monitoring.js';

const fixture = tenantFixture('jsblacklistreal');
const real = (name: string) => readFileSync(new URL(`./fixtures/real/${name}`, import.meta.url), 'utf8');
const lines = (text: string) => text.split('\n').map((l) => l.trim());

async function entries(who: Tenant, query: string) {
  const response = await who.browser.get(`/api/js-blacklist?per_page=100&${query}`, { token: who.token });
  expect(response.statusCode, response.body).toBe(200);
  const body = answerOf('listJsBlacklist', response);
  return { data: body.data, total: body.meta.total };
}

describe('the JS blacklist reads the lists the field publishes', () => {
  it('reads a maltrail trail: hosts, URLs with or without scheme, ip:port; a bare path refused with its line', async () => {
    const text = real('maltrail-magentocore.txt');
    const significant = lines(text).filter((l) => l !== '' && !l.startsWith('#'));
    const paths = significant.filter((l) => l.startsWith('/'));
    const job = await importFile(fixture.app, fixture.tenant, 'js-blacklist', 'magentocore.txt', text);
    expect(job.status, job.error ?? '').toBe('succeeded');
    expect(job.counts.read).toBe(significant.length);
    expect(job.counts.rejected).toBe(paths.length);
    expect(job.counts.added + job.counts.updated).toBe(significant.length - paths.length);
    expect(
      job.rejects.every((r) => r.reason.endsWith('is a path without a host: the blacklist matches addresses.')),
    ).toBe(true);
    const urls = significant.filter((l) => l.includes('/') && !l.startsWith('/'));
    expect((await entries(fixture.tenant, 'kind=url')).total).toBe(urls.length);
    expect((await entries(fixture.tenant, 'q=googlepng')).data.map((e) => e.value)).toEqual(['xn--googlepng-m5a.com']);
    expect((await entries(fixture.tenant, 'q=bluemarineholding')).data.map((e) => e.value)).toEqual([
      'https://bluemarineholding.com/wp-includes/locales.php',
    ]);
    expect((await entries(fixture.tenant, 'kind=host&q=45.197.141.250')).data.map((e) => e.value)).toEqual([
      '45.197.141.250',
    ]);
  });

  it.each([
    ['urlhaus-filter-hosts-online-2022-03-14.txt', (l: string) => l.startsWith('0.0.0.0 ')],
    ['urlhaus-filter-agh-online-2022-03-14.txt', (l: string) => l.startsWith('||')],
    ['urlhaus-filter-ag-online-2022-03-14.txt', (l: string) => l.startsWith('||')],
  ])('reads urlhaus-filter %s, every rule one entry', async (name, isRule) => {
    const tenant = fixture.tenant;
    const before = (await entries(tenant, '')).total;
    const text = real(name);
    const rules = lines(text).filter(isRule);
    const comments = lines(text).filter((l) => l.startsWith('#') || l.startsWith('!'));
    expect(rules.length + comments.length).toBe(lines(text).filter((l) => l !== '').length);
    const job = await importFile(fixture.app, tenant, 'js-blacklist', name, text);
    expect(job.status, job.error ?? '').toBe('succeeded');
    expect(job.counts).toMatchObject({ read: rules.length, rejected: 0 });
    expect(job.counts.added + job.counts.updated).toBe(rules.length);
    const after = (await entries(tenant, '')).total;
    expect(after - before).toBe(job.counts.added);
    if (name.includes('-ag-')) {
      const withPath = rules.filter((l) => l.replace(/\$all$/, '').includes('/'));
      const urls = await entries(tenant, `kind=url&q=${encodeURIComponent('a.oracleservice.top')}`);
      expect(urls.data.map((e) => e.value).sort()).toEqual([
        'https://a.oracleservice.top/scan.sh',
        'https://a.oracleservice.top/xms',
      ]);
      expect(withPath.length).toBeGreaterThan(20);
    }
  });

  it('refuses a CSV uploaded as a plain list once, naming the kind that reads it', async () => {
    const job = await importFile(
      fixture.app,
      fixture.tenant,
      'js-blacklist',
      'newegg.csv',
      real('volexity-2018-09-18-magecart-newegg.csv'),
    );
    expect(job.counts).toMatchObject({ read: 1, added: 0, rejected: 1 });
    expect(job.rejects).toEqual([
      {
        file: 'newegg.csv',
        line: 0,
        reason: 'This is a CSV file with a header line: upload it as the kind js-blacklist-csv.',
      },
    ]);
  });
});

describe('the JS blacklist CSV reads vendor IoC exports', () => {
  const rows = (text: string) =>
    lines(text)
      .slice(1)
      .filter((l) => l !== '');

  it('reads Volexity value,type,notes (2018, a Magecart JS sniffer): repeated values updated, not doubled', async () => {
    const text = real('volexity-2018-07-19-js-sniffer.csv');
    const values = rows(text).map((l) => l.split(',')[0]);
    const unique = new Set(values);
    const job = await importFile(fixture.app, fixture.tenant, 'js-blacklist-csv', 'js-sniffer.csv', text);
    expect(job.status, job.error ?? '').toBe('succeeded');
    expect(job.counts).toMatchObject({ read: values.length, rejected: 0 });
    expect(job.counts.added + job.counts.updated).toBe(values.length);
    expect(job.counts.updated).toBeGreaterThanOrEqual(values.length - unique.size);
    for (const value of ['google-analytisc.com', '62.4.8.139']) {
      expect((await entries(fixture.tenant, `q=${value}`)).data.map((e) => [e.kind, e.value])).toEqual([
        ['host', value],
      ]);
    }
  });

  it('reads Volexity value,entity_type,description (2023, BOM): a file row by its SHA-256, never as a host', async () => {
    const text = real('volexity-2023-06-28-powerstar.csv');
    const types = rows(text).map((l) => l.split(',').at(-2));
    const count = (type: string) => types.filter((t) => t === type).length;
    const job = await importFile(fixture.app, fixture.tenant, 'js-blacklist-csv', 'powerstar.csv', text);
    expect(job.status, job.error ?? '').toBe('succeeded');
    expect(job.counts).toMatchObject({ read: types.length, added: types.length, rejected: 0 });
    expect((await entries(fixture.tenant, 'kind=sha256')).total).toBe(count('file'));
    expect((await entries(fixture.tenant, 'kind=url&q=backblazeb2')).total).toBe(count('url'));
    expect((await entries(fixture.tenant, 'q=b79d28fe')).data.map((e) => e.value)).toEqual([
      'b79d28fe5e3c988bb5aadb12ce442d53291dbb9ede0c7d9d64eec078beba5585',
    ]);
  });

  it('reads a ThreatFox export (header in a comment, ", " separators, UTC without offset) and refuses MD5 rows', async () => {
    // ThreatFox's documented CSV layout on reserved names: no licence-compatible real export was found.
    const text = [
      '################################################################',
      '# ThreatFox IOCs: recent additions - CSV format                #',
      '#',
      '# "first_seen_utc","ioc_id","ioc_value","ioc_type","threat_type","fk_malware","malware_alias","malware_printable","last_seen_utc","confidence_level","is_compromised","reference","tags","anonymous","reporter"',
      '"2026-07-04 22:19:04", "1", "skim-cdn.example", "domain", "payload_delivery", "js.magecart", "None", "magecart", "", "100", "False", "None", "magecart", "0", "analyst"',
      '"2026-07-04 21:46:30", "2", "198.51.100.7:443", "ip:port", "botnet_cc", "js.magecart", "None", "magecart", "", "75", "False", "None", "None", "0", "analyst"',
      '"2026-07-04 21:40:00", "3", "d41d8cd98f00b204e9800998ecf8427e", "md5_hash", "payload", "js.magecart", "None", "magecart", "", "75", "False", "None", "None", "0", "analyst"',
      '# Number of entries: 3',
    ].join('\n');
    const job = await importFile(fixture.app, fixture.tenant, 'js-blacklist-csv', 'threatfox.csv', text);
    expect(job.counts).toMatchObject({ read: 3, added: 2, rejected: 1 });
    expect(job.rejects.map((r) => [r.line, r.reason])).toEqual([
      [7, 'A md5_hash is not read: scripts are matched by SHA-256.'],
    ]);
    const skim = (await entries(fixture.tenant, 'q=skim-cdn')).data;
    expect(skim.map((e) => [e.kind, e.value, e.family])).toEqual([['host', 'skim-cdn.example', 'magecart']]);
  });

  it('refuses a plain list uploaded as CSV once, naming the kind that reads it', async () => {
    const job = await importFile(
      fixture.app,
      fixture.tenant,
      'js-blacklist-csv',
      'trail.txt',
      real('maltrail-magentocore.txt'),
    );
    expect(job.counts).toMatchObject({ read: 1, added: 0, rejected: 1 });
    expect(job.rejects[0]?.reason).toMatch(/upload it as the kind js-blacklist\.$/);
  });
});
