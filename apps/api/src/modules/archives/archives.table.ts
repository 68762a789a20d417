// The archived-URL table (migration 2026-12-01-1000): every archived URL of the company's domains
// that the web archives know (Wayback CDX, Common Crawl, AlienVault OTX, urlscan), one row per
// normalised URL (host, path, sorted query keys; values never part of it), tagged; the interesting
// ones are findings of kind `archive` in the shared workflow.
import type { Generated, Selectable } from 'kysely';

export const archiveTags = [
  'backup',
  'config',
  'env',
  'database',
  'source',
  'log',
  'admin',
  'secret_in_query',
  'document',
  'api',
] as const;
export type ArchiveTag = (typeof archiveTags)[number];
export const archiveFindingKinds = ['archive'] as const;

export interface ArchivedUrlsTable {
  id: Generated<number>;
  company_id: number;
  finding_id: number | null;
  url_key: string;
  host: string;
  path: string;
  query_keys: Generated<string[]>;
  extension: string | null;
  /** One capture's URL, the values of secret-looking query keys redacted. */
  sample_url: string;
  providers: Generated<string[]>;
  tags: Generated<string[]>;
  interesting: Generated<boolean>;
  status_codes: Generated<number[]>;
  captures: Generated<number>;
  first_captured_at: Date | null;
  last_captured_at: Date | null;
  first_seen_at: Date;
  last_seen_at: Date;
  last_run_id: number | null;
  is_demo: Generated<boolean>;
}

export type ArchivedUrlRow = Selectable<ArchivedUrlsTable>;

declare module '../../db/database.js' {
  interface Database {
    archived_urls: ArchivedUrlsTable;
  }
}
