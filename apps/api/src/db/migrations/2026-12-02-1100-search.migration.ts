// The cross-module search (issue 19, ADR 0031). Words are found at their start, case and accents
// ignored, through full-text GIN indexes on
//   to_tsvector('vigil_search', translate(<text>, '.@/:_-+\<>&', '           '))
// The configuration `vigil_search` is 'simple' (every word kept as written: names, hosts and ids are
// not prose, no stemming, no stop words) with accents taken off by `unaccent` first; translate()
// turns the punctuation of e-mails, hosts, paths and ids into spaces, so "john.smith@acme.example"
// is the words john, smith, acme, example and "CVE-2024-1234" is cve, 2024, 1234 (the parser would
// keep an e-mail or a host whole, and read "-2024" as a signed number). Both are C code: a folding
// SQL function (lower + translate of 130 accented letters + regexp_replace) cost 30 µs a row more.
// Partial e-mails (text inside the local part: "mith" in john.smith@…) are served by a trigram index
// on the local part only (2 µs a row; the whole e-mail cost 7, and its domain is found through
// credential_sources); hosts and addresses by a trigram index on the asset's value.
// The credentials module's findings (a million rows at bench:data's scale) stay out of the findings
// index: its own groups (leaks, devices) show them, and the import does not pay for a second index.
// A search reads the same expressions as written here (the planner matches them as written).
import { type Kysely, sql } from 'kysely';

const words = (expression: string) =>
  `to_tsvector('vigil_search', translate(${expression}, '.@/:_-+\\<>&', '           '))`;

const indexes: [name: string, definition: string][] = [
  ['findings_search', `findings using gin (${words('title')}) where module <> 'credentials'`],
  ['credential_findings_local_trgm', `credential_findings using gin ((split_part(email, '@', 1)) gin_trgm_ops)`],
  // On lower(value), not value: pg_trgm's GIN also answers `=`, and the planner took it for the
  // writer's lookups by value (reading thousands of rows each) over the unique b-tree.
  ['assets_value_trgm', 'assets using gin ((lower(value)) gin_trgm_ops)'],
  ['cves_search', `cves using gin (${words(`cve_id || ' ' || description`)})`],
  ['cve_products_vendor', 'cve_products (vendor, product)'],
  ['dork_results_search', `dork_results using gin (${words(`title || ' ' || snippet || ' ' || url`)})`],
  [
    'secret_occurrences_search',
    `secret_occurrences using gin (${words(`repository || ' ' || file_path || ' ' || coalesce(author, '')`)})`,
  ],
  ['archived_urls_search', `archived_urls using gin (${words('url_key')})`],
  ['page_scripts_search', `page_scripts using gin (${words(`coalesce(url, '') || ' ' || coalesce(host, '')`)})`],
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create extension if not exists pg_trgm`.execute(db);
  await sql`create extension if not exists unaccent`.execute(db);
  await sql`create text search configuration vigil_search (copy = simple)`.execute(db);
  await sql`alter text search configuration vigil_search
    alter mapping for asciiword, word, numword, asciihword, hword, numhword, hword_asciipart, hword_part, hword_numpart
    with unaccent, simple`.execute(db);
  for (const [name, definition] of indexes) await sql.raw(`create index ${name} on ${definition}`).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [name] of indexes) await sql.raw(`drop index ${name}`).execute(db);
  await sql`drop text search configuration vigil_search`.execute(db);
}
