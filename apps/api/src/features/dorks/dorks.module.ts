// The search-engine dork module (issue 18, screen /googledork): the GHDB catalogue and Vigil's own
// templates rendered with `site:<company domain>`, run through the web search provider; results
// de-duplicated per normalised URL, each a finding of kind `dork` in the shared workflow.
import type { MonitoringModule } from '../monitoring/monitoring-module.js';

export const dorksModule: MonitoringModule = {
  id: 'dorks',
  screen: '/googledork',
  importers: [],
  routes: () => ({}),
  lists: [],
  riskFactors: { dork: 'application_security' },
};
