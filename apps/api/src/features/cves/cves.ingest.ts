// Writers of the CVE importers. The catalogue is shared reference data, written by the platform only
// (its jobs belong to no company); what changes in it (CVSS, EPSS, KEV) is kept as per-CVE history,
// and becomes findings and events in every company whose watch list matches a CVE's vendor/product.
// Those are the system's doing, in each company's own name: they point at no job, since the
// platform's catalogue job is not one of the company's.
import { sql } from 'kysely';
import type { Executor } from '../../db/database.js';
import { cvss31VectorScore } from '../../shared/cvss.js';
import { insertEvents, type NewEvent } from '../events/events.repository.js';
import { upsertFindings } from '../findings/findings.ingest.js';
import { insertChanges } from '../findings/findings.repository.js';
import type { Severity } from '../findings/findings.table.js';
import type { WriteContext, WriteOutcome } from '../imports/import.types.js';
import { appendLog } from '../imports/imports.repository.js';
import type { EpssRecord } from './epss.parser.js';
import type { KevRecord } from './kev.parser.js';
import type { CveRecord } from './nvd.parser.js';

/** EPSS moves a little every day; only a move of at least this much is history and an event. */
export const EPSS_CHANGE_THRESHOLD = 0.05;

interface CveChange {
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
async function recordCveChanges(db: Executor, context: WriteContext, changes: CveChange[]): Promise<void> {
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

const num = (value: string | number | null | undefined) =>
  value === null || value === undefined ? null : Number(value);

/**
 * A CVSS 3.1 score that its own vector does not give is kept as published (the publisher's record
 * is the catalogue's; NVD computes its scores from the vectors, so real pages agree) and named in
 * the job's log as a warning, for the operator to look at.
 */
async function flagScoresAgainstVectors(db: Executor, context: WriteContext, records: CveRecord[]): Promise<void> {
  const disagreeing = records.flatMap((r) => {
    const computed = r.cvss31?.vector ? cvss31VectorScore(r.cvss31.vector) : null;
    return r.cvss31 && computed !== null && computed !== r.cvss31.score
      ? [`${r.id} ${r.cvss31.score} (its vector gives ${computed})`]
      : [];
  });
  if (disagreeing.length === 0) return;
  const shown = disagreeing.slice(0, 10).join(', ');
  const more = disagreeing.length > 10 ? ` and ${disagreeing.length - 10} more` : '';
  await appendLog(
    db,
    context.job.id,
    'warn',
    `CVSS 3.1 score disagrees with its vector, kept as published: ${shown}${more}.`,
    context.now,
  );
}

export async function writeNvd(
  db: Executor,
  context: WriteContext,
  _state: unknown,
  records: CveRecord[],
): Promise<WriteOutcome> {
  const unique = [...new Map(records.map((r) => [r.id, r])).values()];
  const ids = unique.map((r) => r.id);
  await flagScoresAgainstVectors(db, context, unique);
  const before = new Map(
    (
      await db
        .selectFrom('cves')
        .select(['cve_id', 'cvss31_score', 'cvss40_score'])
        .where('cve_id', 'in', ids)
        .execute()
    ).map((r) => [r.cve_id, r]),
  );
  const changes: CveChange[] = [];
  for (const r of unique) {
    const old = before.get(r.id);
    if (!old) continue;
    for (const [field, from, to] of [
      ['cvss31_score', num(old.cvss31_score), r.cvss31?.score ?? null],
      ['cvss40_score', num(old.cvss40_score), r.cvss40?.score ?? null],
    ] as const) {
      if (from !== to) {
        changes.push({
          cveId: r.id,
          field,
          from: from === null ? null : String(from),
          to: to === null ? null : String(to),
          title: `${r.id}: ${field.replace('_score', '').toUpperCase()} ${from ?? '—'} → ${to ?? '—'}`,
        });
      }
    }
  }
  await db
    .insertInto('cves')
    .values(
      unique.map((r) => ({
        cve_id: r.id,
        published_at: r.published,
        last_modified_at: r.lastModified,
        description: r.description,
        cvss31_score: r.cvss31 ? String(r.cvss31.score) : null,
        cvss31_vector: r.cvss31?.vector ?? null,
        cvss40_score: r.cvss40 ? String(r.cvss40.score) : null,
        cvss40_vector: r.cvss40?.vector ?? null,
        // The newest CVSS version the record carries, 2.0 and 3.0 included (nvd.parser).
        severity: r.severity,
        cpes: r.cpes,
        updated_at: context.now,
      })),
    )
    .onConflict((oc) =>
      oc.column('cve_id').doUpdateSet((eb) => ({
        published_at: eb.ref('excluded.published_at'),
        last_modified_at: eb.ref('excluded.last_modified_at'),
        description: eb.ref('excluded.description'),
        cvss31_score: eb.ref('excluded.cvss31_score'),
        cvss31_vector: eb.ref('excluded.cvss31_vector'),
        cvss40_score: eb.ref('excluded.cvss40_score'),
        cvss40_vector: eb.ref('excluded.cvss40_vector'),
        severity: eb.ref('excluded.severity'),
        cpes: eb.ref('excluded.cpes'),
        updated_at: eb.ref('excluded.updated_at'),
      })),
    )
    .execute();
  await db.deleteFrom('cve_products').where('cve_id', 'in', ids).execute();
  const products = unique.flatMap((r) => r.products.map((p) => ({ cve_id: r.id, ...p })));
  for (let i = 0; i < products.length; i += 2000) {
    await db
      .insertInto('cve_products')
      .values(products.slice(i, i + 2000))
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
  await recordCveChanges(db, context, changes);
  await matchWatchLists(db, context, ids);
  const added = unique.filter((r) => !before.has(r.id)).length;
  return { added, updated: unique.length - added, ignored: records.length - unique.length };
}

export async function writeKev(
  db: Executor,
  context: WriteContext,
  _state: unknown,
  records: KevRecord[],
): Promise<WriteOutcome> {
  const unique = [...new Map(records.map((r) => [r.cveId, r])).values()];
  const ids = unique.map((r) => r.cveId);
  const before = new Map(
    (
      await db
        .selectFrom('cves')
        .select(['cve_id', sql<string | null>`kev_date_added::text`.as('kev')])
        .where('cve_id', 'in', ids)
        .execute()
    ).map((r) => [r.cve_id, r.kev]),
  );
  const missing = unique.filter((r) => !before.has(r.cveId));
  if (missing.length > 0) {
    // Known exploited but not in the NVD data yet: a minimal row, so watch lists can match it.
    await db
      .insertInto('cves')
      .values(
        missing.map((r) => ({
          cve_id: r.cveId,
          published_at: new Date(`${r.dateAdded}T00:00:00Z`),
          description: r.description || r.name,
          severity: 'high',
          updated_at: context.now,
        })),
      )
      .onConflict((oc) => oc.doNothing())
      .execute();
    const products = missing
      .filter((r) => r.vendor && r.product)
      .map((r) => ({ cve_id: r.cveId, vendor: r.vendor, product: r.product }));
    if (products.length > 0)
      await db
        .insertInto('cve_products')
        .values(products)
        .onConflict((oc) => oc.doNothing())
        .execute();
  }
  await sql`
    update cves c set kev_date_added = t.added, kev_due_date = t.due, kev_ransomware = t.ransomware, updated_at = ${context.now}
    from unnest(${ids}::text[], ${unique.map((r) => r.dateAdded)}::date[], ${unique.map((r) => r.dueDate)}::date[],
      ${unique.map((r) => r.ransomware)}::text[]) as t(cve_id, added, due, ransomware)
    where c.cve_id = t.cve_id`.execute(db);
  const changes: CveChange[] = unique
    .filter((r) => before.has(r.cveId) && before.get(r.cveId) === null)
    .map((r) => ({
      cveId: r.cveId,
      field: 'kev',
      from: null,
      to: r.dateAdded,
      title: `${r.cveId} added to CISA KEV (due ${r.dueDate ?? '—'})`,
    }));
  await recordCveChanges(db, context, changes);
  await matchWatchLists(db, context, ids);
  return { added: missing.length, updated: unique.length - missing.length, ignored: records.length - unique.length };
}

export async function writeEpss(
  db: Executor,
  context: WriteContext,
  _state: unknown,
  records: EpssRecord[],
): Promise<WriteOutcome> {
  const unique = [...new Map(records.map((r) => [r.cveId, r])).values()];
  if (unique.length === 0) return { added: 0, updated: 0, ignored: 0 };
  const first = unique[0];
  const result = await sql<{ cve_id: string; old_epss: number | null; new_epss: number; updated: boolean }>`
    with t as (
      select * from unnest(${unique.map((r) => r.cveId)}::text[], ${unique.map((r) => r.epss)}::float8[],
        ${unique.map((r) => r.percentile)}::float8[]) as t(cve_id, epss, pct)
    ), old as (
      select c.cve_id, c.epss from cves c join t on t.cve_id = c.cve_id
    ), upd as (
      update cves c set epss = t.epss, epss_percentile = t.pct, epss_model = ${first?.model ?? null},
        epss_date = ${first?.scoreDate ?? null}::date, updated_at = ${context.now}
      from t where c.cve_id = t.cve_id
      returning c.cve_id
    )
    select old.cve_id, old.epss as old_epss, t.epss as new_epss, true as updated
    from old join t on t.cve_id = old.cve_id`.execute(db);
  const changes: CveChange[] = result.rows
    .filter((r) => r.old_epss !== null && Math.abs(r.old_epss - r.new_epss) >= EPSS_CHANGE_THRESHOLD)
    .map((r) => ({
      cveId: r.cve_id,
      field: 'epss',
      from: String(r.old_epss),
      to: String(r.new_epss),
      title: `${r.cve_id}: EPSS ${(Number(r.old_epss) * 100).toFixed(1)}% → ${(r.new_epss * 100).toFixed(1)}%`,
    }));
  await recordCveChanges(db, context, changes);
  return { added: 0, updated: result.rows.length, ignored: unique.length - result.rows.length };
}
