// Issue 19, the restricted environment (module mentions, /restrictedenvironment): each company's
// keyword watch list, the mentions of closed sources its feed imports brought (every mention kept,
// matched or not, so a new keyword finds the old ones; one row per content hash and company), and
// which keywords each mention matches with their ranges in its title and text (JSON text, offsets:
// never HTML). A matching mention is a finding of kind `mention`. The full-text index serves the
// list's `q` and the cross-module search.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table mention_keywords (
      id integer generated always as identity primary key,
      company_id integer not null references companies(id) on delete cascade,
      class text not null check (class in ('domain', 'brand', 'executive', 'card_bin', 'ip_range', 'other')),
      term text not null check (length(term) between 1 and 100),
      enabled boolean not null default true,
      created_by integer references users(id) on delete set null,
      created_at timestamptz not null,
      unique (company_id, class, term)
    )`.execute(db);
  await sql`create table mentions (
      id integer generated always as identity primary key,
      company_id integer not null references companies(id) on delete cascade,
      finding_id integer references findings(id) on delete set null,
      content_hash text not null,
      source_type text not null
        check (source_type in ('forum', 'marketplace', 'ransomware_leak_site', 'paste_site', 'telegram', 'other')),
      source_name text not null check (length(source_name) <= 200),
      actor text check (length(actor) <= 200),
      posted_at timestamptz not null,
      title text check (length(title) <= 500),
      body text not null check (length(body) <= 20000),
      snippet text not null default '',
      url text check (length(url) <= 2048),
      archive_ref text check (length(archive_ref) <= 500),
      first_seen_at timestamptz not null,
      last_seen_at timestamptz not null,
      job_id integer,
      is_demo boolean not null default false,
      unique (company_id, content_hash)
    )`.execute(db);
  await sql`create index mentions_recent on mentions (company_id, posted_at desc, id desc)`.execute(db);
  await sql`create index mentions_finding on mentions (finding_id) where finding_id is not null`.execute(db);
  // Punctuation as spaces: PostgreSQL's parser would take `<b>…</b>` for tags and drop the words in them.
  await sql`create index mentions_fulltext on mentions
    using gin (to_tsvector('simple', regexp_replace(coalesce(title, '') || ' ' || body, '[[:punct:]]+', ' ', 'g')))`.execute(
    db,
  );
  await sql`create table mention_matches (
      mention_id integer not null references mentions(id) on delete cascade,
      keyword_id integer not null references mention_keywords(id) on delete cascade,
      company_id integer not null references companies(id) on delete cascade,
      title_ranges text not null default '[]',
      text_ranges text not null default '[]',
      primary key (mention_id, keyword_id)
    )`.execute(db);
  await sql`create index mention_matches_keyword on mention_matches (keyword_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table mention_matches, mentions, mention_keywords`.execute(db);
}
