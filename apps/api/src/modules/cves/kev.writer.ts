// The KEV writer. A release older than the newest the catalogue holds (dateReleased) changes
// nothing; a value KEV once gave is never replaced by a missing one (a CSV or an older release
// without the field); KEV's vendor/product names a CVE without NVD configurations, whatever came first.
import { sql } from 'kysely';
import type { Executor } from '../../db/database.js';
import type { WriteContext, WriteOutcome } from '../../platform/imports/import.types.js';
import { type CveChange, logOnce, matchWatchLists, recordCveChanges } from './cves.ingest.js';
import type { KevRecord } from './kev.parser.js';

const day = (date: Date) => date.toISOString().slice(0, 10);

async function newestRelease(db: Executor) {
  return db
    .selectFrom('cves')
    .select(['kev_catalog_version', 'kev_date_released'])
    .where('kev_date_released', 'is not', null)
    .orderBy('kev_date_released', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export async function writeKev(
  db: Executor,
  context: WriteContext,
  _state: unknown,
  records: KevRecord[],
): Promise<WriteOutcome> {
  const all = [...new Map(records.map((r) => [r.cveId, r])).values()];
  const repeated = records.length - all.length;
  const held = await newestRelease(db);
  const heldAt = held?.kev_date_released;
  const isOlder = (r: KevRecord) => !!heldAt && !!r.dateReleased && r.dateReleased.getTime() < heldAt.getTime();
  const older = all.filter(isOlder);
  const first = older[0];
  if (first?.dateReleased && heldAt)
    await logOnce(
      db,
      context,
      'info',
      `This KEV catalogue ${first.catalogVersion ?? ''} (released ${day(first.dateReleased)}) is older than the catalogue's ${held?.kev_catalog_version ?? ''} (released ${day(heldAt)}): its entries changed nothing.`.replace(
        / {2,}/g,
        ' ',
      ),
    );
  const unique = all.filter((r) => !isOlder(r));
  if (unique.length === 0) return { added: 0, updated: 0, ignored: repeated + older.length };
  const ids = unique.map((r) => r.cveId);
  const before = new Map(
    (
      await db
        .selectFrom('cves')
        .select(['cve_id', sql<string | null>`kev_date_added::text`.as('kev'), 'kev_ransomware'])
        .where('cve_id', 'in', ids)
        .execute()
    ).map((r) => [r.cve_id, r]),
  );
  const missing = unique.filter((r) => !before.has(r.cveId));
  if (missing.length > 0) {
    // Known exploited, not in NVD's data yet: no publication date, no severity (NVD has not scored it).
    await db
      .insertInto('cves')
      .values(
        missing.map((r) => ({
          cve_id: r.cveId,
          published_at: null,
          description: r.description || r.name,
          description_source: 'kev' as const,
          severity: null,
          severity_source: null,
          updated_at: context.now,
        })),
      )
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
  // KEV's vendor/product for a CVE without NVD configurations, whichever came first; NVD's CPEs
  // join it later (nvd.writer keeps KEV's row).
  const named = unique.filter((r) => r.vendor && r.product);
  if (named.length > 0)
    await sql`
      insert into cve_products (cve_id, vendor, product, source)
      select t.cve_id, t.vendor, t.product, 'kev'
      from unnest(${named.map((r) => r.cveId)}::text[], ${named.map((r) => r.vendor)}::text[],
        ${named.map((r) => r.product)}::text[]) as t(cve_id, vendor, product)
      where not exists (select 1 from cve_products p where p.cve_id = t.cve_id and p.source = 'nvd')
      on conflict do nothing`.execute(db);
  const list = <T>(of: (r: KevRecord) => T) => unique.map(of);
  const updated = await sql<{ cve_id: string }>`
    update cves c set kev_date_added = t.added, kev_due_date = coalesce(t.due, c.kev_due_date),
      kev_ransomware = coalesce(t.ransomware, c.kev_ransomware), kev_vendor = nullif(t.vendor, ''),
      kev_product = nullif(t.product, ''), kev_name = t.name, kev_required_action = coalesce(t.action, c.kev_required_action),
      kev_notes = coalesce(t.notes, c.kev_notes),
      kev_cwes = case when t.cwes = '' then c.kev_cwes else string_to_array(t.cwes, ',') end,
      kev_catalog_version = coalesce(t.version, c.kev_catalog_version),
      kev_date_released = coalesce(t.released, c.kev_date_released), kev_job_id = ${context.job.id},
      updated_at = ${context.now}
    from unnest(${ids}::text[], ${list((r) => r.dateAdded)}::date[], ${list((r) => r.dueDate)}::date[],
      ${list((r) => r.ransomware)}::text[], ${list((r) => r.vendor)}::text[], ${list((r) => r.product)}::text[],
      ${list((r) => r.name)}::text[], ${list((r) => r.requiredAction)}::text[], ${list((r) => r.notes)}::text[],
      ${list((r) => r.cwes.join(','))}::text[], ${list((r) => r.catalogVersion)}::text[],
      ${list((r) => r.dateReleased)}::timestamptz[])
      as t(cve_id, added, due, ransomware, vendor, product, name, action, notes, cwes, version, released)
    where c.cve_id = t.cve_id and (c.kev_date_released is null or t.released is null or c.kev_date_released <= t.released)
      and (c.kev_date_added, c.kev_due_date, c.kev_ransomware, c.kev_vendor, c.kev_product, c.kev_name,
        c.kev_required_action, c.kev_notes, c.kev_cwes, c.kev_catalog_version, c.kev_date_released)
      is distinct from (t.added, coalesce(t.due, c.kev_due_date), coalesce(t.ransomware, c.kev_ransomware),
        nullif(t.vendor, ''), nullif(t.product, ''), t.name, coalesce(t.action, c.kev_required_action),
        coalesce(t.notes, c.kev_notes), case when t.cwes = '' then c.kev_cwes else string_to_array(t.cwes, ',') end,
        coalesce(t.version, c.kev_catalog_version), coalesce(t.released, c.kev_date_released))
    returning c.cve_id`.execute(db);
  const changed = new Set(updated.rows.map((r) => r.cve_id));
  const changes: CveChange[] = [];
  for (const r of unique) {
    const old = before.get(r.cveId);
    if (!old || !changed.has(r.cveId)) continue;
    if (old.kev === null)
      changes.push({
        cveId: r.cveId,
        field: 'kev',
        from: null,
        to: r.dateAdded,
        title: `${r.cveId} added to CISA KEV (due ${r.dueDate ?? '—'})`,
      });
    if (r.ransomware !== null && old.kev_ransomware !== null && r.ransomware !== old.kev_ransomware)
      changes.push({
        cveId: r.cveId,
        field: 'kev_ransomware',
        from: old.kev_ransomware,
        to: r.ransomware,
        title: `${r.cveId}: known ransomware use ${old.kev_ransomware} → ${r.ransomware}`,
      });
  }
  await recordCveChanges(db, context, changes);
  await matchWatchLists(db, context, ids);
  const unchanged = unique.length - missing.length - [...changed].filter((id) => before.has(id)).length;
  if (unchanged > 0)
    await logOnce(db, context, 'info', 'KEV entries the catalogue already holds as they are were left unchanged.');
  return {
    added: missing.length,
    updated: [...changed].filter((id) => before.has(id)).length,
    ignored: repeated + older.length,
  };
}
