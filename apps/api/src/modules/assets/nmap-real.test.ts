// nmap XML files as nmap wrote them (6.40 to 7.95, fixtures/real/, sources in its README) through
// the upload path: the test counts hosts, addresses, open ports and names from the raw XML with its
// own simple code and compares them with the job's counts and the assets list. Reverse-DNS names
// (the cloud's, a web host's) stay on the IP asset, never become the company's domains, unless the
// company scoped them; a file that is not nmap XML is refused once, saying what it is.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { JsonAnswerOf } from '../../route-table.js';
import { answerOf } from '../../testing/api.js';
import { importFile, newTenant, type Tenant, tenantFixture } from '../../testing/monitoring.js';

const real = (name: string) => readFileSync(new URL(`./fixtures/real/${name}`, import.meta.url), 'utf8');
const t = tenantFixture('nmapreal');

type AssetView = JsonAnswerOf<'listAssets'>['data'][number];

async function allAssets(who: Tenant, query = ''): Promise<AssetView[]> {
  const found: AssetView[] = [];
  for (let page = 1; ; page += 1) {
    const response = await who.browser.get(`/api/assets?page_size=100&page=${page}${query}`, { token: who.token });
    expect(response.statusCode, response.body).toBe(200);
    const body = answerOf('listAssets', response);
    found.push(...body.data);
    if (!body.meta.has_more) return found;
  }
}

async function relationsOf(who: Tenant, id: number) {
  const response = await who.browser.get(`/api/assets/${id}`, { token: who.token });
  expect(response.statusCode, response.body).toBe(200);
  const detail = answerOf('getAsset', response);
  return detail.data.relations.map((r) => `${r.direction} ${r.kind} ${r.asset.value}`);
}

/** What the raw XML says, counted with regular expressions, independently of the parser. */
function countRaw(xml: string) {
  const hosts = [...xml.matchAll(/<host[\s>][\s\S]*?<\/host>/g)].map((m) => m[0]);
  const up = hosts.filter((h) => /<status state="up"/.test(h));
  const ips: string[] = [];
  const services: string[] = [];
  const names = { user: [] as string[], ptr: [] as string[] };
  for (const host of up) {
    const ip = /<address addr="([^"]+)" addrtype="ipv4"/.exec(host)?.[1];
    if (!ip) continue;
    ips.push(ip);
    for (const m of host.matchAll(/<port protocol="(\w+)" portid="(\d+)"><state state="open"/g)) {
      services.push(`${ip}:${m[2]}/${m[1]}`);
    }
    for (const m of host.matchAll(/<hostname name="([^"]+)" type="(user|PTR)"\/>/g)) {
      names[m[2] === 'user' ? 'user' : 'ptr'].push((m[1] ?? '').toLowerCase());
    }
  }
  return { hosts: hosts.length, up: up.length, ips, services, ...names };
}

const valuesOf = (assets: AssetView[], ...types: string[]) =>
  assets
    .filter((a) => types.includes(a.type))
    .map((a) => a.value)
    .sort();

/** A scanned name with a dot, and its last two labels (none of the samples is under a country's second level). */
const namesAndDomains = (names: string[]) =>
  [...new Set(names.filter((n) => n.includes('.')).flatMap((n) => [n, n.split('.').slice(-2).join('.')]))].sort();

describe('nmap XML of real nmap versions, through the upload path', () => {
  const files = [
    'nmap-6.40-localhost-ptr.xml',
    'nmap-7.12-web-host-ptr.xml',
    'nmap-7.60-vulners.xml',
    'nmap-7.91-compute-internal.xml',
    'nmap-7.91-dionaea.xml',
    'nmap-7.95-google-ptr.xml',
  ];
  for (const name of files) {
    it(`${name}: every host read, each address and open port an asset, only scanned names as domains`, async () => {
      const xml = real(name);
      const raw = countRaw(xml);
      const who = await newTenant(t.app, 'nmapfile');
      const job = await importFile(t.app, who, 'nmap', name, xml);
      expect(job.status, job.error ?? '').toBe('succeeded');
      expect(job.counts.read).toBe(raw.hosts);
      expect(job.counts.rejected).toBe(0);
      const assets = await allAssets(who);
      expect(valuesOf(assets, 'ip')).toEqual([...new Set(raw.ips)].sort());
      expect(valuesOf(assets, 'service')).toEqual([...new Set(raw.services)].sort());
      expect(valuesOf(assets, 'domain', 'subdomain')).toEqual(namesAndDomains(raw.user));
      expect(job.counts.added).toBe(assets.length);
      // Each PTR name is on its address, and is an asset only when it was also scanned by that name.
      const ptrByIp = assets
        .filter((a) => a.type === 'ip')
        .flatMap((a) => (a.details.ptr as string[] | undefined) ?? []);
      expect(ptrByIp.sort()).toEqual([...new Set(raw.ptr)].sort());
      const values = new Set(assets.map((a) => a.value));
      for (const ptr of raw.ptr.filter((p) => !raw.user.includes(p))) expect(values.has(ptr), ptr).toBe(false);
    });
  }

  it('keeps the cloud’s and a web host’s reverse-DNS names off the company’s domains (issue 30)', async () => {
    const who = await newTenant(t.app, 'nmapptr');
    await importFile(t.app, who, 'nmap', 'cloud.xml', real('nmap-7.91-compute-internal.xml'));
    await importFile(t.app, who, 'nmap', 'webhost.xml', real('nmap-7.12-web-host-ptr.xml'));
    const assets = await allAssets(who);
    const names = valuesOf(assets, 'domain', 'subdomain');
    expect(names).toEqual(['joaquinlp.me']);
    for (const provider of ['compute.internal', 'mochahost.com', 'mocha2005.mochahost.com']) {
      expect(names).not.toContain(provider);
    }
    const cloud = assets.find((a) => a.value === '10.250.195.71');
    expect(cloud?.details.ptr).toEqual(['ip-10-250-195-71.eu-west-1.compute.internal']);
    const webHost = assets.find((a) => a.value === '198.38.82.159');
    expect(webHost?.details.ptr).toEqual(['mocha2005.mochahost.com']);
  });

  it('makes a reverse-DNS name an asset when it is within the scope an administrator declared', async () => {
    const admin = await newTenant(t.app, 'nmapscope', { role: 'administrator' });
    const scoped = await admin.browser.post(
      '/api/asset-scopes',
      { kind: 'domain', value: 'mochahost.com' },
      { token: admin.token },
    );
    expect(scoped.statusCode, scoped.body).toBe(201);
    const job = await importFile(t.app, admin, 'nmap', 'webhost.xml', real('nmap-7.12-web-host-ptr.xml'));
    expect(job.status).toBe('succeeded');
    const assets = await allAssets(admin);
    expect(valuesOf(assets, 'domain', 'subdomain')).toEqual([
      'joaquinlp.me',
      'mocha2005.mochahost.com',
      'mochahost.com',
    ]);
    const ptr = assets.find((a) => a.value === 'mocha2005.mochahost.com');
    const ip = assets.find((a) => a.type === 'ip');
    expect(ptr && (await relationsOf(admin, ptr.id))).toEqual([
      `out resolves_to ${ip?.value}`,
      'out subdomain_of mochahost.com',
    ]);
  });

  it('reads hosts nmap did not find up and keeps nothing of them, saying so in the log', async () => {
    const xml = readFileSync(new URL('./fixtures/nmap.xml', import.meta.url), 'utf8');
    const raw = countRaw(xml);
    const job = await importFile(t.app, t.tenant, 'nmap', 'nmap.xml', xml);
    expect(job.counts.read).toBe(raw.hosts);
    expect(raw.hosts - raw.up).toBe(1);
    expect(job.log.map((l) => l.message)).toContain('1 hosts nmap did not find up were read and not kept.');
  });

  it('refuses nmap’s text outputs and other XML once per file, saying what the file is', async () => {
    const normal = [
      '# Nmap 7.94 scan initiated Fri Nov 20 10:00:00 2026 as: nmap -oN scan.txt 198.51.100.1',
      'Nmap scan report for 198.51.100.1',
      'Host is up (0.0012s latency).',
      'PORT   STATE SERVICE',
      '22/tcp open  ssh',
      '',
    ].join('\n');
    const grepable = [
      '# Nmap 7.94 scan initiated Fri Nov 20 10:00:00 2026 as: nmap -oG scan.gnmap 198.51.100.1',
      'Host: 198.51.100.1 ()\tStatus: Up',
      'Host: 198.51.100.1 ()\tPorts: 22/open/tcp//ssh///',
      '',
    ].join('\n');
    const nessus = '<?xml version="1.0" ?>\n<NessusClientData_v2><Report name="x"></Report></NessusClientData_v2>\n';
    for (const [file, content, what] of [
      ['scan.txt', normal, "This is nmap's normal (-oN) text output"],
      ['scan.gnmap', grepable, "This is nmap's grepable (-oG) text output"],
      ['scan.nessus', nessus, 'This is an XML document whose root is <NessusClientData_v2>'],
    ] as const) {
      const job = await importFile(t.app, t.tenant, 'nmap', file, content);
      expect(job.status, file).toBe('failed');
      expect(job.rejects, file).toHaveLength(1);
      expect(job.rejects[0]?.line).toBe(0);
      expect(job.rejects[0]?.reason.startsWith(what), job.rejects[0]?.reason).toBe(true);
      expect(job.error ?? '').toContain(what);
    }
  });
});
