// Small NVD / KEV / EPSS documents in their real shapes, for tests and the demo generator.
export { type DemoCve, demoCves } from '../../shared/demo-cves.js';
export interface NvdFixture {
  id: string;
  published: string;
  /** NVD's lastModified; the published date when absent. */
  lastModified?: string;
  description: string;
  cvss31?: number;
  /** Defaults to AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H (with its subscores). */
  cvss31Vector?: string;
  cvss40?: number;
  /** Defaults to AV:N/AC:L/AT:N/PR:N/UI:N/VC:H/VI:H/VA:H/SC:N/SI:N/SA:N. */
  cvss40Vector?: string;
  cpes: string[];
}

function severityOf(score: number): string {
  return score >= 9 ? 'CRITICAL' : score >= 7 ? 'HIGH' : score >= 4 ? 'MEDIUM' : score > 0 ? 'LOW' : 'NONE';
}

/** One NVD CVE API 2.0 page (`/rest/json/cves/2.0`). */
export function nvdPage(cves: NvdFixture[], timestamp = '2026-11-21T00:00:00.000'): string {
  return JSON.stringify({
    resultsPerPage: cves.length,
    startIndex: 0,
    totalResults: cves.length,
    format: 'NVD_CVE',
    version: '2.0',
    timestamp,
    vulnerabilities: cves.map((c) => ({
      cve: {
        id: c.id,
        sourceIdentifier: 'cve@mitre.org',
        published: c.published,
        lastModified: c.lastModified ?? c.published,
        vulnStatus: 'Analyzed',
        descriptions: [{ lang: 'en', value: c.description }],
        metrics: {
          ...(c.cvss40 === undefined
            ? {}
            : {
                cvssMetricV40: [
                  {
                    source: 'nvd@nist.gov',
                    type: 'Primary',
                    cvssData: {
                      version: '4.0',
                      vectorString: c.cvss40Vector ?? 'CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:H/VI:H/VA:H/SC:N/SI:N/SA:N',
                      baseScore: c.cvss40,
                      baseSeverity: severityOf(c.cvss40),
                    },
                  },
                ],
              }),
          ...(c.cvss31 === undefined
            ? {}
            : {
                cvssMetricV31: [
                  {
                    source: 'nvd@nist.gov',
                    type: 'Primary',
                    cvssData: {
                      version: '3.1',
                      vectorString: c.cvss31Vector ?? 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H',
                      baseScore: c.cvss31,
                      baseSeverity: severityOf(c.cvss31),
                    },
                    ...(c.cvss31Vector === undefined ? { exploitabilityScore: 3.9, impactScore: 5.9 } : {}),
                  },
                ],
              }),
        },
        weaknesses: [],
        configurations: [
          {
            nodes: [
              { operator: 'OR', negate: false, cpeMatch: c.cpes.map((criteria) => ({ vulnerable: true, criteria })) },
            ],
          },
        ],
        references: [{ url: `https://nvd.nist.gov/vuln/detail/${c.id}`, source: 'cve@mitre.org' }],
      },
    })),
  });
}

export interface KevFixture {
  cveID: string;
  vendorProject: string;
  product: string;
  dateAdded: string;
  dueDate: string;
  ransomware?: 'Known' | 'Unknown';
}

export function kevCatalogue(entries: KevFixture[], released = '2026-11-20T17:00:00.000Z'): string {
  return JSON.stringify({
    title: 'CISA Catalog of Known Exploited Vulnerabilities',
    catalogVersion: released.slice(0, 10).replace(/-/g, '.'),
    dateReleased: released,
    count: entries.length,
    vulnerabilities: entries.map((e) => ({
      cveID: e.cveID,
      vendorProject: e.vendorProject,
      product: e.product,
      vulnerabilityName: `${e.vendorProject} ${e.product} Vulnerability`,
      dateAdded: e.dateAdded,
      shortDescription: `${e.vendorProject} ${e.product} contains a vulnerability that allows remote code execution.`,
      requiredAction: 'Apply mitigations per vendor instructions or discontinue use of the product if unavailable.',
      dueDate: e.dueDate,
      knownRansomwareCampaignUse: e.ransomware ?? 'Unknown',
      notes: `https://nvd.nist.gov/vuln/detail/${e.cveID}`,
      cwes: ['CWE-78'],
    })),
  });
}

export function epssCsv(rows: [string, number, number][], model = 'v2025.03.14', date = '2026-11-21'): string {
  return [
    `#model_version:${model},score_date:${date}T00:00:00+0000`,
    'cve,epss,percentile',
    ...rows.map(([cve, epss, pct]) => `${cve},${epss.toFixed(5)},${pct.toFixed(5)}`),
  ].join('\n');
}
