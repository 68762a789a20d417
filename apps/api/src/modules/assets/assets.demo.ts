// The assets module's demo data: each demo company's attack surface in the five import formats
// (a host list, subfinder and amass JSON lines, httpx JSON lines, an nmap XML scan, an assets CSV
// with tags and owners), and three suppliers each with a host list and an httpx file of their own.
// The setup creates the suppliers and the scope (the company's domain, each supplier's domain).
// Addresses are in the documentation ranges (RFC 5737): nothing here is ever contacted.
import { createHash } from 'node:crypto';
import type { Executor } from '../../db/database.js';
import type { DemoCompany, DemoFile, DemoInput } from '../../platform/monitoring/monitoring-module.js';
import { DAY } from '../../shared/clock.js';
import { prng } from '../../shared/seeded-random.js';
import type { SupplierTier } from './assets.table.js';
import { tokenOf } from './scope-token.js';
import { insertScopes } from './scopes.service.js';

interface DemoSupplier {
  name: string;
  domain: string;
  tier: SupplierTier;
  contact: string;
  questionnaire: 'not_sent' | 'sent' | 'in_progress' | 'completed' | 'overdue';
}

const supplierNames: [string, SupplierTier, DemoSupplier['questionnaire']][] = [
  ['Northwind Logistics', 'high', 'completed'],
  ['Contoso Payments', 'critical', 'in_progress'],
  ['Fabrikam Hosting', 'medium', 'sent'],
  ['Tailspin Marketing', 'low', 'not_sent'],
  ['Litware Payroll', 'critical', 'overdue'],
];

/** Three suppliers per company, the same for the files and the setup. */
export function demoSuppliers(company: DemoCompany): DemoSupplier[] {
  const offset = [...company.domain].reduce((n, c) => n + c.charCodeAt(0), 0) % supplierNames.length;
  return [0, 1, 2].map((i) => {
    const [name, tier, questionnaire] = supplierNames[(offset + i) % supplierNames.length] ?? [
      'Supplier',
      'low',
      'not_sent',
    ];
    const slug = name.toLowerCase().replace(/\s+/g, '-');
    return { name, domain: `${slug}.example`, tier, contact: `security@${slug}.example`, questionnaire };
  });
}

const extraHosts = ['mail', 'dev', 'staging', 'intranet', 'cdn', 'status'];

/** The company's host names: its public hosts and a few more under its domain. */
function hostsOf(company: DemoCompany): string[] {
  return [...new Set([...company.hosts, ...extraHosts.map((h) => `${h}.${company.domain}`)])];
}

const ipOf = (index: number, block: number) => `203.0.113.${((block * 40 + index * 7) % 250) + 1}`;
const fingerprint = (host: string) => createHash('sha256').update(`demo-certificate:${host}`).digest('hex');

function subfinderLines(company: DemoCompany, hosts: string[]): string {
  const sources = ['crtsh', 'dnsdumpster', 'hackertarget', 'virustotal', 'alienvault'];
  return hosts
    .map((host, i) =>
      i % 2 === 0
        ? JSON.stringify({ host, input: company.domain, source: sources[i % sources.length] })
        : JSON.stringify({
            name: host,
            domain: company.domain,
            addresses: [{ ip: ipOf(i, 0), cidr: '203.0.113.0/24', asn: 64500, desc: 'DEMO-NET' }],
            tag: 'cert',
            sources: ['Crtsh', 'DNSDumpster'],
          }),
    )
    .join('\n');
}

function httpxLines(hosts: string[], anchor: Date, block: number, seed: number): string {
  const random = prng(seed);
  const titles = ['Home', 'Sign in', 'API status', 'Welcome', 'Dashboard'];
  const servers = ['nginx/1.24.0', 'Apache/2.4.57', 'cloudflare', 'Microsoft-IIS/10.0'];
  return hosts
    .map((host, i) => {
      const seen = new Date(anchor.getTime() - Math.floor(random() * 20 * DAY));
      const expires = new Date(anchor.getTime() + (i === 1 ? 12 : 200) * DAY);
      return JSON.stringify({
        timestamp: seen.toISOString(),
        url: `https://${host}`,
        input: host,
        host: ipOf(i, block),
        port: '443',
        scheme: 'https',
        title: titles[i % titles.length],
        webserver: servers[Math.floor(random() * servers.length)],
        content_type: 'text/html',
        status_code: i % 5 === 4 ? 403 : 200,
        content_length: 1000 + Math.floor(random() * 50_000),
        tech: i % 2 === 0 ? ['Nginx', 'React'] : ['PHP', 'WordPress'],
        a: [ipOf(i, block)],
        ...(i === 2 ? { cname: [`${host.split('.')[0]}.demo-cdn.example`] } : {}),
        tls: {
          host,
          port: '443',
          probe_status: true,
          tls_version: i % 4 === 3 ? 'tls11' : 'tls13',
          cipher: 'TLS_AES_128_GCM_SHA256',
          not_before: new Date(expires.getTime() - 365 * DAY).toISOString(),
          not_after: expires.toISOString(),
          subject_cn: host,
          subject_an: [host],
          issuer_cn: 'Demo CA R3',
          issuer_dn: 'CN=Demo CA R3, O=Demo CA',
          fingerprint_hash: { sha256: fingerprint(host) },
        },
        ...(i === 0 ? { final_url: `https://${host}/home` } : {}),
      });
    })
    .join('\n');
}

function nmapXml(hosts: string[], anchor: Date): string {
  const start = Math.floor((anchor.getTime() - 2 * DAY) / 1000);
  const ports: [number, string, string, string][] = [
    [22, 'ssh', 'OpenSSH', '8.9p1'],
    [443, 'https', 'nginx', '1.24.0'],
    [3389, 'ms-wbt-server', 'Microsoft Terminal Services', ''],
    [5432, 'postgresql', 'PostgreSQL DB', '13.4'],
  ];
  const body = hosts
    .slice(0, 5)
    .map((host, i) => {
      const open = ports.filter((_, p) => p === 1 || (i + p) % 3 === 0);
      const portXml = open
        .map(
          ([port, name, product, version]) =>
            `<port protocol="tcp" portid="${port}"><state state="open" reason="syn-ack" reason_ttl="53"/>` +
            `<service name="${name}" product="${product}"${version ? ` version="${version}"` : ''} method="probed" conf="10"/></port>`,
        )
        .join('\n');
      return `<host starttime="${start + i * 3}" endtime="${start + i * 3 + 2}"><status state="up" reason="syn-ack"/>
<address addr="${ipOf(i, 0)}" addrtype="ipv4"/>
<hostnames><hostname name="${host}" type="user"/></hostnames>
<ports><extraports state="filtered" count="${1000 - open.length}"/>
${portXml}
</ports></host>`;
    })
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE nmaprun>
<?xml-stylesheet href="file:///usr/share/nmap/nmap.xsl" type="text/xsl"?>
<nmaprun scanner="nmap" args="nmap -sV -oX - demo" start="${start}" version="7.94" xmloutputversion="1.05">
<scaninfo type="syn" protocol="tcp" numservices="1000" services="1-1000"/>
${body}
<runstats><finished time="${start + 60}" exit="success"/><hosts up="5" down="0" total="5"/></runstats>
</nmaprun>
`;
}

function assetsCsv(company: DemoCompany): string {
  const [www = `www.${company.domain}`, shop = `shop.${company.domain}`] = company.hosts;
  return [
    'type,value,tags,owner',
    `domain,${company.domain},crown-jewel;brand,IT Operations`,
    `subdomain,${www},public;brand,Web Team`,
    `subdomain,${shop},pci;public,E-commerce`,
    `email_domain,${company.domain},mail,IT Operations`,
    'netblock,203.0.113.0/24,datacenter,Network Team',
    `url,https://${www}/login,login,Web Team`,
  ].join('\n');
}

const file = (kind: string, fileName: string, content: string, options: Record<string, string> = {}): DemoFile => ({
  kind,
  fileName,
  content: Buffer.from(content),
  options,
});

/** Each demo supplier's public hosts (a supplier's probe run probes these and its domain). */
const supplierSubdomains = [
  ['www', 'portal', 'api'],
  ['www', 'api', 'mail', 'vpn'],
  ['www', 'portal', 'status', 'cdn', 'sftp'],
];

/** One company's files, then each of its suppliers'. */
export function assetsDemo({ anchor, company, seed }: DemoInput): DemoFile[] {
  if (!company) return [];
  const hosts = hostsOf(company);
  const seenAt = new Date(anchor.getTime() - 7 * DAY).toISOString();
  const files = [
    file('hosts', `hosts-${company.domain}.txt`, [company.domain, ...hosts].join('\n'), { seen_at: seenAt }),
    file('subfinder', `subfinder-${company.domain}.jsonl`, subfinderLines(company, hosts), { seen_at: seenAt }),
    file('httpx', `httpx-${company.domain}.jsonl`, httpxLines(hosts, anchor, 0, seed)),
    file('nmap', `nmap-${company.domain}.xml`, nmapXml(hosts, anchor)),
    file('assets-csv', `assets-${company.domain}.csv`, assetsCsv(company)),
  ];
  for (const [i, supplier] of demoSuppliers(company).entries()) {
    // Suppliers of different sizes: their probe runs find different things, as real suppliers' do.
    const supplierHosts =
      supplierSubdomains[i % supplierSubdomains.length]?.map((h) => `${h}.${supplier.domain}`) ?? [];
    const options = { supplier_name: supplier.name };
    files.push(
      file('hosts', `hosts-${supplier.domain}.txt`, [supplier.domain, ...supplierHosts].join('\n'), options),
      file('httpx', `httpx-${supplier.domain}.jsonl`, httpxLines(supplierHosts, anchor, i + 1, seed + i + 1), options),
    );
  }
  return files;
}

/** The company's suppliers and scope (its domain; each supplier's domain), before its files are queued. */
export async function assetsDemoSetup(db: Executor, companyId: number, company: DemoCompany, anchor: Date) {
  const meta = { createdBy: null, now: anchor };
  // The company's proof-of-control token, which the demo DNS server publishes (ADR 0041).
  await tokenOf(db, companyId, anchor);
  await insertScopes(db, { companyId }, null, [{ kind: 'domain', value: company.domain }], meta);
  for (const [i, s] of demoSuppliers(company).entries()) {
    const contractStart = new Date(anchor.getTime() - (400 + i * 90) * DAY).toISOString().slice(0, 10);
    const contractEnd = new Date(anchor.getTime() + (30 + i * 150) * DAY).toISOString().slice(0, 10);
    const row = await db
      .insertInto('suppliers')
      .values({
        company_id: companyId,
        name: s.name,
        tier: s.tier,
        website: `https://www.${s.domain}`,
        contact_name: `${s.name} security team`,
        contact_email: s.contact,
        contract_start: contractStart,
        contract_end: contractEnd,
        notes: 'Demo supplier.',
        questionnaire_status: s.questionnaire,
        is_demo: true,
        created_by: null,
        created_at: anchor,
        updated_at: anchor,
      })
      .onConflict((oc) => oc.columns(['company_id', 'name']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (row) await insertScopes(db, { companyId }, row.id, [{ kind: 'domain', value: s.domain }], meta);
  }
}
