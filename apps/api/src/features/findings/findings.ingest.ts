// How importers write findings: one multi-row upsert per batch (arrays through unnest, one round
// trip), deduplicated by the module's fingerprint. A resolved finding seen again reopens (the
// importer is the actor); new and reopened findings get their events in the same transaction.
import { sql } from 'kysely';
import type { Executor } from '../../db/database.js';
import type { Module, Severity } from './findings.table.js';

export interface IngestRow {
  fingerprint: string;
  title: string;
  severity: Severity;
  /** When the source saw it (import time when the format has no date). */
  seenAt: Date;
  dueAt?: Date | null;
}

export interface IngestScope {
  companyId: number;
  module: Module;
  jobId: number | null;
  isDemo: boolean;
  now: Date;
}

export interface IngestResult {
  id: number;
  fingerprint: string;
  inserted: boolean;
  reopened: boolean;
  severity: Severity;
  title: string;
  seenAt: Date;
}

/**
 * The ON CONFLICT of every findings upsert: a finding seen again keeps its status and takes the
 * later sighting, except a resolved one, which reopens as new (`prev_status` tells the caller).
 */
export const seenAgain = sql`on conflict (company_id, module, fingerprint) do update set
  prev_status = findings.status,
  last_seen_at = greatest(findings.last_seen_at, excluded.last_seen_at),
  last_job_id = excluded.last_job_id,
  status = case when findings.status = 'resolved' then 'new' else findings.status end,
  resolved_at = case when findings.status = 'resolved' then null else findings.resolved_at end,
  reopen_count = findings.reopen_count + case when findings.status = 'resolved' then 1 else 0 end,
  reopened_by_job_id = case when findings.status = 'resolved' then excluded.last_job_id else findings.reopened_by_job_id end,
  updated_at = excluded.updated_at`;

/** Upserts findings (the last row wins for a fingerprint repeated in the batch). */
export async function upsertFindings(db: Executor, scope: IngestScope, input: IngestRow[]): Promise<IngestResult[]> {
  const byFingerprint = new Map<string, IngestRow>();
  for (const row of input) byFingerprint.set(row.fingerprint, row);
  const rows = [...byFingerprint.values()];
  if (rows.length === 0) return [];
  const seen = rows.map((r) => (r.seenAt > scope.now ? scope.now : r.seenAt).toISOString());
  const result = await sql<{ id: number; fingerprint: string; inserted: boolean; prev_status: string | null }>`
    insert into findings (company_id, module, fingerprint, title, severity, first_seen_at, last_seen_at, due_at,
      last_job_id, is_demo, created_at, updated_at)
    select ${scope.companyId}, ${scope.module}, t.fingerprint, t.title, t.severity, t.seen, t.seen, t.due,
      ${scope.jobId}::int, ${scope.isDemo}, ${scope.now}::timestamptz, ${scope.now}::timestamptz
    from unnest(${rows.map((r) => r.fingerprint)}::text[], ${rows.map((r) => r.title)}::text[],
      ${rows.map((r) => r.severity)}::text[], ${seen}::timestamptz[],
      ${rows.map((r) => r.dueAt?.toISOString() ?? null)}::timestamptz[]) as t(fingerprint, title, severity, seen, due)
    ${seenAgain}
    returning id, fingerprint, (xmax = 0) as inserted, prev_status`.execute(db);
  const results = result.rows.map((r) => {
    const row = byFingerprint.get(r.fingerprint);
    return {
      id: r.id,
      fingerprint: r.fingerprint,
      inserted: r.inserted,
      reopened: !r.inserted && r.prev_status === 'resolved',
      severity: row?.severity ?? 'info',
      title: row?.title ?? r.fingerprint,
      seenAt: row && row.seenAt < scope.now ? row.seenAt : scope.now,
    };
  });
  await recordIngestEffects(db, scope, results);
  return results;
}

/** Events for new findings; history rows and events for reopened ones. */
async function recordIngestEffects(db: Executor, scope: IngestScope, results: IngestResult[]): Promise<void> {
  const created = results.filter((r) => r.inserted);
  const reopened = results.filter((r) => r.reopened);
  const events = [
    ...created.map((r) => ({ r, kind: 'finding.created', title: r.title, at: r.seenAt })),
    ...reopened.map((r) => ({
      r,
      kind: 'finding.reopened',
      title: `${r.title}: seen again after resolved`,
      at: scope.now,
    })),
  ];
  if (events.length > 0) {
    await sql`
      insert into events (company_id, module, kind, severity, title, finding_id, job_id, at)
      select ${scope.companyId}, ${scope.module}, t.kind, t.severity, t.title, t.finding_id, ${scope.jobId}::int, t.at
      from unnest(${events.map((e) => e.kind)}::text[], ${events.map((e) => e.r.severity)}::text[],
        ${events.map((e) => e.title)}::text[], ${events.map((e) => e.r.id)}::int[],
        ${events.map((e) => e.at.toISOString())}::timestamptz[]) as t(kind, severity, title, finding_id, at)`.execute(
      db,
    );
  }
  if (reopened.length > 0) {
    await db
      .insertInto('finding_changes')
      .values(
        reopened.map((r) => ({
          company_id: scope.companyId,
          finding_id: r.id,
          field: 'status',
          from_value: 'resolved',
          to_value: 'new',
          job_id: scope.jobId,
          at: scope.now,
        })),
      )
      .execute();
  }
}
