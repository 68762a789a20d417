// The code-hosting dork module (issue 18, screen /gitdork): code search for the company's domains,
// organisation names and keywords; secrets found by Vigil's gitleaks-format rules, redacted before
// storage, grouped as incidents (findings of kind `secret`) with their occurrences.
import type { MonitoringModule } from '../monitoring/monitoring-module.js';

export const secretsModule: MonitoringModule = {
  id: 'secrets',
  screen: '/gitdork',
  importers: [],
  routes: () => ({}),
  lists: [],
  riskFactors: { secret: 'exposed_code' },
};
