// The providers' tables (migration 2026-12-01-1000): each run of a module against an external
// provider (web search, code search, web archives, RDAP) for one company, the usage counted per
// company, provider and day, and the rate-limit window every process shares per provider.
import type { Generated, Selectable } from 'kysely';

export const providerRunStatuses = ['queued', 'running', 'waiting', 'done', 'failed', 'cancelled'] as const;
export type ProviderRunStatus = (typeof providerRunStatuses)[number];

export interface ProviderRunsTable {
  id: Generated<number>;
  company_id: number;
  /** The module that ran (dorks, secrets, archives, scripts). */
  module: string;
  provider: string;
  job_id: number | null;
  /** `waiting`: throttled by the provider (429), back in the queue until `retry_at`. */
  status: ProviderRunStatus;
  queries_total: Generated<number>;
  queries_done: Generated<number>;
  requests: Generated<number>;
  results: Generated<number>;
  new_results: Generated<number>;
  retry_at: Date | null;
  error: string | null;
  is_demo: Generated<boolean>;
  created_by: number | null;
  created_at: Date;
  started_at: Date | null;
  finished_at: Date | null;
}

export interface ProviderUsageTable {
  company_id: number;
  provider: string;
  day: Date;
  requests: Generated<number>;
  results: Generated<number>;
  throttled: Generated<number>;
  failures: Generated<number>;
}

export interface ProviderLimitsTable {
  provider: string;
  window_started_at: Date;
  used: Generated<number>;
  blocked_until: Date | null;
}

export type ProviderRunRow = Selectable<ProviderRunsTable>;
