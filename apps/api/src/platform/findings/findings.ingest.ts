// How importers write findings: one multi-row upsert per batch (arrays through unnest, one round
// trip), deduplicated by the module's fingerprint. A resolved finding seen again reopens (the
// importer is the actor, history row in the same transaction). An import tells the timeline once,
// when it ends (import.succeeded with what it found, counted here batch by batch); the system's
// findings (the CVE watch) get an event each, or one for the lot when they come in bulk.
import { sql } from 'kysely';
import type { Executor } from '../../db/database.js';
import { queueSystemEvaluation } from '../alerts/alerts.queue.js';
import { insertEvents } from '../events/events.repository.js';
import { type Module, type Severity, severities } from './findings.table.js';

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
  /** The system writes inside this platform job (a catalogue import): its end evaluates the alerts. */
  platformJobId?: number | undefined;
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

/** Above this many new or reopened findings in one write, the system writes one event for the lot. */
export const SYSTEM_EVENTS_AT_MOST = 20;

/** New and reopened findings by severity: what an import found, or one bulk write of the system. */
export type FindingTally = Partial<Record<Severity, { created: number; reopened: number }>>;

/** The new and reopened ones among written findings, by severity (an unknown severity counts as high). */
export function tallyOf(results: { severity: string; inserted: boolean; reopened: boolean }[]): FindingTally {
  const tally: FindingTally = {};
  for (const r of results) {
    if (!r.inserted && !r.reopened) continue;
    const severity = severities.find((s) => s === r.severity) ?? 'high';
    const entry = tally[severity] ?? { created: 0, reopened: 0 };
    if (r.inserted) entry.created += 1;
    else entry.reopened += 1;
    tally[severity] = entry;
  }
  return tally;
}

/**
 * Adds one batch's new and reopened findings to its import's counts (import_finding_counts), in the
 * batch's transaction: a resumed job counts what committed, once. A writer that overlaps its
 * batches calls it after the batch before committed (the rows are shared).
 */
export async function addImportTally(db: Executor, jobId: number, tally: FindingTally): Promise<void> {
  const rows = severities.flatMap((severity) => {
    const entry = tally[severity];
    return entry && (entry.created > 0 || entry.reopened > 0) ? [{ severity, ...entry }] : [];
  });
  if (rows.length === 0) return;
  await sql`
    insert into import_finding_counts (job_id, severity, created, reopened)
    select ${jobId}::int, t.severity, t.created, t.reopened
    from unnest(${rows.map((r) => r.severity)}::text[], ${rows.map((r) => r.created)}::bigint[],
      ${rows.map((r) => r.reopened)}::bigint[]) as t(severity, created, reopened)
    on conflict (job_id, severity) do update set created = import_finding_counts.created + excluded.created,
      reopened = import_finding_counts.reopened + excluded.reopened`.execute(db);
}

/** What an import found, for its summary event: new and reopened findings, by severity. */
export interface FindingSummary {
  new_findings: number;
  reopened: number;
  by_severity: Record<Severity, number>;
}

export function summaryOf(tally: FindingTally): FindingSummary {
  const bySeverity = Object.fromEntries(severities.map((s) => [s, tally[s]?.created ?? 0])) as Record<Severity, number>;
  return {
    new_findings: severities.reduce((n, s) => n + (tally[s]?.created ?? 0), 0),
    reopened: severities.reduce((n, s) => n + (tally[s]?.reopened ?? 0), 0),
    by_severity: bySeverity,
  };
}

/** The most severe of what was found (the summary event's severity, for the timeline's filter). */
export function worstOf(tally: FindingTally): Severity | null {
  return severities.find((s) => (tally[s]?.created ?? 0) + (tally[s]?.reopened ?? 0) > 0) ?? null;
}

export async function importTally(db: Executor, jobId: number): Promise<FindingTally> {
  const rows = await db
    .selectFrom('import_finding_counts')
    .select(['severity', 'created', 'reopened'])
    .where('job_id', '=', jobId)
    .execute();
  const tally: FindingTally = {};
  for (const r of rows) tally[r.severity] = { created: Number(r.created), reopened: Number(r.reopened) };
  return tally;
}

const count = new Intl.NumberFormat('en-US');

/** A one-line English account of a tally (event titles; the web app words it from `details`). */
export function describeTally(tally: FindingTally): string {
  const summary = summaryOf(tally);
  const parts = severities
    .filter((s) => summary.by_severity[s] > 0)
    .map((s) => `${count.format(summary.by_severity[s])} ${s}`);
  const plural = summary.new_findings === 1 ? '' : 's';
  const found = `${count.format(summary.new_findings)} new finding${plural}${parts.length > 0 ? ` (${parts.join(', ')})` : ''}`;
  return summary.reopened > 0 ? `${found}, ${count.format(summary.reopened)} reopened` : found;
}

/** History rows for reopened findings; the import's counts, or the system's events. */
async function recordIngestEffects(db: Executor, scope: IngestScope, results: IngestResult[]): Promise<void> {
  const created = results.filter((r) => r.inserted);
  const reopened = results.filter((r) => r.reopened);
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
  if (scope.jobId !== null) {
    await addImportTally(db, scope.jobId, tallyOf(results));
    return;
  }
  if (created.length + reopened.length > 0 && scope.platformJobId === undefined) {
    await queueSystemEvaluation(db, scope.companyId, scope.module, scope.now);
  }
  if (created.length + reopened.length > SYSTEM_EVENTS_AT_MOST) {
    const tally = tallyOf(results);
    await insertEvents(db, [
      {
        companyId: scope.companyId,
        module: scope.module,
        kind: 'findings.created',
        severity: worstOf(tally),
        title: `Found by the platform: ${describeTally(tally)}`,
        details: { ...summaryOf(tally) },
        at: scope.now,
      },
    ]);
    return;
  }
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
      select ${scope.companyId}, ${scope.module}, t.kind, t.severity, t.title, t.finding_id, null, t.at
      from unnest(${events.map((e) => e.kind)}::text[], ${events.map((e) => e.r.severity)}::text[],
        ${events.map((e) => e.title)}::text[], ${events.map((e) => e.r.id)}::int[],
        ${events.map((e) => e.at.toISOString())}::timestamptz[]) as t(kind, severity, title, finding_id, at)`.execute(
      db,
    );
  }
}
