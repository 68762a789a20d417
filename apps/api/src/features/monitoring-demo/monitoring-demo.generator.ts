// A deterministic demo data set in the real formats (HIBP JSON, combolists, stealer-log folders,
// NVD/KEV/EPSS, nuclei JSONL): a seeded PRNG and dates relative to one anchor, so the same anchor
// always gives the same files. Names are fictional; domains are the demo companies' .example ones.

import { pick, prng } from '../../shared/seeded-random.js';
import {
  type DemoCve,
  demoCves,
  epssCsv,
  type KevFixture,
  kevCatalogue,
  type NvdFixture,
  nvdPage,
} from '../cves/cves.fixtures.js';
import { tar } from '../imports/import-archive.js';

export { prng } from '../../shared/seeded-random.js';

export interface DemoFile {
  kind: string;
  fileName: string;
  content: Buffer;
  /** Options of the job (seen_at back-dates formats without dates). */
  options: Record<string, string>;
}

export interface DemoCompany {
  domain: string;
  watch: [string, string][];
  hosts: string[];
}

const DAY = 86_400_000;
const firstNames = [
  'ana',
  'bruno',
  'carla',
  'diego',
  'elena',
  'felipe',
  'gabriela',
  'hugo',
  'irene',
  'joao',
  'karen',
  'luis',
  'marta',
  'nuno',
  'olga',
  'pedro',
  'rita',
  'sergio',
  'tania',
  'victor',
];
const lastNames = ['silva', 'costa', 'santos', 'oliveira', 'pereira', 'lima', 'gomes', 'ribeiro', 'martins', 'rocha'];
const otherDomains = ['mailbox.example', 'freemail.example', 'corp-other.example', 'school.example'];
const breachNames = [
  { Name: 'Gizmoshop', Title: 'Gizmoshop', classes: ['Email addresses', 'Passwords', 'Names'] },
  { Name: 'TravelNest', Title: 'TravelNest', classes: ['Email addresses', 'Phone numbers', 'Dates of birth'] },
  { Name: 'FitTrack', Title: 'FitTrack', classes: ['Email addresses', 'Passwords', 'Geographic locations'] },
  { Name: 'ForumHub', Title: 'ForumHub', classes: ['Email addresses', 'Usernames', 'IP addresses'] },
  { Name: 'CloudNotes', Title: 'Cloud Notes', classes: ['Email addresses', 'Passwords'] },
  { Name: 'PixelArena', Title: 'Pixel Arena', classes: ['Email addresses', 'Usernames', 'Passwords'] },
];
const templates: [string, string, string][] = [
  ['tls-version', 'Deprecated TLS version enabled', 'low'],
  ['missing-hsts', 'Missing Strict-Transport-Security header', 'info'],
  ['exposed-git-config', 'Exposed .git/config', 'medium'],
  ['open-redirect', 'Open redirect', 'medium'],
  ['weak-cipher-suites', 'Weak cipher suites', 'low'],
  ['phpinfo-files', 'phpinfo() page exposed', 'medium'],
  ['default-admin-login', 'Default administrator login', 'high'],
  ['directory-listing', 'Directory listing enabled', 'low'],
];

/** What the scanner saw of a demo result: derived, not drawn, so the seeded sequence stays the same. */
function withEvidence<T extends { 'template-id': string; 'matched-at': string }>(result: T) {
  const template = result['template-id'];
  const url = new URL(result['matched-at']);
  return {
    ...result,
    'matcher-name': template.startsWith('cve-') ? 'version' : 'status-and-body',
    'extracted-results': [`${url.host}${url.pathname}`],
    request: `GET ${url.pathname} HTTP/1.1\r\nHost: ${url.host}\r\nUser-Agent: Mozilla/5.0 (vigil-demo)`,
    response: `HTTP/1.1 200 OK\r\nServer: nginx\r\nContent-Type: text/html\r\n\r\n<!-- ${template} -->`,
  };
}

function password(random: () => number): string {
  const words = [
    'Summer',
    'Winter',
    'Dragon',
    'Welcome',
    'Football',
    'Monkey',
    'Sunshine',
    'Qwerty',
    'Shadow',
    'Master',
  ];
  return `${pick(random, words)}${Math.floor(random() * 9000 + 1000)}${pick(random, ['!', '#', '', '@', '.'])}`;
}

function person(random: () => number): string {
  return `${pick(random, firstNames)}.${pick(random, lastNames)}`;
}

function iso(date: Date): string {
  return date.toISOString();
}

/** The catalogue shared by every company (one NVD page, the KEV catalogue, an EPSS file). */
export function cveFiles(anchor: Date, count = 300): DemoFile[] {
  const catalogue = demoCves(anchor, count);
  const cves: NvdFixture[] = catalogue.map((c) => ({
    id: c.id,
    published: iso(c.published).slice(0, 23),
    description: c.description,
    cvss31: c.score,
    cvss31Vector: c.vector,
    ...(c.cvss40 ? { cvss40: c.cvss40.score, cvss40Vector: c.cvss40.vector } : {}),
    cpes: [`cpe:2.3:a:${c.vendor}:${c.product}:${c.version}:*:*:*:*:*:*:*`],
  }));
  const kev: KevFixture[] = catalogue.flatMap((c, i) =>
    c.kevAdded
      ? [
          {
            cveID: c.id,
            vendorProject: c.vendor,
            product: c.product,
            dateAdded: iso(c.kevAdded).slice(0, 10),
            dueDate: iso(new Date(c.kevAdded.getTime() + 21 * DAY)).slice(0, 10),
            ransomware: i % 3 === 0 ? ('Known' as const) : ('Unknown' as const),
          },
        ]
      : [],
  );
  const epss = catalogue.map((c): [string, number, number] => [c.id, c.epss, c.percentile]);
  const date = iso(anchor).slice(0, 10);
  return [
    {
      kind: 'nvd',
      fileName: `nvdcve-2.0-${date}.json`,
      content: Buffer.from(nvdPage(cves, iso(anchor).slice(0, 23))),
      options: {},
    },
    {
      kind: 'kev',
      fileName: 'known_exploited_vulnerabilities.json',
      content: Buffer.from(kevCatalogue(kev, iso(anchor))),
      options: {},
    },
    {
      kind: 'epss',
      fileName: `epss_scores-${date}.csv`,
      content: Buffer.from(epssCsv(epss, 'v2025.03.14', date)),
      options: {},
    },
  ];
}

/** A scan finds a CVE only once it is published: the scan's time, else soon after publication. */
function scannedAfter(stamp: Date, cve: DemoCve, anchor: Date): Date {
  if (stamp > cve.published) return stamp;
  return new Date(Math.min(anchor.getTime() - 1, cve.published.getTime() + (stamp.getTime() % DAY)));
}

export function breachCatalogue(anchor: Date): DemoFile {
  const breaches = breachNames.map((b, i) => ({
    Name: b.Name,
    Title: b.Title,
    Domain: `${b.Name.toLowerCase()}.example`,
    BreachDate: iso(new Date(anchor.getTime() - (400 + i * 90) * DAY)).slice(0, 10),
    AddedDate: iso(new Date(anchor.getTime() - (28 - i * 5) * DAY)),
    ModifiedDate: iso(new Date(anchor.getTime() - (20 - i * 3) * DAY)),
    PwnCount: 150000 + i * 987654,
    Description: `In a fictional incident, ${b.Title} exposed customer records.`,
    LogoPath: `https://haveibeenpwned.com/Content/Images/PwnedLogos/${b.Name}.png`,
    DataClasses: b.classes,
    IsVerified: true,
    IsFabricated: false,
    IsSensitive: false,
    IsRetired: false,
    IsSpamList: false,
    IsMalware: false,
    IsSubscriptionFree: false,
  }));
  return {
    kind: 'hibp',
    fileName: 'breaches.json',
    content: Buffer.from(JSON.stringify(breaches, null, 2)),
    options: {},
  };
}

/** The files of one company: HIBP domain search, combolists, a stealer-log folder, nuclei output. */
export function companyFiles(company: DemoCompany, anchor: Date, seed: number): DemoFile[] {
  const random = prng(seed);
  const catalogue = demoCves(anchor);
  const files: DemoFile[] = [];
  const search: Record<string, string[]> = {};
  for (let i = 0; i < 70; i += 1) {
    const alias = person(random);
    const names = new Set<string>();
    const n = 1 + Math.floor(random() * 3);
    for (let j = 0; j < n; j += 1) names.add(pick(random, breachNames).Name);
    search[alias] = [...names];
  }
  files.push({
    kind: 'hibp',
    fileName: `${company.domain}.json`,
    content: Buffer.from(JSON.stringify(search, null, 2)),
    options: {},
  });
  // Combolists turn up every few days, of uneven sizes: new credentials spread over the month, as
  // they do, where four files of the same size made four spikes in the 30-day chart.
  // (Not on the days the demo breaches were added: those bring their own new credentials.)
  for (const [index, daysAgo] of [29, 26, 24, 21, 19, 16, 14, 11, 9, 6, 4, 1].entries()) {
    const lines: string[] = [];
    const size = 70 + Math.floor(random() * 90);
    for (let i = 0; i < size; i += 1) {
      const own = random() < 0.35;
      const email = `${person(random)}${Math.floor(random() * 90)}@${own ? company.domain : pick(random, otherDomains)}`;
      const form = random();
      if (form < 0.5) lines.push(`${email}:${password(random)}`);
      else if (form < 0.75) lines.push(`${email};${password(random)}`);
      else if (form < 0.95) lines.push(`https://${pick(random, company.hosts)}/login:${email}:${password(random)}`);
      else lines.push(pick(random, ['<html>', `${email}`, 'user without password:', '']));
    }
    const seenAt = new Date(anchor.getTime() - daysAgo * DAY);
    files.push({
      kind: 'combolist',
      fileName: `combo-${index + 1}-${iso(seenAt).slice(0, 10)}.txt`,
      content: Buffer.from(lines.join('\n')),
      options: { seen_at: iso(seenAt) },
    });
  }
  const stealer: { path: string; text: string }[] = [];
  for (let d = 0; d < 8; d += 1) {
    const machine = `DESKTOP-${Math.floor(random() * 0xffffff)
      .toString(16)
      .toUpperCase()
      .padStart(6, '0')}`;
    const family = pick(random, ['RedLine', 'Lumma', 'Vidar', 'StealC', 'Raccoon']);
    const infected = new Date(anchor.getTime() - Math.floor(random() * 28 * DAY) - Math.floor(random() * DAY));
    const folder = `${family}_${machine}_${iso(infected).slice(0, 10)}`;
    const stamp = `${String(infected.getUTCDate()).padStart(2, '0')}.${String(infected.getUTCMonth() + 1).padStart(2, '0')}.${infected.getUTCFullYear()} ${String(infected.getUTCHours()).padStart(2, '0')}:${String(infected.getUTCMinutes()).padStart(2, '0')}:00`;
    stealer.push({
      path: `${folder}/System.txt`,
      text: [
        `Build: ${family} 2026`,
        `Malware: ${family}`,
        `MachineName: ${machine}`,
        `HWID: ${Math.floor(random() * 1e12)
          .toString(16)
          .toUpperCase()}`,
        `IP: 203.0.113.${Math.floor(random() * 250) + 1}`,
        `Country: ${pick(random, ['BR', 'PT', 'ES', 'US', 'MX'])}`,
        'OS: Windows 11 Pro x64',
        `Log date: ${stamp}`,
      ].join('\r\n'),
    });
    const blocks: string[] = [];
    const n = 4 + Math.floor(random() * 8);
    for (let i = 0; i < n; i += 1) {
      const own = random() < 0.5;
      const url = own
        ? `https://${pick(random, company.hosts)}/login`
        : `https://${pick(random, ['social.example', 'bank.example', 'shop.example'])}/signin`;
      const user =
        own || random() < 0.3
          ? `${person(random)}@${company.domain}`
          : `${person(random)}@${pick(random, otherDomains)}`;
      blocks.push(
        `URL: ${url}\r\nUsername: ${user}\r\nPassword: ${password(random)}\r\nApplication: Google_[Chrome]_Default`,
      );
    }
    stealer.push({ path: `${folder}/Passwords.txt`, text: `${blocks.join('\r\n===============\r\n')}\r\n` });
  }
  files.push({
    kind: 'infostealer',
    fileName: `stealer-logs-${company.domain}.tar`,
    content: tar(stealer),
    options: {},
  });
  const nuclei: string[] = [];
  for (let i = 0; i < 160; i += 1) {
    const host = `https://${pick(random, company.hosts)}`;
    const withCve = random() < 0.3;
    const stamp = new Date(anchor.getTime() - Math.floor(random() * 30 * DAY) - Math.floor(random() * DAY));
    if (withCve) {
      const cve = pick(random, catalogue);
      nuclei.push(
        JSON.stringify(
          withEvidence({
            'template-id': cve.id.toLowerCase(),
            'template-path': `http/cves/2026/${cve.id}.yaml`,
            info: {
              name: `${cve.label} ${cve.id} detection`,
              author: ['vigil-demo'],
              tags: ['cve'],
              // As nuclei's CVE templates do: the catalogue's severity, score and vector.
              severity: cve.severity,
              classification: { 'cve-id': [cve.id.toLowerCase()], 'cvss-score': cve.score, 'cvss-metrics': cve.vector },
            },
            type: 'http',
            host,
            'matched-at': `${host}/${pick(random, ['', 'admin', 'api/v1/status', 'wp-login.php'])}`,
            ip: `198.51.100.${Math.floor(random() * 250) + 1}`,
            timestamp: iso(scannedAfter(stamp, cve, anchor)),
            'matcher-status': true,
          }),
        ),
      );
    } else {
      const [id, name, severity] = pick(random, templates);
      nuclei.push(
        JSON.stringify(
          withEvidence({
            'template-id': id,
            info: { name, author: ['vigil-demo'], tags: ['misconfig'], severity },
            type: 'http',
            host,
            'matched-at': `${host}/${pick(random, ['', '.git/config', 'phpinfo.php', 'static/'])}`,
            timestamp: iso(stamp),
            'matcher-status': true,
          }),
        ),
      );
    }
  }
  files.push({
    kind: 'nuclei',
    fileName: `nuclei-${company.domain}.jsonl`,
    content: Buffer.from(nuclei.join('\n')),
    options: {},
  });
  return files;
}
