// The restricted environment (module mentions, issue 19, screen /restrictedenvironment): mentions
// of the company in closed sources (forums, marketplaces, ransomware leak sites, paste sites,
// Telegram), imported from a documented JSON-lines feed (docs/mentions-feed.md), matched against
// the company's keyword watch list; a matching mention is a finding of kind `mention` with its
// keywords highlighted. Its findings count in the rating's closed-source mentions (docs/risk-rating.md).
import type { MonitoringModule } from '../../platform/monitoring/monitoring-module.js';
import { mentionsDemo, mentionsDemoSetup } from './mentions.demo.js';
import { mentionsImporter } from './mentions.importer.js';
import { REMATCH_JOB, rematchJob } from './mentions.rematch.js';
import { mentionsRoutes } from './mentions.routes.js';
import { mentionsSearch } from './mentions.search.js';

export const mentionsModule: MonitoringModule = {
  id: 'mentions',
  screen: '/restrictedenvironment',
  importers: [mentionsImporter],
  routes: mentionsRoutes,
  lists: [{ path: '/mentions', export: '/mentions/export', detail: '/mentions/{id}' }],
  riskFactors: { mention: 'closed_source_mentions' },
  jobs: { [REMATCH_JOB]: rematchJob },
  demo: mentionsDemo,
  demoSetup: mentionsDemoSetup,
  search: [mentionsSearch],
};
