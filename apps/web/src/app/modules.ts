// The registered monitoring modules of the web app: one line per module (the server's list is
// apps/api/src/modules.ts). Each takes over its screen's route from the placeholder.
import { archivesModule } from '@/features/archives/archives.module';
import { assetsModule } from '@/features/assets/assets.module';
import { credentialsModule } from '@/features/credentials/credentials.module';
import { cvesModule } from '@/features/cves/cves.module';
import { dorksModule } from '@/features/dorks/dorks.module';
import { mentionsModule } from '@/features/mentions/mentions.module';
import { scriptsModule } from '@/features/scripts/scripts.module';
import { secretsModule } from '@/features/secrets/secrets.module';
import { vulnerabilitiesModule } from '@/features/vulnerabilities/vulnerabilities.module';
import type { WebModule } from '@/lib/modules';

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
