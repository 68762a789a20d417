// The EPSS writer: a score replaces the catalogue's only when its score date is later (or the same
// day's file brings other values); an older file, or an undated one over a dated score, changes
// nothing and says so. Scores of CVEs the catalogue does not hold are read and not kept.
import { sql } from 'kysely';
import type { Executor } from '../../db/database.js';
import type { WriteContext, WriteOutcome } from '../../platform/imports/import.types.js';
import { type CveChange, EPSS_CHANGE_THRESHOLD, logOnce, recordCveChanges, someIds } from './cves.ingest.js';
import type { EpssRecord } from './epss.parser.js';

interface Row {
  cve_id: string;
  old_epss: number | null;
  new_epss: number;
  updated: boolean;
  older: boolean;
  held_date: string | null;
}

export async function writeEpss(
  db: Executor,
  context: WriteContext,
  _state: unknown,
  records: EpssRecord[],
): Promise<WriteOutcome> {
  const unique = [...new Map(records.map((r) => [r.cveId, r])).values()];
  if (unique.length === 0) return { added: 0, updated: 0, ignored: 0 };
  const list = <T>(of: (r: EpssRecord) => T) => unique.map(of);
  const result = await sql<Row>`
    with t as (
      select * from unnest(${list((r) => r.cveId)}::text[], ${list((r) => r.epss)}::float8[],
        ${list((r) => r.percentile)}::float8[], ${list((r) => r.model)}::text[], ${list((r) => r.scoreDate)}::date[])
        as t(cve_id, epss, pct, model, day)
    ), old as (
      select c.cve_id, c.epss, c.epss_date from cves c join t on t.cve_id = c.cve_id
    ), upd as (
      update cves c set epss = t.epss, epss_percentile = t.pct, epss_model = t.model, epss_date = t.day,
        epss_job_id = ${context.job.id}, updated_at = ${context.now}
      from t where c.cve_id = t.cve_id and (c.epss_date is null or t.day > c.epss_date or (t.day = c.epss_date
        and (c.epss, c.epss_percentile, c.epss_model) is distinct from (t.epss, t.pct, t.model)))
      returning c.cve_id
    )
    select old.cve_id, old.epss as old_epss, t.epss as new_epss, upd.cve_id is not null as updated,
      old.epss_date is not null and (t.day is null or t.day < old.epss_date) as older,
      old.epss_date::text as held_date
    from old join t on t.cve_id = old.cve_id left join upd on upd.cve_id = old.cve_id`.execute(db);
  const updated = result.rows.filter((r) => r.updated);
  const older = result.rows.filter((r) => r.older);
  const firstOlder = older[0];
  if (firstOlder) {
    const file = unique[0]?.scoreDate ? `scored ${unique[0].scoreDate}` : 'without a score date';
    await logOnce(
      db,
      context,
      'info',
      `EPSS scores ${file} are older than the catalogue's (scored ${firstOlder.held_date ?? '—'}) and changed nothing: ${someIds(older.map((r) => r.cve_id))}.`,
    );
  }
  if (result.rows.length - updated.length - older.length > 0)
    await logOnce(db, context, 'info', 'EPSS scores the catalogue already holds for the same day were left unchanged.');
  const missing = unique.length - result.rows.length;
  if (missing > 0) await logOnce(db, context, 'info', 'Scores of CVEs not in the catalogue were read and not kept.');
  const changes: CveChange[] = updated
    .filter((r) => r.old_epss !== null && Math.abs(r.old_epss - r.new_epss) >= EPSS_CHANGE_THRESHOLD)
    .map((r) => ({
      cveId: r.cve_id,
      field: 'epss',
      from: String(r.old_epss),
      to: String(r.new_epss),
      title: `${r.cve_id}: EPSS ${(Number(r.old_epss) * 100).toFixed(1)}% → ${(r.new_epss * 100).toFixed(1)}%`,
    }));
  await recordCveChanges(db, context, changes);
  return { added: 0, updated: updated.length, ignored: missing + older.length + records.length - unique.length };
}
