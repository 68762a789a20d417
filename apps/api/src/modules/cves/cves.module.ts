// The CVE monitor: the shared CVE catalogue (NVD, CISA KEV, FIRST EPSS), written by the platform
// only and kept current by scheduled feeds, and each company's findings from its watch list.
import { defineImporter } from '../../platform/imports/import.types.js';
import type { JobKind } from '../../platform/jobs/job-kind.types.js';
import { referenceGroup } from '../../platform/jobs/job-policy.js';
import type { MonitoringModule } from '../../platform/monitoring/monitoring-module.js';
import { cvesDemo } from './cves.demo.js';
import { cvesRoutes } from './cves.routes.js';
import { cvesSearch } from './cves.search.js';
import { parseEpss } from './epss.parser.js';
import { writeEpss } from './epss.writer.js';
import { catalogueFreshness, feedSync } from './feeds/feed-sync.js';
import { parseKev } from './kev.parser.js';
import { writeKev } from './kev.writer.js';
import { parseNvd } from './nvd.parser.js';
import { writeNvd } from './nvd.writer.js';

const none = async () => undefined;
const catalogue = { module: 'cves', platform: true, prepare: none } as const;

/** A feed's sync shares the catalogue imports' group (one writer at a time), retried with back-off. */
function feedJob(feed: 'nvd' | 'kev' | 'epss', cron: string): JobKind {
  return {
    group: referenceGroup('cves'),
    concurrency: 1,
    priority: 5,
    retried: true,
    platformSchedule: cron,
    scheduledWhen: (config) => config.feeds.sync,
    run: feedSync(feed),
  };
}

export const cvesModule: MonitoringModule = {
  id: 'cves',
  screen: '/cvemonitor',
  importers: [
    defineImporter({
      ...catalogue,
      kind: 'nvd',
      files: ['.json'],
      expects: 'NVD CVE API 2.0 pages (JSON with a "vulnerabilities" array)',
      ignoredAs: 'NVD records older than the catalogue holds, or repeated (the last one kept)',
      parse: parseNvd,
      write: writeNvd,
    }),
    defineImporter({
      ...catalogue,
      kind: 'kev',
      files: ['.json', '.csv'],
      expects: 'the CISA KEV catalogue, JSON (known_exploited_vulnerabilities.json) or CSV edition',
      ignoredAs: 'KEV entries of a release older than the catalogue holds, or repeated (the last one kept)',
      parse: parseKev,
      write: writeKev,
    }),
    defineImporter({
      ...catalogue,
      kind: 'epss',
      files: ['.csv', '.csv.gz'],
      expects: 'a FIRST EPSS scores CSV (cve,epss,percentile), .csv or .csv.gz',
      ignoredAs: 'scores of CVEs not in the catalogue, or older than the catalogue holds',
      batchSize: 5000,
      parse: parseEpss,
      write: writeEpss,
    }),
  ],
  routes: cvesRoutes,
  search: cvesSearch,
  demo: cvesDemo,
  demoSetup: async (db, companyId, company, anchor) => {
    for (const [vendor, product] of company.watch) {
      await db
        .insertInto('cve_watch_items')
        .values({ company_id: companyId, vendor, product, created_by: null, created_at: anchor })
        .onConflict((oc) => oc.doNothing())
        .execute();
    }
  },
  // A watched product's CVE is a patch to apply.
  riskFactors: { cve: 'patching_cadence' },
  lists: [{ path: '/cves', export: '/cves/export', detail: '/cves/{cve_id}' }],
  kpis: [
    {
      // Open CVE findings: CVEs of the catalogue that match the company's watch list.
      id: 'watched',
      value: ({ open }) => open,
    },
  ],
  jobs: {
    'nvd-sync': feedJob('nvd', '15 */2 * * *'),
    'kev-sync': feedJob('kev', '30 6 * * *'),
    'epss-sync': feedJob('epss', '45 6 * * *'),
  },
  feeds: catalogueFreshness,
};
