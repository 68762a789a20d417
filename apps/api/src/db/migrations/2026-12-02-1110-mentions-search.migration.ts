// The mentions' words as the cross-module search holds every module's (ADR 0031): the `vigil_search`
// configuration of migration 2026-12-02-1100 (accents folded, punctuation as spaces) over a mention's
// title and text. The screen's own text filter reads the same index, so the mentions keep one.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`drop index mentions_fulltext`.execute(db);
  await sql`create index mentions_search on mentions using gin
    (to_tsvector('vigil_search', translate(coalesce(title, '') || ' ' || body, '.@/:_-+\\<>&', '           ')))`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index mentions_search`.execute(db);
  await sql`create index mentions_fulltext on mentions
    using gin (to_tsvector('simple', regexp_replace(coalesce(title, '') || ' ' || body, '[[:punct:]]+', ' ', 'g')))`.execute(
    db,
  );
}
