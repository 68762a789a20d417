// Each group of the search finds its records by the fields users type: leaks by e-mail, part of an
// e-mail, domain or source; devices by machine or malware family; assets by any part of a host;
// CVEs (reference data, no company) by id, description or vendor; dork results, code hits,
// archived URLs and scripts by the words of their URLs and paths.
import { beforeAll, describe, expect, it } from 'vitest';
import { nvdPage } from '../../modules/cves/cves.fixtures.js';
import { searchPage } from '../../modules/dorks/dorks.demo.js';
import { answerOf } from '../../testing/api.js';
import { importFile, platformOperator, type Tenant, tenantFixture } from '../../testing/monitoring.js';
import { external, fixedScanner, result, SHOP, scanWith, seedStorePage } from '../../testing/scripts.js';
import { tar } from '../imports/import-archive.js';

const fixture = tenantFixture('sources');

async function found(who: Tenant, kind: string, q: string) {
  const r = await who.browser.get(`/api/search?q=${encodeURIComponent(q)}&kinds=${kind}&limit=10`, {
    token: who.token,
  });
  expect(r.statusCode, r.body).toBe(200);
  return answerOf('search', r).groups.find((g) => g.kind === kind)?.hits ?? [];
}
const titlesOf = async (who: Tenant, kind: string, q: string) => (await found(who, kind, q)).map((h) => h.title).sort();

describe('search sources', () => {
  let a: Tenant;
  let d: string;
  beforeAll(async () => {
    const { app } = fixture;
    a = fixture.tenant;
    d = a.domain;
    await importFile(app, a, 'combolist', 'MegaDump-2026.txt', `maria.silva@${d}:Pw-1\nj.ng@${d}:Pw-2`);
    const log = tar([
      { path: 'DESKTOP-KX42/System.txt', text: 'Malware: Lumma\r\nMachineName: DESKTOP-KX42\r\n' },
      { path: 'DESKTOP-KX42/Passwords.txt', text: `URL: https://vpn.${d}/\r\nUsername: ops@${d}\r\nPassword: P-4\r\n` },
    ]);
    await importFile(app, a, 'infostealer', 'logs.tar', log);
    await importFile(app, a, 'hosts', 'hosts.txt', `payments-gw.${d}\nmail.${d}\n10.20.30.40`);
    const operator = await platformOperator(app);
    const cves = [
      {
        id: 'CVE-2026-31337',
        published: '2026-11-01T00:00:00.000',
        description: 'Heap overflow in the Frobnicator daemon.',
        cvss31: 9.8,
        cpes: ['cpe:2.3:a:acmesoft:frobnicator:1.0:*:*:*:*:*:*:*'],
      },
    ];
    await importFile(app, operator, 'nvd', 'nvd.json', nvdPage(cves));
    const page = searchPage(`ext:sql site:${d}`, [
      { link: `https://files.${d}/dumps/customers.sql`, title: 'Index of /dumps', snippet: 'customers.sql 2 MB' },
    ]);
    await importFile(app, a, 'search-results', 'pages.json', JSON.stringify([page]));
    const leak = {
      RuleID: 'github-pat',
      Description: 'GitHub Personal Access Token',
      StartLine: 12,
      EndLine: 12,
      StartColumn: 1,
      EndColumn: 40,
      Match: `token: ghp_${'a1B2'.repeat(9)}`,
      Secret: `ghp_${'a1B2'.repeat(9)}`,
      File: 'deploy/kubernetes/values.yaml',
      Commit: 'b'.repeat(40),
      Entropy: 4.8,
      Author: 'Quentin Tarrant',
      Email: 'qt@example.com',
      Date: '2026-10-01T10:00:00Z',
      Link: `https://github.com/acme/infra/blob/${'b'.repeat(40)}/deploy/kubernetes/values.yaml#L12`,
    };
    await importFile(app, a, 'gitleaks-json', 'report.json', JSON.stringify([leak]));
    await importFile(
      app,
      a,
      'archive-urls',
      'gau.txt',
      `https://www.${d}/backup/site-2019.tar.gz\nhttps://www.${d}/about`,
    );
    const { pageId } = await seedStorePage(app, a.companyId);
    await scanWith(
      app,
      a.companyId,
      pageId,
      fixedScanner(result([external(`https://cdn.tagmanager-x.example/gtm.js`, 'console.log(1)')])),
    );
  });

  it('finds leaks by e-mail start, part of an e-mail, domain and source', async () => {
    expect(await titlesOf(a, 'leaks', 'maria')).toEqual([`maria.silva@${d}`]);
    expect(await titlesOf(a, 'leaks', 'ria.sil')).toEqual([`maria.silva@${d}`]);
    expect(await titlesOf(a, 'leaks', 'megadump')).toEqual([`j.ng@${d}`, `maria.silva@${d}`]);
    expect(await titlesOf(a, 'leaks', d)).toEqual([`j.ng@${d}`, `maria.silva@${d}`, `ops@${d}`]);
    const [hit] = await found(a, 'leaks', 'maria');
    expect(hit).toMatchObject({ company: { id: a.companyId }, snippet: 'MegaDump-2026.txt' });
  });

  it('finds devices by machine name and malware family, and assets by any part of a host', async () => {
    expect(await titlesOf(a, 'devices', 'kx42')).toEqual(['DESKTOP-KX42']);
    expect(await titlesOf(a, 'devices', 'lumma')).toEqual(['DESKTOP-KX42']);
    expect((await found(a, 'devices', 'lumma'))[0]?.link).toMatch(/^\/credentials\?tab=devices&open=\d+$/);
    expect(await titlesOf(a, 'assets', 'ments-gw')).toEqual([`payments-gw.${d}`]);
    expect(await titlesOf(a, 'assets', '10.20.30')).toEqual(['10.20.30.40']);
    expect((await found(a, 'assets', 'ments-gw'))[0]?.link).toMatch(/^\/companyassets\?asset=\d+$/);
  });

  it('finds CVEs of the catalogue by id, description word and vendor, as shared data', async () => {
    for (const q of ['CVE-2026-31337', 'cve-2026-313', 'frobnicator', 'acmesoft']) {
      const hits = await found(a, 'cves', q);
      expect(
        hits.map((h) => h.title),
        q,
      ).toEqual(['CVE-2026-31337']);
      expect(hits[0]?.company).toBeNull();
    }
  });

  it('finds dork results, code hits, archived URLs and scripts by the words of their URLs and paths', async () => {
    expect(await titlesOf(a, 'dork-results', 'customers sql')).toEqual(['Index of /dumps']);
    expect(await titlesOf(a, 'code', 'kubernetes values')).toEqual(['acme/infra/deploy/kubernetes/values.yaml:12']);
    expect(await titlesOf(a, 'code', 'tarrant')).toHaveLength(1);
    expect(await titlesOf(a, 'archived-urls', 'site-2019')).toEqual([`https://www.${d}/backup/site-2019.tar.gz`]);
    expect(await titlesOf(a, 'scripts', 'tagmanager')).toEqual(['https://cdn.tagmanager-x.example/gtm.js']);
    const [script] = await found(a, 'scripts', 'gtm');
    expect(script?.snippet).toBe(`https://www.${SHOP}/checkout`);
    expect(script?.link).toMatch(/^\/scripts\?store_id=\d+&page_id=\d+&script=\d+$/);
  });
});
