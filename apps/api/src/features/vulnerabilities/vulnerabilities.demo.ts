// The vulnerabilities module's demo data: nuclei JSONL of each company's hosts, a third of the
// results CVE templates of real CVEs of the catalogue snapshot (with NVD's score and vector, as
// nuclei's CVE templates carry them), each scanned only after its CVE was published.

import { DAY } from '../../shared/clock.js';
import { type SnapshotCve, snapshotCves } from '../../shared/cve-snapshot.js';
import { pick, prng } from '../../shared/seeded-random.js';
import type { DemoFile, DemoInput } from '../monitoring/monitoring-module.js';

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

/** A scan finds a CVE only once it is published: the scan's time, else soon after publication. */
function scannedAfter(stamp: Date, cve: SnapshotCve, anchor: Date): Date {
  if (stamp > cve.published) return stamp;
  return new Date(Math.min(anchor.getTime() - 1, cve.published.getTime() + (stamp.getTime() % DAY)));
}

/** One company's scan output. */
export function vulnerabilitiesDemo({ anchor, company, seed }: DemoInput): DemoFile[] {
  if (!company) return [];
  const random = prng(seed);
  const catalogue = snapshotCves();
  const files: DemoFile[] = [];
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
            'template-path': `http/cves/${cve.id.slice(4, 8)}/${cve.id}.yaml`,
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
            timestamp: scannedAfter(stamp, cve, anchor).toISOString(),
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
            timestamp: stamp.toISOString(),
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
