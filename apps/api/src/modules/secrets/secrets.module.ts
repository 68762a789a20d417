// The code-hosting dork module (issue 18, screen /gitdork): code search for the company's domains,
// organisation names and keywords; secrets found by Vigil's gitleaks-format rules, redacted before
// storage, grouped as incidents (findings of kind `secret`) with their occurrences. Offline results
// come in as gitleaks JSON reports (import kind `gitleaks-json`).
import type { MonitoringModule } from '../../platform/monitoring/monitoring-module.js';
import { secretsDemo, secretsDemoSetup } from './secrets.demo.js';
import { gitleaksImporter } from './secrets.importer.js';
import { secretsRoutes } from './secrets.routes.js';
import { secretsRunJob } from './secrets.run.js';
import { secretsSearch } from './secrets.search.js';

export const secretsModule: MonitoringModule = {
  id: 'secrets',
  screen: '/gitdork',
  importers: [gitleaksImporter],
  routes: secretsRoutes,
  search: secretsSearch,
  lists: [{ path: '/secrets', export: '/secrets/export', detail: '/secrets/{id}' }],
  riskFactors: { secret: 'exposed_code' },
  jobs: { 'secrets.run': secretsRunJob },
  demo: secretsDemo,
  demoSetup: secretsDemoSetup,
};
