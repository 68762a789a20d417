import type { Kysely, Transaction } from 'kysely';
import type { UserPicturesTable } from '../identity/account/account.table.js';
import type { ApiTokenAddressesTable, ApiTokensTable } from '../identity/api-tokens/api-tokens.table.js';
import type {
  LoginFailuresTable,
  OneTimeTokensTable,
  PendingLoginsTable,
  TwoFactorCodesTable,
  TwoFactorFailuresTable,
} from '../identity/auth/auth.table.js';
import type { CompaniesTable, CompanyDomainsTable, MembershipsTable } from '../identity/clients/clients.table.js';
import type { OauthFlowsTable } from '../identity/microsoft/microsoft.table.js';
import type { SessionsTable } from '../identity/session/session.table.js';
import type { AuthenticatorsTable, RecoveryCodesTable } from '../identity/two-factor/two-factor.table.js';
import type { UsersTable } from '../identity/users/users.table.js';
import type {
  AlertRulesTable,
  AlertSendsTable,
  AlertsTable,
  WebhookDeliveriesTable,
  WebhooksTable,
} from '../platform/alerts/alerts.table.js';
import type {
  AlertChannelsTable,
  ChannelDeliveriesTable,
  FindingTicketsTable,
} from '../platform/alerts/channels.table.js';
import type { AuditEventsTable } from '../platform/audit/audit.table.js';
import type { EventsTable } from '../platform/events/events.table.js';
import type {
  FindingChangesTable,
  FindingCommentsTable,
  FindingDailyTable,
  FindingStatsTable,
  FindingsTable,
  ImportFindingCountsTable,
} from '../platform/findings/findings.table.js';
import type { ImportFileChunksTable, ImportRejectsTable } from '../platform/imports/imports.table.js';
import type { JobLogTable, JobSchedulesTable, JobsTable } from '../platform/jobs/jobs.table.js';
import type { OutboxMessagesTable } from '../platform/mail/mail.table.js';
import type {
  ProviderLimitsTable,
  ProviderRunsTable,
  ProviderUsageTable,
} from '../platform/providers/providers.table.js';
import type { ActionCountsTable } from '../shared/action-counts.table.js';

/**
 * Every table of the database, composed from the platform features' `*.table.ts`; each monitoring
 * module adds its own tables to this interface from its `*.table.ts` (declaration merging).
 */
export interface Database {
  companies: CompaniesTable;
  company_domains: CompanyDomainsTable;
  memberships: MembershipsTable;
  users: UsersTable;
  sessions: SessionsTable;
  api_tokens: ApiTokensTable;
  api_token_addresses: ApiTokenAddressesTable;
  user_pictures: UserPicturesTable;
  pending_logins: PendingLoginsTable;
  two_factor_codes: TwoFactorCodesTable;
  one_time_tokens: OneTimeTokensTable;
  login_failures: LoginFailuresTable;
  two_factor_failures: TwoFactorFailuresTable;
  authenticators: AuthenticatorsTable;
  recovery_codes: RecoveryCodesTable;
  oauth_flows: OauthFlowsTable;
  outbox_messages: OutboxMessagesTable;
  audit_events: AuditEventsTable;
  findings: FindingsTable;
  finding_stats: FindingStatsTable;
  finding_daily: FindingDailyTable;
  import_finding_counts: ImportFindingCountsTable;
  finding_changes: FindingChangesTable;
  finding_comments: FindingCommentsTable;
  events: EventsTable;
  jobs: JobsTable;
  import_file_chunks: ImportFileChunksTable;
  import_rejects: ImportRejectsTable;
  job_log: JobLogTable;
  job_schedules: JobSchedulesTable;
  alert_rules: AlertRulesTable;
  webhooks: WebhooksTable;
  alerts: AlertsTable;
  alert_sends: AlertSendsTable;
  action_counts: ActionCountsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  alert_channels: AlertChannelsTable;
  channel_deliveries: ChannelDeliveriesTable;
  finding_tickets: FindingTicketsTable;
  provider_runs: ProviderRunsTable;
  provider_usage: ProviderUsageTable;
  provider_limits: ProviderLimitsTable;
}

export type Db = Kysely<Database>;
/** A connection or a transaction: repositories take either as their first argument. */
export type Executor = Kysely<Database> | Transaction<Database>;
