// The CVE monitor's demo data: the platform's catalogue as NVD, KEV and EPSS files (on a fresh
// start the real public snapshot under ./snapshot; tests may use the synthetic generator below).

import { gunzipSync } from 'node:zlib';
import type { DemoFile, DemoInput } from '../../platform/monitoring/monitoring-module.js';
import { DAY } from '../../shared/clock.js';
import { type SnapshotFileKind, snapshotFile, snapshotFileNames } from '../../shared/cve-snapshot.js';
import { demoCves } from '../../shared/demo-cves.js';
import { epssCsv, type KevFixture, kevCatalogue, type NvdFixture, nvdPage } from './cves.fixtures.js';

/** A synthetic catalogue (one NVD page, a KEV catalogue, an EPSS file) for tests that need many CVEs. */
export function cveFiles(anchor: Date, count = 300): DemoFile[] {
  const catalogue = demoCves(anchor, count);
  const cves: NvdFixture[] = catalogue.map((c) => ({
    id: c.id,
    published: c.published.toISOString().slice(0, 23),
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
            dateAdded: c.kevAdded.toISOString().slice(0, 10),
            dueDate: new Date(c.kevAdded.getTime() + 21 * DAY).toISOString().slice(0, 10),
            ransomware: i % 3 === 0 ? ('Known' as const) : ('Unknown' as const),
          },
        ]
      : [],
  );
  const epss = catalogue.map((c): [string, number, number] => [c.id, c.epss, c.percentile]);
  const date = anchor.toISOString().slice(0, 10);
  return [
    {
      kind: 'nvd',
      fileName: `nvdcve-2.0-${date}.json`,
      content: Buffer.from(nvdPage(cves, anchor.toISOString().slice(0, 23))),
      options: {},
    },
    {
      kind: 'kev',
      fileName: 'known_exploited_vulnerabilities.json',
      content: Buffer.from(kevCatalogue(kev, anchor.toISOString())),
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

/** The real snapshot as the importers read it: NVD first (KEV then names its own CVEs' products). */
export function snapshotCveFiles(): DemoFile[] {
  return (Object.keys(snapshotFileNames) as SnapshotFileKind[]).map((name) => ({
    kind: name === 'kev' || name === 'epss' ? name : 'nvd',
    fileName: snapshotFileNames[name].replace(/\.gz$/, ''),
    content: gunzipSync(snapshotFile(name)),
    options: {},
  }));
}

/** The catalogue is the platform's (no company); companies have their watch lists instead. */
export function cvesDemo({ company }: DemoInput): DemoFile[] {
  return company ? [] : snapshotCveFiles();
}
