// The demo's scan results are plausible for their kind: each misconfiguration is found where such a
// check can find it (issue 33: "Deprecated TLS version" at …/.git/config, "Directory listing" at …/phpinfo.php).
import { describe, expect, it } from 'vitest';
import { vulnerabilitiesDemo } from './vulnerabilities.demo.js';

interface Result {
  'template-id': string;
  type: string;
  host: string;
  'matched-at': string;
  timestamp: string;
}

/** Where each kind of check can find what it reports. */
const foundAt: Record<string, RegExp> = {
  'tls-version': /^[a-z0-9.-]+:443$/,
  'weak-cipher-suites': /^[a-z0-9.-]+:443$/,
  'missing-hsts': /^https:\/\/[a-z0-9.-]+\/([a-z]+\/?)?$/,
  'exposed-git-config': /^https:\/\/[a-z0-9.-]+\/([a-z]+\/)?\.git\/config$/,
  'open-redirect': /^https:\/\/[a-z0-9.-]+\/[a-z]+\?[a-z]+=(https:)?\/\/[a-z.]+$/,
  'phpinfo-files': /^https:\/\/[a-z0-9.-]+\/([a-z]+\/)?(php)?info\.php$/,
  'default-admin-login': /^https:\/\/[a-z0-9.-]+\/(admin\/login|wp-login\.php|manager\/html)$/,
  'directory-listing': /^https:\/\/[a-z0-9.-]+\/([a-z]+\/)+$/,
};

describe('demo scan results', () => {
  const anchor = new Date('2026-11-21T00:00:00Z');
  const company = {
    domain: 'acme-retail.example',
    watch: [],
    hosts: ['www.acme-retail.example', 'shop.acme-retail.example'],
  };
  const results = (vulnerabilitiesDemo({ anchor, company, index: 0, seed: 100 })[0]?.content.toString() ?? '')
    .split('\n')
    .map((line) => JSON.parse(line) as Result);

  it('finds each misconfiguration where its kind of check can find it', () => {
    const misconfigurations = results.filter((r) => !r['template-id'].startsWith('cve-'));
    expect(misconfigurations.length).toBeGreaterThan(50);
    for (const r of misconfigurations) {
      const where = foundAt[r['template-id']];
      expect(where, r['template-id']).toBeDefined();
      expect(r['matched-at'], r['template-id']).toMatch(where ?? /^$/);
      // A TLS check is an ssl template on the host's port; the others are HTTP checks.
      expect(r.type, r['template-id']).toBe(r['matched-at'].includes('://') ? 'http' : 'ssl');
    }
    // Every kind turns up somewhere in the demo.
    expect(new Set(misconfigurations.map((r) => r['template-id']))).toEqual(new Set(Object.keys(foundAt)));
  });

  it('spreads the scans over the quarter before the anchor', () => {
    const days = results.map((r) => (anchor.getTime() - new Date(r.timestamp).getTime()) / 86_400_000);
    expect(Math.min(...days)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...days)).toBeLessThanOrEqual(91);
    expect(days.filter((d) => d > 60).length).toBeGreaterThan(20);
  });
});
