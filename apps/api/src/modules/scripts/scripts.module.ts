// The client-side scripts module (issue 17, PCI DSS v4.0.1 6.4.3 and 11.6.1), a group of sub-units:
// the company's online stores and monitored pages (stores/), headless-browser scans of them
// (scanner/) written by the scan writer (scans/), the Script Manager's inventory with its
// authorisation (scripts/), the JS attack-pattern rules (rules/), the JS blacklist and the stores'
// domain blacklist (blacklists/; the JS blacklist's lists are import kinds) and the storefront
// clones (clones/).
import type { MonitoringModule } from '../../platform/monitoring/monitoring-module.js';
import { blacklistDemo, blacklistImporters } from './blacklists/js-blacklist.importers.js';
import { blacklistRoutes } from './blacklists/js-blacklist.routes.js';
import { storeBlacklistDemoSetup } from './blacklists/store-blacklist.demo.js';
import { storeBlacklistJobs } from './blacklists/store-blacklist.jobs.js';
import { storeBlacklistRoutes } from './blacklists/store-blacklist.routes.js';
import { clonesDemoSetup } from './clones/clones.demo.js';
import { cloneJobs } from './clones/clones.jobs.js';
import { clonesRoutes } from './clones/clones.routes.js';
import { CLONE_FINDING_PREFIX } from './clones/clones.values.js';
import { rulesRoutes } from './rules/rules.routes.js';
import { syncDefaultRules } from './rules/rules.sync.js';
import { scanJobs } from './scans/scan-jobs.js';
import { scriptsRoutes } from './scripts/scripts.routes.js';
import { scriptsSearch } from './scripts/scripts.search.js';
import { scriptFindingKinds } from './scripts/scripts.table.js';
import { storesDemoSetup } from './stores/stores.demo.js';
import { storesRoutes } from './stores/stores.routes.js';

export const scriptsModule: MonitoringModule = {
  id: 'scripts',
  screen: '/scripts',
  // A storefront clone (store dork search) opens on /vtexdork.
  findingScreen: (finding) => (finding.fingerprint.startsWith(CLONE_FINDING_PREFIX) ? '/vtexdork' : '/scripts'),
  importers: [...blacklistImporters],
  search: scriptsSearch,
  routes: (deps) => ({
    ...scriptsRoutes(deps),
    ...storesRoutes(deps),
    ...rulesRoutes(deps),
    ...blacklistRoutes(deps),
    ...storeBlacklistRoutes(deps),
    ...clonesRoutes(deps),
  }),
  // The shared tenant-isolation walk seeds companies by import: the blacklist is imported; the
  // inventory and the scans come from page scans, so their isolation is tested in scripts.test.ts
  // (stores' in the stores' tests, and Vigil's default rules are every company's).
  lists: [{ path: '/js-blacklist', export: '/js-blacklist/export' }],
  // Every kind of script finding (the fingerprint's prefix) counts in the client-side scripts factor;
  // a storefront clone (`clone:`) does not count at all (brand abuse, not technical risk).
  riskFactors: Object.fromEntries(scriptFindingKinds.map((kind) => [kind, 'client_scripts'])),
  jobs: { ...scanJobs, ...storeBlacklistJobs, ...cloneJobs },
  referenceData: syncDefaultRules,
  demo: blacklistDemo,
  demoSetup: async (db, companyId, company, anchor) => {
    await storesDemoSetup(db, companyId, company, anchor);
    await storeBlacklistDemoSetup(db, companyId, company, anchor);
    await clonesDemoSetup(db, companyId, anchor);
  },
};
