import type { Kysely, Transaction } from 'kysely';
import type { AuditEventsTable } from '../features/audit/audit.table.js';
import type {
  LoginFailuresTable,
  OneTimeTokensTable,
  PendingLoginsTable,
  TwoFactorCodesTable,
} from '../features/auth/auth.table.js';
import type { CompaniesTable, CompanyDomainsTable, MembershipsTable } from '../features/clients/clients.table.js';
import type { OutboxMessagesTable } from '../features/mail/mail.table.js';
import type { OauthFlowsTable } from '../features/microsoft/microsoft.table.js';
import type { SessionsTable } from '../features/session/session.table.js';
import type { UsersTable } from '../features/users/users.table.js';

/** Every table of the database, composed from the features' `*.table.ts`. */
export interface Database {
  companies: CompaniesTable;
  company_domains: CompanyDomainsTable;
  memberships: MembershipsTable;
  users: UsersTable;
  sessions: SessionsTable;
  pending_logins: PendingLoginsTable;
  two_factor_codes: TwoFactorCodesTable;
  one_time_tokens: OneTimeTokensTable;
  login_failures: LoginFailuresTable;
  oauth_flows: OauthFlowsTable;
  outbox_messages: OutboxMessagesTable;
  audit_events: AuditEventsTable;
}

export type Db = Kysely<Database>;
/** A connection or a transaction: repositories take either as their first argument. */
export type Executor = Kysely<Database> | Transaction<Database>;
