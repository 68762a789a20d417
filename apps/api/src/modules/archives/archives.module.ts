// The archive dork module (issue 18, screen /gaudork): archived URLs of the company's domains from
// the web archives (Wayback CDX, Common Crawl, AlienVault OTX, urlscan), normalised and tagged; the
// interesting ones (backups, configs, .env, .sql, admin paths, secrets in query strings) are
// findings of kind `archive`. Sweeps run as one provider run per configured archive; offline
// results come in as URL lists and saved CDX answers.
import type { MonitoringModule } from '../../platform/monitoring/monitoring-module.js';
import { archivesDemo, archivesDemoSetup } from './archives.demo.js';
import { archiveImporters } from './archives.importers.js';
import { archivesRoutes } from './archives.routes.js';
import { archiveJobs } from './archives.runs.js';
import { archivesSearch } from './archives.search.js';

export const archivesModule: MonitoringModule = {
  id: 'archives',
  screen: '/gaudork',
  importers: archiveImporters,
  routes: archivesRoutes,
  search: archivesSearch,
  lists: [{ path: '/archived-urls', export: '/archived-urls/export', detail: '/archived-urls/{id}' }],
  riskFactors: { archive: 'application_security' },
  jobs: archiveJobs,
  demo: archivesDemo,
  demoSetup: archivesDemoSetup,
};
