// The NVD writer: a record replaces the catalogue's only when it is newer (NVD's lastModified); an
// older one leaves the newer in place and the same one again changes nothing. Every CVSS version is
// kept with the one the severity came from; a record NVD has not scored has no severity (unknown).
import { sql } from 'kysely';
import type { Executor } from '../../db/database.js';
import type { WriteContext, WriteOutcome } from '../../platform/imports/import.types.js';
import { cvss31VectorScore } from '../../shared/cvss.js';
import { type CveChange, logOnce, matchWatchLists, num, recordCveChanges, someIds } from './cves.ingest.js';
import type { CvssScore } from './cvss-metrics.js';
import type { CveRecord } from './nvd.parser.js';
import type { NvdReference } from './nvd-weaknesses.js';

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
  await logOnce(db, context, 'warn', `CVSS 3.1 score disagrees with its vector, kept as published: ${shown}${more}.`);
}

const scoreText = (s: CvssScore | null) => (s ? String(s.score) : null);

const VERSIONS = [
  ['cvss2', 'CVSS 2.0', (r: CveRecord) => r.cvss2],
  ['cvss30', 'CVSS 3.0', (r: CveRecord) => r.cvss30],
  ['cvss31', 'CVSS 3.1', (r: CveRecord) => r.cvss31],
  ['cvss40', 'CVSS 4.0', (r: CveRecord) => r.cvss40],
] as const;

export async function writeNvd(
  db: Executor,
  context: WriteContext,
  _state: unknown,
  records: CveRecord[],
): Promise<WriteOutcome> {
  const unique = [...new Map(records.map((r) => [r.id, r])).values()];
  const before = new Map(
    (
      await db
        .selectFrom('cves')
        .select(['cve_id', 'last_modified_at', 'cvss2_score', 'cvss30_score', 'cvss31_score', 'cvss40_score'])
        .where(
          'cve_id',
          'in',
          unique.map((r) => r.id),
        )
        .execute()
    ).map((r) => [r.cve_id, r]),
  );
  const older: string[] = [];
  const same: string[] = [];
  const newer = unique.filter((r) => {
    const held = before.get(r.id)?.last_modified_at;
    if (!held) return true;
    const time = r.lastModified?.getTime() ?? Number.NEGATIVE_INFINITY;
    if (time < held.getTime()) older.push(r.id);
    else if (time === held.getTime()) same.push(r.id);
    return time > held.getTime();
  });
  if (older.length > 0)
    await logOnce(
      db,
      context,
      'info',
      `NVD records older than the catalogue's (an earlier lastModified) left the newer in place: ${someIds(older)}.`,
    );
  if (same.length > 0)
    await logOnce(
      db,
      context,
      'info',
      `NVD records the catalogue already holds (same lastModified) were left unchanged: ${someIds(same)}.`,
    );
  const repeated = records.length - unique.length;
  if (newer.length === 0) return { added: 0, updated: 0, ignored: repeated + older.length };
  const ids = newer.map((r) => r.id);
  await flagScoresAgainstVectors(db, context, newer);
  const changes: CveChange[] = [];
  for (const r of newer) {
    const old = before.get(r.id);
    if (!old) continue;
    for (const [field, label, of] of VERSIONS) {
      const from = num(old[`${field}_score`]);
      const to = of(r)?.score ?? null;
      if (from !== to)
        changes.push({
          cveId: r.id,
          field: `${field}_score`,
          from: from === null ? null : String(from),
          to: to === null ? null : String(to),
          title: `${r.id}: ${label} ${from ?? '—'} → ${to ?? '—'}`,
        });
    }
  }
  await db
    .insertInto('cves')
    .values(
      newer.map((r) => ({
        cve_id: r.id,
        published_at: r.published,
        last_modified_at: r.lastModified,
        description: r.description,
        description_source: 'nvd' as const,
        cvss2_score: scoreText(r.cvss2),
        cvss2_vector: r.cvss2?.vector ?? null,
        cvss30_score: scoreText(r.cvss30),
        cvss30_vector: r.cvss30?.vector ?? null,
        cvss31_score: scoreText(r.cvss31),
        cvss31_vector: r.cvss31?.vector ?? null,
        cvss40_score: scoreText(r.cvss40),
        cvss40_vector: r.cvss40?.vector ?? null,
        // The newest version the record carries; none at all is "not yet scored", not 'info'.
        severity: r.severityFrom ? r.severity : null,
        severity_source: r.severityFrom,
        cpes: r.cpes,
        nvd_cwes: r.cwes,
        nvd_references: sql<NvdReference[]>`cast(${JSON.stringify(r.references)} as jsonb)`,
        nvd_job_id: context.job.id,
        updated_at: context.now,
      })),
    )
    .onConflict((oc) =>
      oc.column('cve_id').doUpdateSet((eb) => ({
        published_at: eb.ref('excluded.published_at'),
        last_modified_at: eb.ref('excluded.last_modified_at'),
        // NVD without a description (a reserved record) leaves KEV's in place, with its source.
        description: sql<string>`case when excluded.description = '' then cves.description else excluded.description end`,
        description_source: sql<
          'nvd' | 'kev'
        >`case when excluded.description = '' then cves.description_source else 'nvd' end`,
        cvss2_score: eb.ref('excluded.cvss2_score'),
        cvss2_vector: eb.ref('excluded.cvss2_vector'),
        cvss30_score: eb.ref('excluded.cvss30_score'),
        cvss30_vector: eb.ref('excluded.cvss30_vector'),
        cvss31_score: eb.ref('excluded.cvss31_score'),
        cvss31_vector: eb.ref('excluded.cvss31_vector'),
        cvss40_score: eb.ref('excluded.cvss40_score'),
        cvss40_vector: eb.ref('excluded.cvss40_vector'),
        severity: eb.ref('excluded.severity'),
        severity_source: eb.ref('excluded.severity_source'),
        cpes: eb.ref('excluded.cpes'),
        nvd_cwes: eb.ref('excluded.nvd_cwes'),
        nvd_references: eb.ref('excluded.nvd_references'),
        nvd_job_id: eb.ref('excluded.nvd_job_id'),
        updated_at: eb.ref('excluded.updated_at'),
      })),
    )
    .execute();
  // NVD's configurations replace NVD's products; KEV's vendor/product stays beside them.
  await db.deleteFrom('cve_products').where('cve_id', 'in', ids).where('source', '=', 'nvd').execute();
  const products = newer.flatMap((r) => r.products.map((p) => ({ cve_id: r.id, ...p, source: 'nvd' as const })));
  for (let i = 0; i < products.length; i += 2000) {
    await db
      .insertInto('cve_products')
      .values(products.slice(i, i + 2000))
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
  await recordCveChanges(db, context, changes);
  await matchWatchLists(db, context, ids);
  const added = newer.filter((r) => !before.has(r.id)).length;
  return { added, updated: newer.length - added, ignored: repeated + older.length };
}
