// The search-engine dork module (issue 18, screen /googledork): the GHDB catalogue and Vigil's own
// templates rendered with `site:<domain>` for each company domain, run through the web search
// provider (dorks.run.ts); results de-duplicated per normalised URL, each a finding of kind `dork`
// in the shared workflow. Offline deployments import saved results pages (dorks.importers.ts).
import type { MonitoringModule } from '../../platform/monitoring/monitoring-module.js';
import { dorksDemo, dorksDemoSetup } from './dorks.demo.js';
import { dorksImporters } from './dorks.importers.js';
import { dorksRoutes } from './dorks.routes.js';
import { dorkJobs } from './dorks.run.js';
import { dorksSearch } from './dorks.search.js';
import { syncDorkTemplates } from './dorks.sync.js';

export const dorksModule: MonitoringModule = {
  id: 'dorks',
  screen: '/googledork',
  importers: dorksImporters,
  routes: dorksRoutes,
  search: dorksSearch,
  // The catalogue (/dorks) is not walked by the shared isolation test: Vigil's templates and the
  // GHDB are every company's; a company's own dorks are proven private in dorks.test.ts.
  lists: [{ path: '/dork-results', export: '/dork-results/export', detail: '/dork-results/{id}' }],
  // What a search engine shows of the company's sites: its application's exposure.
  riskFactors: { dork: 'application_security' },
  jobs: dorkJobs,
  referenceData: syncDorkTemplates,
  demo: dorksDemo,
  demoSetup: dorksDemoSetup,
};
