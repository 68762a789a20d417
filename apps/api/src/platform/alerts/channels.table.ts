// The company's SIEM and ticket channels (issue 37, ADR 0050): their settings, the log of delivery
// attempts, and the Jira issues opened for findings.
import type { Generated, Selectable } from 'kysely';
import type { DeliveryOutcome } from './alerts.table.js';

export type ChannelKind = 'splunk_hec' | 'elastic' | 'syslog_cef' | 'jira';

/** What a channel needs besides its credential; which fields apply depends on the kind. */
export interface ChannelSettings {
  /** splunk_hec, elastic: the base URL (`https://hec.example.com:8088`); jira: the site (`https://acme.atlassian.net`). */
  url?: string | undefined;
  /** elastic: the index or data stream. */
  index?: string | undefined;
  /** syslog_cef: where the collector listens. */
  host?: string | undefined;
  port?: number | undefined;
  tls?: boolean | undefined;
  /** syslog_cef: RFC 5425/6587 octet counting or one message per line. */
  framing?: 'octet_counting' | 'newline' | undefined;
  /** syslog_cef with tls: the collector's CA (PEM) when it is not publicly trusted. */
  ca?: string | undefined;
  /** jira: the account whose API token is the credential, the project and the issue type. */
  email?: string | undefined;
  project_key?: string | undefined;
  issue_type?: string | undefined;
}

export interface AlertChannelsTable {
  id: Generated<number>;
  company_id: number;
  kind: ChannelKind;
  name: string;
  /** JSON ChannelSettings. */
  settings: string;
  /** The HEC token, API key or Jira API token, sealed for its company; null for syslog. */
  secret_box: string | null;
  /** jira: SHA-256 (hex) of the secret Jira's webhook presents; null for other kinds. */
  inbound_secret_hash: string | null;
  enabled: boolean;
  created_by: number | null;
  created_at: Date;
  updated_at: Date;
}

export interface ChannelDeliveriesTable {
  id: Generated<number>;
  company_id: number;
  channel_id: number;
  /** null: a "send test". */
  alert_id: number | null;
  job_id: number | null;
  attempt: number;
  outcome: DeliveryOutcome;
  response_code: number | null;
  latency_ms: number | null;
  error: string | null;
  at: Date;
}

export interface FindingTicketsTable {
  id: Generated<number>;
  company_id: number;
  finding_id: number;
  channel_id: number;
  issue_id: string;
  issue_key: string;
  /** The issue's page (`<site>/browse/<key>`). */
  url: string;
  created_at: Date;
  /** When Jira's webhook said the issue was resolved. */
  resolved_at: Date | null;
}

export type AlertChannelRow = Selectable<AlertChannelsTable>;
