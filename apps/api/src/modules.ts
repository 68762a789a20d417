// The registered monitoring modules: one line per module. The platform (imports, jobs, dashboard,
// timeline, operator status) reaches them only through the registry built from this list. The
// platform features register their own kinds of background work and schedules here too, so the job
// queue (platform/jobs) imports none of the features that queue work.

import { demoHistoryJobKinds } from './demo/demo-history.job.js';
import { archivesModule } from './modules/archives/archives.module.js';
import { assetsModule } from './modules/assets/assets.module.js';
import { credentialsModule } from './modules/credentials/credentials.module.js';
import { cvesModule } from './modules/cves/cves.module.js';
import { dorksModule } from './modules/dorks/dorks.module.js';
import { mentionsModule } from './modules/mentions/mentions.module.js';
import { scriptsModule } from './modules/scripts/scripts.module.js';
import { secretsModule } from './modules/secrets/secrets.module.js';
import { vulnerabilitiesModule } from './modules/vulnerabilities/vulnerabilities.module.js';
import { alertJobKinds } from './platform/alerts/alerts.jobs.js';
import { housekeepingJobKinds } from './platform/housekeeping/housekeeping.jobs.js';
import { createModuleRegistry } from './platform/monitoring/module-registry.js';
import { reportJobKinds } from './platform/reports/reports.jobs.js';
import { riskJobKinds } from './platform/risk/risk.snapshots.js';

export const moduleRegistry = createModuleRegistry(
  [
    credentialsModule,
    cvesModule,
    vulnerabilitiesModule,
    assetsModule,
    scriptsModule,
    dorksModule,
    secretsModule,
    archivesModule,
    mentionsModule,
  ],
  [housekeepingJobKinds, alertJobKinds, riskJobKinds, reportJobKinds, demoHistoryJobKinds],
);
