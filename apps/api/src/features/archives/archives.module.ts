// The archive dork module (issue 18, screen /gaudork): archived URLs of the company's domains from
// the web archives (Wayback CDX, Common Crawl, AlienVault OTX, urlscan), normalised and tagged; the
// interesting ones (backups, configs, .env, .sql, admin paths, secrets in query strings) are
// findings of kind `archive`.
import type { MonitoringModule } from '../monitoring/monitoring-module.js';

export const archivesModule: MonitoringModule = {
  id: 'archives',
  screen: '/gaudork',
  importers: [],
  routes: () => ({}),
  lists: [],
  riskFactors: { archive: 'application_security' },
};
