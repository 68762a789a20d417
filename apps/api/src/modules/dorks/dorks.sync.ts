// Keeps Vigil's dork templates (dorks.templates.ts) current as platform rows (company_id null,
// source `vigil`) on every start: a new key is inserted, a changed one updated, one no longer
// bundled switched off (its results keep naming it). Idempotent, and safe when two processes start
// at once (the insert does nothing on conflict, the update only writes what differs).
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/database.js';
import { type DorkTemplate, dorkTemplates } from './dorks.templates.js';

export async function syncDorkTemplates(
  db: Kysely<Database>,
  now: Date,
  templates: readonly DorkTemplate[] = dorkTemplates,
): Promise<{ written: number; retired: number }> {
  return db.transaction().execute(async (trx) => {
    let written = 0;
    if (templates.length > 0) {
      const result = await sql`
        insert into dorks as d (company_id, source, key, category, title, query, enabled, created_at, updated_at)
        select null, 'vigil', t.key, t.category, t.title, t.query, true, ${now}::timestamptz, ${now}::timestamptz
        from unnest(${templates.map((x) => x.key)}::text[], ${templates.map((x) => x.category)}::text[],
          ${templates.map((x) => x.title)}::text[], ${templates.map((x) => x.query)}::text[]) as t(key, category, title, query)
        on conflict (key) where source = 'vigil' do update set
          category = excluded.category, title = excluded.title, query = excluded.query, enabled = true,
          updated_at = excluded.updated_at
        where (d.category, d.title, d.query, d.enabled) is distinct from (excluded.category, excluded.title, excluded.query, true)`.execute(
        trx,
      );
      written = Number(result.numAffectedRows ?? 0);
    }
    const retired = await trx
      .updateTable('dorks')
      .set({ enabled: false, updated_at: now })
      .where('source', '=', 'vigil')
      .where('enabled', '=', true)
      .$if(templates.length > 0, (q) =>
        q.where(
          'key',
          'not in',
          templates.map((x) => x.key),
        ),
      )
      .executeTakeFirst();
    return { written, retired: Number(retired.numUpdatedRows) };
  });
}
