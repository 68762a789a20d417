// The one ordered set of migrations for PGlite and PostgreSQL. Add a file, then list it here:
// names are timestamps so the order is the order of writing.
import { type Kysely, type Migration, type MigrationResultSet, Migrator } from 'kysely';
import * as accounts from './migrations/2026-11-21-2000-accounts.migration.js';
import * as monitoring from './migrations/2026-11-21-2100-monitoring.migration.js';
import * as monitoringIndexes from './migrations/2026-11-21-2200-monitoring-indexes.migration.js';
import * as riskExpiry from './migrations/2026-11-21-2210-risk-expiry.migration.js';
import * as importThroughput from './migrations/2026-11-22-0900-import-throughput.migration.js';
import * as signInLimits from './migrations/2026-11-23-1000-sign-in-limits.migration.js';
import * as importAttempts from './migrations/2026-11-23-1100-import-attempts.migration.js';
import * as uploadChunks from './migrations/2026-11-23-1200-upload-chunks.migration.js';
import * as platformCatalogue from './migrations/2026-11-24-1000-platform-catalogue.migration.js';
import * as jobSystem from './migrations/2026-11-24-1100-job-system.migration.js';
import * as catalogueFeeds from './migrations/2026-11-24-1200-catalogue-feeds.migration.js';
import * as writerCountedStats from './migrations/2026-11-25-1000-writer-counted-stats.migration.js';
import * as vulnerabilityEvidence from './migrations/2026-11-26-1000-vulnerability-evidence.migration.js';
import * as substringSearch from './migrations/2026-11-26-1300-substring-search.migration.js';
import * as findingDailyKind from './migrations/2026-11-26-1400-finding-daily-kind.migration.js';
import * as importFindingCounts from './migrations/2026-11-26-1500-import-finding-counts.migration.js';
import * as membershipRoles from './migrations/2026-11-27-1000-membership-roles.migration.js';
import * as members from './migrations/2026-11-28-1000-members.migration.js';
import * as accountSettings from './migrations/2026-11-28-1100-account-settings.migration.js';
import * as authenticatorApp from './migrations/2026-11-28-1200-authenticator-app.migration.js';
import * as alerts from './migrations/2026-11-28-1300-alerts.migration.js';
import * as attackSurface from './migrations/2026-11-29-1000-attack-surface.migration.js';
import * as riskCounters from './migrations/2026-11-29-1300-risk-counters.migration.js';
import * as clientSideScripts from './migrations/2026-11-30-1000-client-side-scripts.migration.js';
import * as exposureSearches from './migrations/2026-12-01-1000-exposure-searches.migration.js';
import * as mentions from './migrations/2026-12-02-1000-mentions.migration.js';
import * as search from './migrations/2026-12-02-1100-search.migration.js';
import * as mentionsSearch from './migrations/2026-12-02-1110-mentions-search.migration.js';
import * as insightsIndexes from './migrations/2026-12-02-1200-insights-indexes.migration.js';
import * as reports from './migrations/2026-12-02-1400-reports.migration.js';
import * as catalogueVersion from './migrations/2026-12-02-1500-catalogue-version.migration.js';
import * as advisor from './migrations/2026-12-03-1000-advisor.migration.js';
import * as cveSources from './migrations/2026-12-06-1000-cve-sources.migration.js';
import * as cveCatalogue from './migrations/2026-12-06-1100-cve-catalogue.migration.js';
import * as cveCatalogueAscending from './migrations/2026-12-06-1130-cve-catalogue-ascending.migration.js';
import * as twoFactorPerAttempt from './migrations/2026-12-06-1400-two-factor-per-attempt.migration.js';
import * as scopeVerification from './migrations/2026-12-06-1500-scope-verification.migration.js';
import * as alertChannelsAndActionLimits from './migrations/2026-12-06-1600-alert-channels-and-action-limits.migration.js';

export const migrations: Record<string, Migration> = {
  '2026-11-21-2000-accounts': accounts,
  '2026-11-21-2100-monitoring': monitoring,
  '2026-11-21-2200-monitoring-indexes': monitoringIndexes,
  '2026-11-21-2210-risk-expiry': riskExpiry,
  '2026-11-22-0900-import-throughput': importThroughput,
  '2026-11-23-1000-sign-in-limits': signInLimits,
  '2026-11-23-1100-import-attempts': importAttempts,
  '2026-11-23-1200-upload-chunks': uploadChunks,
  '2026-11-24-1000-platform-catalogue': platformCatalogue,
  '2026-11-24-1100-job-system': jobSystem,
  '2026-11-24-1200-catalogue-feeds': catalogueFeeds,
  '2026-11-25-1000-writer-counted-stats': writerCountedStats,
  '2026-11-26-1000-vulnerability-evidence': vulnerabilityEvidence,
  '2026-11-26-1300-substring-search': substringSearch,
  '2026-11-26-1400-finding-daily-kind': findingDailyKind,
  '2026-11-26-1500-import-finding-counts': importFindingCounts,
  '2026-11-27-1000-membership-roles': membershipRoles,
  '2026-11-28-1000-members': members,
  '2026-11-28-1100-account-settings': accountSettings,
  '2026-11-28-1200-authenticator-app': authenticatorApp,
  '2026-11-28-1300-alerts': alerts,
  '2026-11-29-1000-attack-surface': attackSurface,
  '2026-11-29-1300-risk-counters': riskCounters,
  '2026-11-30-1000-client-side-scripts': clientSideScripts,
  '2026-12-01-1000-exposure-searches': exposureSearches,
  '2026-12-02-1000-mentions': mentions,
  '2026-12-02-1100-search': search,
  '2026-12-02-1110-mentions-search': mentionsSearch,
  '2026-12-02-1200-insights-indexes': insightsIndexes,
  '2026-12-02-1400-reports': reports,
  '2026-12-02-1500-catalogue-version': catalogueVersion,
  '2026-12-03-1000-advisor': advisor,
  '2026-12-06-1000-cve-sources': cveSources,
  '2026-12-06-1100-cve-catalogue': cveCatalogue,
  '2026-12-06-1130-cve-catalogue-ascending': cveCatalogueAscending,
  '2026-12-06-1400-two-factor-per-attempt': twoFactorPerAttempt,
  '2026-12-06-1500-scope-verification': scopeVerification,
  '2026-12-06-1600-alert-channels-and-action-limits': alertChannelsAndActionLimits,
};

export async function migrateToLatest<T>(db: Kysely<T>): Promise<MigrationResultSet> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const result = await migrator.migrateToLatest();
  if (result.error) {
    throw result.error instanceof Error ? result.error : new Error(String(result.error));
  }
  return result;
}
