// The vulnerabilities module's demo data: nuclei JSONL of each company's hosts, a third of the
// results CVE templates of real CVEs of the catalogue snapshot (with NVD's score and vector, as
// nuclei's CVE templates carry them), each scanned only after its CVE was published.

import type { DemoFile, DemoInput } from '../../platform/monitoring/monitoring-module.js';
import { DAY } from '../../shared/clock.js';
import { type SnapshotCve, snapshotCves } from '../../shared/cve-snapshot.js';
import { pick, prng } from '../../shared/seeded-random.js';

/**
 * Each misconfiguration template with where it can be found: a TLS check on the host's port (an
 * `ssl` template matches `host:443`, not a URL), a header check on the site's root, a file check at
 * that file, a directory listing on a directory (its last path segment ends with a slash).
 */
export const templates: [id: string, name: string, severity: string, paths: readonly string[] | 'tls'][] = [
  ['tls-version', 'Deprecated TLS version enabled', 'low', 'tls'],
  ['missing-hsts', 'Missing Strict-Transport-Security header', 'info', ['', 'login', 'account/']],
  ['exposed-git-config', 'Exposed .git/config', 'medium', ['.git/config', 'static/.git/config', 'app/.git/config']],
  ['open-redirect', 'Open redirect', 'medium', ['login?next=https://evil.example', 'logout?redirect=//evil.example']],
  ['weak-cipher-suites', 'Weak cipher suites', 'low', 'tls'],
  ['phpinfo-files', 'phpinfo() page exposed', 'medium', ['phpinfo.php', 'info.php', 'test/phpinfo.php']],
  ['default-admin-login', 'Default administrator login', 'high', ['admin/login', 'wp-login.php', 'manager/html']],
  ['directory-listing', 'Directory listing enabled', 'low', ['static/', 'uploads/', 'backup/']],
];

/** What the scanner saw of a demo result: derived, not drawn, so the seeded sequence stays the same. */
function withEvidence<T extends { 'template-id': string; 'matched-at': string }>(result: T) {
  const template = result['template-id'];
  if (!result['matched-at'].includes('://')) {
    // A TLS check: the handshake's finding, no HTTP exchange.
    return {
      ...result,
      'matcher-name': 'tls',
      'extracted-results': [template.includes('cipher') ? 'TLS_RSA_WITH_3DES_EDE_CBC_SHA' : 'tls10'],
    };
  }
  const url = new URL(result['matched-at']);
  return {
    ...result,
    'matcher-name': template.startsWith('cve-') ? 'version' : 'status-and-body',
    'extracted-results': [`${url.host}${url.pathname}`],
    request: `GET ${url.pathname}${url.search} HTTP/1.1\r\nHost: ${url.host}\r\nUser-Agent: Mozilla/5.0 (vigil-demo)`,
    response: `HTTP/1.1 200 OK\r\nServer: nginx\r\nContent-Type: text/html\r\n\r\n<!-- ${template} -->`,
  };
}

/** Where a template's result is: `host:443` for a TLS check, else a URL its kind can be found at. */
export function locationOf(host: string, paths: readonly string[] | 'tls', random: () => number): [string, string] {
  if (paths === 'tls') {
    // One draw either way: the seeded sequence of the other results stays the same.
    random();
    return [`${host}:443`, `${host}:443`];
  }
  return [`https://${host}`, `https://${host}/${pick(random, paths)}`];
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
    const stamp = new Date(anchor.getTime() - Math.floor(random() * 90 * DAY) - Math.floor(random() * DAY));
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
      const [id, name, severity, paths] = pick(random, templates);
      const [target, matchedAt] = locationOf(host.slice('https://'.length), paths, random);
      nuclei.push(
        JSON.stringify(
          withEvidence({
            'template-id': id,
            info: { name, author: ['vigil-demo'], tags: paths === 'tls' ? ['ssl', 'tls'] : ['misconfig'], severity },
            type: paths === 'tls' ? 'ssl' : 'http',
            host: target,
            'matched-at': matchedAt,
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
