// Generated input shared by the benchmarks (bench:data and bench:api).
import { epssCsv, kevCatalogue, type NvdFixture, nvdPage } from '../modules/cves/cves.fixtures.js';
import { prng } from '../shared/seeded-random.js';

/** Combolist lines `from`..`to` for `domain`, in the four line forms the parser reads. */
export function combolist(from: number, to: number, random: () => number, domain: string): string {
  const lines: string[] = [];
  for (let i = from; i < to; i += 1) {
    const email = `user${i}@${domain}`;
    const password = `Pw-${Math.floor(random() * 1e9).toString(36)}-${i}`;
    const form = i % 4;
    lines.push(
      form === 0
        ? `${email}:${password}`
        : form === 1
          ? `${email};${password}`
          : form === 2
            ? `https://sso.${domain}:8443/login:${email}:${password}`
            : `${email}|${password}`,
    );
  }
  return lines.join('\n');
}

const DAY = 86_400_000;

function vendorOf(i: number): [string, string] {
  return [`vendor${i % 50}`, `product${Math.floor(i / 50) % 10}`];
}

const cveIdOf = (i: number) => `CVE-${2000 + (i % 27)}-${String(100000 + i)}`;

/**
 * bench:data's CVE catalogue input: NVD pages of `perPage` records (50 vendors × 10 products, CVSS
 * 3.1 and every fifth 4.0), a KEV catalogue naming every hundredth CVE, and an EPSS file scoring all.
 */
export function cveFiles(total: number, perPage: number): { nvdPages: string[]; kev: string; epss: string } {
  const random = prng(11);
  const nvdPages: string[] = [];
  for (let start = 0; start < total; start += perPage) {
    const cves: NvdFixture[] = [];
    for (let i = start; i < Math.min(total, start + perPage); i += 1) {
      const [vendor, product] = vendorOf(i);
      const score = Math.round((1 + random() * 9) * 10) / 10;
      cves.push({
        id: cveIdOf(i),
        published: new Date(Date.UTC(2026, 10, 20) - Math.floor(random() * 3000) * DAY).toISOString().slice(0, 23),
        description: `Benchmark vulnerability ${i} in ${vendor} ${product}.`,
        cvss31: score,
        ...(i % 5 === 0 ? { cvss40: score } : {}),
        cpes: [`cpe:2.3:a:${vendor}:${product}:${i % 7}.0:*:*:*:*:*:*:*`],
      });
    }
    nvdPages.push(nvdPage(cves));
  }
  const kev = Array.from({ length: Math.round(total / 100) }, (_, i) => ({
    cveID: cveIdOf(i * 100),
    vendorProject: vendorOf(i * 100)[0],
    product: vendorOf(i * 100)[1],
    dateAdded: '2026-11-01',
    dueDate: '2026-11-22',
  }));
  const epss = Array.from({ length: total }, (_, i): [string, number, number] => [
    cveIdOf(i),
    (i % 1000) / 1000,
    (i % 997) / 997,
  ]);
  return { nvdPages, kev: kevCatalogue(kev), epss: epssCsv(epss) };
}
