// The registered monitoring modules: one line per module. The platform (imports, jobs, dashboard,
// timeline, operator status) reaches them only through the registry built from this list.
import { archivesModule } from './features/archives/archives.module.js';
import { assetsModule } from './features/assets/assets.module.js';
import { credentialsModule } from './features/credentials/credentials.module.js';
import { cvesModule } from './features/cves/cves.module.js';
import { dorksModule } from './features/dorks/dorks.module.js';
import { mentionsModule } from './features/mentions/mentions.module.js';
import { createModuleRegistry } from './features/monitoring/module-registry.js';
import { scriptsModule } from './features/scripts/scripts.module.js';
import { secretsModule } from './features/secrets/secrets.module.js';
import { vulnerabilitiesModule } from './features/vulnerabilities/vulnerabilities.module.js';

export const moduleRegistry = createModuleRegistry([
  credentialsModule,
  cvesModule,
  vulnerabilitiesModule,
  assetsModule,
  scriptsModule,
  dorksModule,
  secretsModule,
  archivesModule,
  mentionsModule,
]);
