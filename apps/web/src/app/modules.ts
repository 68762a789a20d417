// The registered monitoring modules of the web app: one line per module (the server's list is
// apps/api/src/modules.ts). Each takes over its screen's route from the placeholder.
import { assetsModule } from '@/features/assets/assets.module';
import { credentialsModule } from '@/features/credentials/credentials.module';
import { cvesModule } from '@/features/cves/cves.module';
import { scriptsModule } from '@/features/scripts/scripts.module';
import { vulnerabilitiesModule } from '@/features/vulnerabilities/vulnerabilities.module';
import type { WebModule } from '@/lib/modules';

export const webModules: readonly WebModule[] = [
  credentialsModule,
  cvesModule,
  vulnerabilitiesModule,
  assetsModule,
  scriptsModule,
];
