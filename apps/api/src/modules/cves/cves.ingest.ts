// Writers of the CVE importers. The catalogue is shared reference data, written by the platform only
// (its jobs belong to no company); what changes in it (CVSS, EPSS, KEV) is kept as per-CVE history,
// and becomes findings and events in every company whose watch list matches a CVE's vendor/product.
// Those are the system's doing, in each company's own name: they point at no job, since the
// platform's catalogue job is not one of the company's.
import { sql } from 'kysely';
import type { Executor } from '../../db/database.js';
import { insertEvents, type NewEvent } from '../../platform/events/events.repository.js';
import { upsertFindings } from '../../platform/findings/findings.ingest.js';
import { insertChanges } from '../../platform/findings/findings.repository.js';
import type { Severity } from '../../platform/findings/findings.table.js';
import type { WriteContext } from '../../platform/imports/import.types.js';
import { appendLog } from '../../platform/imports/imports.repository.js';

/** EPSS moves a little every day; only a move of at least this much is history and an event. */
export const EPSS_CHANGE_THRESHOLD = 0.05;

export interface CveChange {
  cveId: string;
  field: string;
  from: string | null;
  to: string | null;
  title: string;
}

function cveTitle(id: string, description: string): string {
  const short = description.length > 140 ? `${description.slice(0, 137)}…` : description;
  return short ? `${id}: ${short}` : id;
}

export interface CveMatch {
  cve_id: string;
  description: string;
  severity: string | null;
  published_at: Date | null;
  kev_date_added: string | null;
}

/**
 * A finding needs a severity where the catalogue may have none (NVD has not scored the CVE yet).
 * A known-exploited CVE's finding stays 'high' as it always was (KEV's due dates make it urgent
 * whatever its score); an unscored one otherwise is 'info'. The catalogue itself says "unknown".
 */
export function findingSeverity(row: { severity: string | null; kev_date_added: string | null }): Severity {
  if (row.severity !== null) return row.severity as Severity;
  return row.kev_date_added !== null ? 'high' : 'info';
}

/** The date a CVE finding is sorted by: NVD's publication, else KEV's dateAdded, else now. */
function seenAt(row: CveMatch, now: Date): Date {
  if (row.published_at) return row.published_at;
  return row.kev_date_added ? new Date(`${row.kev_date_added}T00:00:00Z`) : now;
}

/** Findings (and their cve_findings rows) for one company's matching CVEs; returns how many are new. */
export async function createCveFindings(
  db: Executor,
  scope: { companyId: number; jobId: number | null; isDemo: boolean; now: Date; platformJobId?: number },
  rows: CveMatch[],
): Promise<number> {
  let added = 0;
  for (let i = 0; i < rows.length; i += 1000) {
    const chunk = rows.slice(i, i + 1000);
    const results = await upsertFindings(
      db,
      { ...scope, module: 'cves' },
      chunk.map((r) => ({
        fingerprint: `cve:${r.cve_id}`,
        title: cveTitle(r.cve_id, r.description),
        severity: findingSeverity(r),
        seenAt: seenAt(r, scope.now),
      })),
    );
    const byFingerprint = new Map(chunk.map((r) => [`cve:${r.cve_id}`, r]));
    const values = results.flatMap((r) => {
      const row = byFingerprint.get(r.fingerprint);
      return r.inserted && row
        ? [{ finding_id: r.id, company_id: scope.companyId, cve_id: row.cve_id, published_at: seenAt(row, scope.now) }]
        : [];
    });
    if (values.length > 0)
      await db
        .insertInto('cve_findings')
        .values(values)
        .onConflict((oc) => oc.doNothing())
        .execute();
    added += values.length;
  }
  return added;
}

/** Findings for every company whose watch list matches these CVEs (the system is the actor). */
export async function matchWatchLists(db: Executor, context: WriteContext, cveIds: string[]): Promise<number> {
  if (cveIds.length === 0) return 0;
  const matches = await db
    .selectFrom('cve_products as p')
    .innerJoin('cve_watch_items as w', (join) =>
      join
        .onRef('w.vendor', '=', 'p.vendor')
        .on((eb) => eb.or([eb('w.product', '=', '*'), eb('w.product', '=', eb.ref('p.product'))])),
    )
    .innerJoin('cves as c', 'c.cve_id', 'p.cve_id')
    .select([
      'w.company_id',
      'c.cve_id',
      'c.description',
      'c.severity',
      'c.published_at',
      sql<string | null>`c.kev_date_added::text`.as('kev_date_added'),
    ])
    .distinct()
    .where('p.cve_id', 'in', cveIds)
    .execute();
  const byCompany = new Map<number, CveMatch[]>();
  for (const m of matches) byCompany.set(m.company_id, [...(byCompany.get(m.company_id) ?? []), m]);
  let added = 0;
  for (const [companyId, rows] of byCompany) {
    added += await createCveFindings(
      db,
      { companyId, jobId: null, isDemo: context.job.is_demo, now: context.now, platformJobId: context.job.id },
      rows,
    );
  }
  return added;
}

/** History rows for the catalogue, and events (plus severity updates) in the companies that track them. */
export async function recordCveChanges(db: Executor, context: WriteContext, changes: CveChange[]): Promise<void> {
  if (changes.length === 0) return;
  await db
    .insertInto('cve_changes')
    .values(
      changes.map((c) => ({
        cve_id: c.cveId,
        field: c.field,
        from_value: c.from,
        to_value: c.to,
        job_id: context.job.id,
        at: context.now,
      })),
    )
    .execute();
  const ids = [...new Set(changes.map((c) => c.cveId))];
  const findings = await db
    .selectFrom('cve_findings as cf')
    .innerJoin('findings as f', 'f.id', 'cf.finding_id')
    .innerJoin('cves as c', 'c.cve_id', 'cf.cve_id')
    .select([
      'f.id',
      'f.company_id',
      'f.severity',
      'cf.cve_id',
      'c.severity as catalogue_severity',
      sql<string | null>`c.kev_date_added::text`.as('kev_date_added'),
    ])
    .where('cf.cve_id', 'in', ids)
    .execute();
  const events: NewEvent[] = [];
  for (const found of findings) {
    const f = {
      ...found,
      cve_severity: findingSeverity({ severity: found.catalogue_severity, kev_date_added: found.kev_date_added }),
    };
    for (const c of changes.filter((x) => x.cveId === f.cve_id)) {
      events.push({
        companyId: f.company_id,
        module: 'cves',
        kind: 'score.changed',
        severity: f.cve_severity,
        title: c.title,
        findingId: f.id,
        jobId: null,
        details: { cve_id: c.cveId, field: c.field, from: c.from, to: c.to },
        at: context.now,
      });
    }
    if (f.cve_severity !== f.severity && changes.some((x) => x.cveId === f.cve_id && x.field.startsWith('cvss'))) {
      await db
        .updateTable('findings')
        .set({ severity: f.cve_severity, updated_at: context.now })
        .where('id', '=', f.id)
        .execute();
      await insertChanges(db, [
        {
          companyId: f.company_id,
          findingId: f.id,
          field: 'severity',
          from: f.severity,
          to: f.cve_severity,
          jobId: null,
          at: context.now,
        },
      ]);
    }
  }
  await insertEvents(db, events);
}

export const num = (value: string | number | null | undefined) =>
  value === null || value === undefined ? null : Number(value);

/** A line of the job's log, written once however many batches have the same thing to say. */
export async function logOnce(db: Executor, context: WriteContext, level: 'info' | 'warn', message: string) {
  const said = await db
    .selectFrom('job_log')
    .select('job_id')
    .where('job_id', '=', context.job.id)
    .where('message', '=', message)
    .executeTakeFirst();
  if (!said) await appendLog(db, context.job.id, level, message, context.now);
}

/** Up to ten CVE ids, and how many more, for a log line. */
export function someIds(ids: string[]): string {
  const more = ids.length > 10 ? ` and ${ids.length - 10} more` : '';
  return `${ids.slice(0, 10).join(', ')}${more}`;
}
