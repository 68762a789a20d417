// The CVE catalogue list (GET /cve-catalogue, issue 31) at bench:data's 250,000 CVEs: the first
// page and each filter and sort the screen offers, p95 through Fastify inject (target < 150 ms).
type P95Of = (url: string, runs: number) => Promise<number>;

const QUERIES: [string, string][] = [
  ['catalogue, first page (newest)', '/api/cve-catalogue'],
  ['catalogue, id prefix', '/api/cve-catalogue?q=CVE-2013-1001'],
  ['catalogue, words', '/api/cve-catalogue?q=benchmark%20vulnerability%2042'],
  ['catalogue, vendor + product', '/api/cve-catalogue?vendor=vendor3&product=product4'],
  ['catalogue, product only, by CVSS', '/api/cve-catalogue?product=product7&sort=-cvss'],
  ['catalogue, KEV, by EPSS', '/api/cve-catalogue?kev=true&sort=-epss'],
  ['catalogue, CWE', '/api/cve-catalogue?cwe=CWE-78'],
  ['catalogue, EPSS + CVSS ranges', '/api/cve-catalogue?min_epss=0.5&min_cvss=9&max_cvss=10'],
  [
    'catalogue, published range, page 20',
    '/api/cve-catalogue?published_from=2020-01-01T00:00:00Z&published_to=2022-01-01T00:00:00Z&page=20',
  ],
  ['catalogue, by CVSS, page 100', '/api/cve-catalogue?sort=-cvss&page=100'],
  ['catalogue, one CVE', '/api/cve-catalogue/CVE-2005-100005'],
];

/** Prints each query's p95 and returns the worst. */
export async function benchCatalogue(p95Of: P95Of, runs = 30): Promise<number> {
  console.log(`\nCVE catalogue (p95 over ${runs} requests each; target < 150 ms):`);
  let worst = 0;
  for (const [name, url] of QUERIES) {
    const value = await p95Of(url, runs);
    worst = Math.max(worst, value);
    console.log(`  ${name.padEnd(50)} ${value.toFixed(1).padStart(7)} ms`);
  }
  return worst;
}
