// The assets importers through the API and the job system: each format's fixture lands in the
// inventory with its relations and history, counts and rejects reported per line; a second import
// merges instead of duplicating; an asset a probe found gone comes back; the supplier option puts
// assets in that supplier's inventory, and only a supplier of the importing company (refused at upload).
import { readFileSync } from 'node:fs';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { answerOf, validationOf } from '../../testing/api.js';
import { importFile, newTenant, type Tenant, tenantFixture, upload, waitForImport } from '../../testing/monitoring.js';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url));
const t = tenantFixture('assetimport');

async function assets(who: Tenant, query = '') {
  const response = await who.browser.get(`/api/assets?page_size=100${query}`, { token: who.token });
  expect(response.statusCode, response.body).toBe(200);
  return answerOf('listAssets', response).data;
}

async function assetNamed(who: Tenant, value: string, query = '') {
  const found = (await assets(who, `&q=${encodeURIComponent(value)}${query}`)).find((a) => a.value === value);
  if (!found) throw new Error(`no asset ${value}`);
  const response = await who.browser.get(`/api/assets/${found.id}`, { token: who.token });
  expect(response.statusCode, response.body).toBe(200);
  return answerOf('getAsset', response).data;
}

async function supplier(who: Tenant, name: string): Promise<number> {
  const response = await who.browser.post('/api/suppliers', { name, tier: 'high' }, { token: who.token });
  expect(response.statusCode, response.body).toBe(201);
  return answerOf('createSupplier', response).data.id;
}

describe('assets imports', () => {
  it('imports a host list: counts, rejects with line and reason, assets with parents and history', async () => {
    const job = await importFile(t.app, t.tenant, 'hosts', 'hosts.txt', fixture('hosts.txt'));
    expect(job.status).toBe('succeeded');
    expect(job.counts).toMatchObject({ rejected: 3 });
    expect(job.rejects).toEqual([
      { file: 'hosts.txt', line: 11, reason: '"not a host" is not a host name.' },
      { file: 'hosts.txt', line: 12, reason: '"-bad-.example-shop.example" is not a host name.' },
      { file: 'hosts.txt', line: 13, reason: '"localhost" is not a host name.' },
    ]);
    const all = await assets(t.tenant);
    expect(all.map((a) => `${a.type} ${a.value}`).sort()).toEqual(
      [
        'domain example-shop.example',
        'subdomain www.example-shop.example',
        'subdomain api.example-shop.example',
        'subdomain portal.example-shop.example',
        'url https://portal.example-shop.example/login',
        'ip 198.51.100.7',
        'ip 2001:db8::1',
        'netblock 198.51.100.0/24',
        'subdomain vpn.example-shop.example',
        'service vpn.example-shop.example:8443/tcp',
        'subdomain xn--bcher-kva.example-shop.example',
      ].sort(),
    );
    const domain = await assetNamed(t.tenant, 'example-shop.example');
    expect(domain.relations.filter((r) => r.direction === 'in').map((r) => `${r.kind} ${r.asset.value}`)).toContain(
      'subdomain_of www.example-shop.example',
    );
    expect(domain.history).toEqual([expect.objectContaining({ change: 'discovered', source: 'hosts' })]);
    expect(domain.sources).toEqual(['hosts']);
  });

  it('merges a second tool’s view of the same assets: one row, both sources, new relations', async () => {
    const before = (await assets(t.tenant)).length;
    const job = await importFile(t.app, t.tenant, 'subfinder', 'subfinder.jsonl', fixture('subfinder.jsonl'));
    expect(job.counts).toMatchObject({ read: 7, rejected: 4 });
    const www = await assetNamed(t.tenant, 'www.example-shop.example');
    expect(www.sources).toEqual(['hosts', 'subfinder']);
    expect(www.details).toEqual({ found_by: ['crtsh'] });
    const dev = await assetNamed(t.tenant, 'dev.example-shop.example');
    expect(dev.relations.map((r) => `${r.direction} ${r.kind} ${r.asset.value}`)).toEqual([
      'out resolves_to 198.51.100.20',
      'out subdomain_of example-shop.example',
    ]);
    // www and the domain were there; mail, dev and dev's IP are new.
    expect((await assets(t.tenant)).length).toBe(before + 3);
    const again = await importFile(t.app, t.tenant, 'subfinder', 'subfinder.jsonl', fixture('subfinder.jsonl'));
    expect(again.counts).toMatchObject({ added: 0 });
    expect((await assets(t.tenant)).length).toBe(before + 3);
  });

  it('imports httpx, amass and nmap output and the assets CSV', async () => {
    for (const [kind, name] of [
      ['httpx', 'httpx.jsonl'],
      ['subfinder', 'amass.jsonl'],
      ['nmap', 'nmap.xml'],
      ['assets-csv', 'assets.csv'],
    ] as const) {
      const job = await importFile(t.app, t.tenant, kind, name, fixture(name));
      expect(job.status, `${kind}: ${job.error}`).toBe('succeeded');
      expect(job.counts.rejected, kind).toBeGreaterThan(0);
    }
    const www = await assetNamed(t.tenant, 'www.example-shop.example');
    expect(www.relations.map((r) => `${r.kind} ${r.asset.value}`)).toEqual(
      expect.arrayContaining([
        'serves_certificate 9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08',
        'hosts_url https://www.example-shop.example/',
      ]),
    );
    // httpx's timestamp is when it was seen.
    const url = await assetNamed(t.tenant, 'https://www.example-shop.example/');
    expect(url.first_seen_at).toBe('2026-11-20T10:15:42.123Z');
    expect(url.details).toMatchObject({ status_code: 301, title: 'Example Shop' });
    const ssh = await assetNamed(t.tenant, '198.51.100.1:22/tcp');
    expect(ssh.details).toMatchObject({ product: 'OpenSSH' });
    expect(ssh.relations).toEqual([expect.objectContaining({ direction: 'in', kind: 'has_service' })]);
    const shop = (await assets(t.tenant, '&tag=pci')).map((a) => a.value);
    expect(shop).toEqual(['shop.example-shop.example']);
  });

  it('brings back an asset a probe run had found gone, as seen again', async () => {
    const gone = new Date('2026-11-01T00:00:00Z');
    await t.app.ctx.db
      .updateTable('assets')
      .set({ gone_at: gone })
      .where('company_id', '=', t.tenant.companyId)
      .where('value', '=', 'api.example-shop.example')
      .execute();
    expect((await assets(t.tenant, '&status=gone')).map((a) => a.value)).toEqual(['api.example-shop.example']);
    await importFile(t.app, t.tenant, 'hosts', 'again.txt', 'api.example-shop.example\n');
    const api = await assetNamed(t.tenant, 'api.example-shop.example');
    expect(api.gone_at).toBeNull();
    expect(api.history.map((h) => h.change)).toEqual(['seen_again', 'discovered']);
    expect(await assets(t.tenant, '&status=gone')).toEqual([]);
  });

  it('puts an import with supplier_id in that supplier’s inventory, apart from the company’s own', async () => {
    const id = await supplier(t.tenant, 'Acme Hosting');
    const job = await importFile(t.app, t.tenant, 'hosts', 's.txt', 'www.acme-hosting.example\n', `&supplier_id=${id}`);
    expect(job.counts).toMatchObject({ added: 2 });
    const theirs = await assets(t.tenant, `&supplier_id=${id}`);
    expect(theirs.map((a) => a.value).sort()).toEqual(['acme-hosting.example', 'www.acme-hosting.example']);
    expect(theirs[0]?.supplier).toEqual({ id, name: 'Acme Hosting' });
    expect((await assets(t.tenant, '&owner=suppliers')).map((a) => a.value)).toContain('www.acme-hosting.example');
    expect((await assets(t.tenant)).map((a) => a.value)).not.toContain('www.acme-hosting.example');
    // The same host in the company's own inventory is another asset.
    await importFile(t.app, t.tenant, 'hosts', 'own.txt', 'www.acme-hosting.example\n');
    expect((await assets(t.tenant, '&q=acme-hosting')).map((a) => a.value)).toContain('www.acme-hosting.example');
  });

  it('merges two imports naming the same hosts in opposite orders into one row per host', async () => {
    const who = await newTenant(t.app, 'assetparallel');
    // Every batch of each file names the same 50 hosts, one file in the other's reverse order.
    const hosts = Array.from({ length: 50 }, (_, i) => `h${i}.parallel.example`);
    const lines = Array.from({ length: 60 }, () => hosts).flat();
    const subfinder = [...lines]
      .reverse()
      .map((host) => JSON.stringify({ host, input: 'parallel.example', source: 'crtsh' }));
    const ids = [
      await upload(who, 'hosts', 'h.txt', lines.join('\n')),
      await upload(who, 'subfinder', 's.jsonl', subfinder.join('\n')),
    ];
    for (const id of ids) expect((await waitForImport(t.app, who, id)).status).toBe('succeeded');
    const count = await t.app.ctx.db
      .selectFrom('assets')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('company_id', '=', who.companyId)
      .where(sql<boolean>`sources @> array['hosts', 'subfinder']`)
      .executeTakeFirstOrThrow();
    // Every subdomain and the domain, each one row seen by both tools.
    expect(Number(count.n)).toBe(51);
  }, 120_000);

  it('refuses an import into another company’s supplier at upload, storing nothing', async () => {
    const other = await newTenant(t.app, 'assetother');
    const theirSupplier = await supplier(other, 'Not yours');
    const jobsBefore = await t.app.ctx.db.selectFrom('jobs').select('id').execute();
    const refused = async (kind: string) => {
      const response = await t.tenant.browser.post(
        `/api/imports?kind=${kind}&file_name=x.txt&supplier_id=${theirSupplier}`,
        Buffer.from('planted.example\n'),
        { token: t.tenant.token, headers: { 'content-type': 'application/octet-stream' } },
      );
      expect(response.statusCode, response.body).toBe(422);
      return validationOf(response).errors.supplier_id;
    };
    expect(await refused('hosts')).toEqual(['The selected supplier is invalid.']);
    // A kind without a supplier inventory says so instead of ignoring the option.
    expect(await refused('combolist')).toEqual(['This kind of import has no supplier inventory.']);
    expect(await t.app.ctx.db.selectFrom('jobs').select('id').execute()).toEqual(jobsBefore);
    expect(await assets(other, `&supplier_id=${theirSupplier}`)).toEqual([]);
    expect(await assets(t.tenant, '&q=planted')).toEqual([]);
  });
});
