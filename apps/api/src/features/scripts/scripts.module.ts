// The client-side scripts module (issue 17, PCI DSS v4.0.1 6.4.3 and 11.6.1): the company's online
// stores and monitored pages (stores/), headless-browser scans of them (scanner/) written by the
// scan writer (scans/), the Script Manager's inventory with its authorisation, the JS attack-pattern
// rules (rules/) and the JS blacklist (blacklist/, whose lists are import kinds).
import type { MonitoringModule } from '../monitoring/monitoring-module.js';
import { blacklistDemo, blacklistImporters } from './blacklist/blacklist.importers.js';
import { blacklistRoutes } from './blacklist/blacklist.routes.js';
import { rulesRoutes } from './rules/rules.routes.js';
import { syncDefaultRules } from './rules/rules.sync.js';
import { scriptsRoutes } from './scripts.routes.js';
import { scriptFindingKinds } from './scripts.table.js';
import { storesDemoSetup } from './stores/stores.demo.js';
import { storesRoutes } from './stores/stores.routes.js';

export const scriptsModule: MonitoringModule = {
  id: 'scripts',
  screen: '/scripts',
  importers: [...blacklistImporters],
  routes: (deps) => ({
    ...scriptsRoutes(deps),
    ...storesRoutes(deps),
    ...rulesRoutes(deps),
    ...blacklistRoutes(deps),
  }),
  lists: [
    { path: '/scripts', export: '/scripts/export', detail: '/scripts/{id}' },
    { path: '/script-scans', detail: '/script-scans/{id}' },
    { path: '/js-blacklist', export: '/js-blacklist/export' },
  ],
  // Every kind of finding (the fingerprint's prefix) counts in the client-side scripts factor.
  riskFactors: Object.fromEntries(scriptFindingKinds.map((kind) => [kind, 'client_scripts'])),
  referenceData: syncDefaultRules,
  demo: blacklistDemo,
  demoSetup: storesDemoSetup,
};
