// Alerts (issue 15): a user's rules, the company's webhooks, one alert per rule and source, and the
// log of webhook delivery attempts.
import type { Generated, Selectable } from 'kysely';
import type { Severity } from '../findings/findings.table.js';

export interface AlertRulesTable {
  id: Generated<number>;
  company_id: number;
  user_id: number;
  /** A JSON array of module ids; null: every module. */
  modules: string | null;
  min_severity: Severity;
  delivery: 'instant' | 'digest';
  /** The digest's hour (0–23) in `time_zone`; null for instant rules. */
  digest_hour: number | null;
  /** An IANA time zone (validated with Intl). */
  time_zone: string;
  email: boolean;
  webhooks: boolean;
  /** The local date (YYYY-MM-DD in `time_zone`) of the last digest: one a day, never twice. */
  last_digest_on: string | null;
  /** The next digest covers findings created after this time. */
  digest_since: Date;
  created_at: Date;
  updated_at: Date;
}

export interface WebhooksTable {
  id: Generated<number>;
  company_id: number;
  url: string;
  format: 'json' | 'slack' | 'teams';
  /** The signing secret, sealed for its company (shared/secrets.ts seal; webhooks.service). */
  secret_box: string;
  enabled: boolean;
  created_by: number | null;
  created_at: Date;
  updated_at: Date;
}

export interface AlertsTable {
  id: Generated<number>;
  company_id: number;
  rule_id: number;
  /** What it is about: `job:<id>`, `platform:<job id>:<module>`, `system:<module>:<time>` or `digest:<local date>` (unique per rule). */
  source: string;
  module: string | null;
  total: number;
  /** JSON AlertDetails. */
  details: string;
  created_at: Date;
}

export type DeliveryOutcome = 'succeeded' | 'retrying' | 'given_up';

export interface WebhookDeliveriesTable {
  id: Generated<number>;
  company_id: number;
  webhook_id: number;
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

export type AlertRuleRow = Selectable<AlertRulesTable>;
export type WebhookRow = Selectable<WebhooksTable>;

/** One alert of a source sent to one channel (issue 32): the first rule's alert reaches it, the others do not. */
export interface AlertSendsTable {
  company_id: number;
  /** `webhook:<webhook id>` or `email:<user id>`. */
  channel: string;
  /** The alert's source (`job:<id>`, `digest:<local date>`…). */
  source: string;
  alert_id: number;
  created_at: Date;
}
