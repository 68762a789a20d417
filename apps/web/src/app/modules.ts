// The registered monitoring modules of the web app: one line per module (the server's list is
// apps/api/src/modules.ts). Each takes over its screen's route from the placeholder.

import type { WebModule } from '@/lib/modules';
import { archivesModule } from '@/modules/archives/archives.module';
import { assetsModule } from '@/modules/assets/assets.module';
import { credentialsModule } from '@/modules/credentials/credentials.module';
import { cvesModule } from '@/modules/cves/cves.module';
import { dorksModule } from '@/modules/dorks/dorks.module';
import { mentionsModule } from '@/modules/mentions/mentions.module';
import { scriptsModule } from '@/modules/scripts/scripts.module';
import { secretsModule } from '@/modules/secrets/secrets.module';
import { vulnerabilitiesModule } from '@/modules/vulnerabilities/vulnerabilities.module';

export const webModules: readonly WebModule[] = [
  credentialsModule,
  cvesModule,
  vulnerabilitiesModule,
  assetsModule,
  scriptsModule,
  dorksModule,
  secretsModule,
  archivesModule,
  mentionsModule,
];
