// The registered monitoring modules: one line per module. The platform (imports, jobs, dashboard,
// timeline, operator status) reaches them only through the registry built from this list. The
// platform features register their own kinds of background work and schedules here too, so the job
// queue (features/jobs) imports none of the features that queue work.
import { alertJobKinds } from './features/alerts/alerts.jobs.js';
import { archivesModule } from './features/archives/archives.module.js';
import { assetsModule } from './features/assets/assets.module.js';
import { credentialsModule } from './features/credentials/credentials.module.js';
import { cvesModule } from './features/cves/cves.module.js';
import { demoHistoryJobKinds } from './features/demo-history/demo-history.job.js';
import { dorksModule } from './features/dorks/dorks.module.js';
import { housekeepingJobKinds } from './features/housekeeping/housekeeping.jobs.js';
import { mentionsModule } from './features/mentions/mentions.module.js';
import { createModuleRegistry } from './features/monitoring/module-registry.js';
import { reportJobKinds } from './features/reports/reports.jobs.js';
import { riskJobKinds } from './features/risk/risk.snapshots.js';
import { scriptsModule } from './features/scripts/scripts.module.js';
import { secretsModule } from './features/secrets/secrets.module.js';
import { vulnerabilitiesModule } from './features/vulnerabilities/vulnerabilities.module.js';

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
