// The cross-module search (issue 19, ADR 0031). Words are found at their start, case and accents
// ignored, through full-text GIN indexes on `to_tsvector('simple', vigil_fold(<text>))`: vigil_fold
// lower-cases, takes the accents off (the letters shared/text-match.ts foldWord folds) and turns
// ASCII punctuation into spaces, so "john.smith@acme.example" is the words john, smith, acme,
// example and "CVE-2024-1234" is cve, 2024, 1234. The 'simple' configuration keeps every word as
// written (no stemming, no stop words: names, hosts and ids are not prose). Partial e-mails and
// host names (text inside a word: "mith@acm") are served by trigram indexes (pg_trgm) instead.
// A search reads the same expression as written here (the planner matches it as written).
import { type Kysely, sql } from 'kysely';

const FROM =
  'ÀÁÂÃÄÅàáâãäåĀāĂăĄąÇçĆćČčÐĎďÈÉÊËèéêëĒēĖėĘęĚěĞğĢģÌÍÎÏìíîïĪīĮįİĶķĹĺĻļĽľŁÑñŃńŅņŇňÒÓÔÕÖØòóôõöŌōŐőŔŕŘřŚśŞşŠšŢţŤťÙÚÛÜùúûüŪūŮůŰűŲųÝýÿŸŹźŻżŽž';
const TO =
  'aaaaaaaaaaaaaaaaaaccccccðddeeeeeeeeeeeeeeeeggggiiiiiiiiiiiiikkllllllłnnnnnnnnoooooøooooooooorrrrssssssttttuuuuuuuuuuuuuuuuyyyyzzzzzz';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create extension if not exists pg_trgm`.execute(db);
  await sql
    .raw(
      `create or replace function vigil_fold(value text) returns text language sql immutable strict parallel safe
        as $$ select regexp_replace(translate(lower(value), '${FROM}', '${TO}'), '[\\x01-\\x2f\\x3a-\\x40\\x5b-\\x60\\x7b-\\x7f]+', ' ', 'g') $$`,
    )
    .execute(db);
  // Every module's findings by title (the platform's "findings" group).
  await sql`create index findings_search on findings using gin (to_tsvector('simple', vigil_fold(title)))`.execute(db);
  // Leaks: any part of an e-mail (the b-tree on (company_id, email) already serves its start).
  await sql`create index credential_findings_email_trgm on credential_findings using gin (email gin_trgm_ops)`.execute(
    db,
  );
  // The attack surface: any part of a host, address or URL.
  await sql`create index assets_value_trgm on assets using gin (value gin_trgm_ops)`.execute(db);
  // The CVE catalogue: its id and description.
  await sql`create index cves_search on cves using gin (to_tsvector('simple', vigil_fold(cve_id || ' ' || description)))`.execute(
    db,
  );
  await sql`create index cve_products_vendor on cve_products (vendor, product)`.execute(db);
  await sql`create index dork_results_search on dork_results using gin
    (to_tsvector('simple', vigil_fold(title || ' ' || snippet || ' ' || url)))`.execute(db);
  await sql`create index secret_occurrences_search on secret_occurrences using gin
    (to_tsvector('simple', vigil_fold(repository || ' ' || file_path || ' ' || coalesce(author, ''))))`.execute(db);
  await sql`create index archived_urls_search on archived_urls using gin (to_tsvector('simple', vigil_fold(url_key)))`.execute(
    db,
  );
  await sql`create index page_scripts_search on page_scripts using gin
    (to_tsvector('simple', vigil_fold(coalesce(url, '') || ' ' || coalesce(host, ''))))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const index of [
    'page_scripts_search',
    'archived_urls_search',
    'secret_occurrences_search',
    'dork_results_search',
    'cve_products_vendor',
    'cves_search',
    'assets_value_trgm',
    'credential_findings_email_trgm',
    'findings_search',
  ]) {
    await sql.raw(`drop index ${index}`).execute(db);
  }
  await sql`drop function vigil_fold(text)`.execute(db);
}
