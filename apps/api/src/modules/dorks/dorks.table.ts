// The search-engine dork tables (migration 2026-12-01-1000): the dork catalogue (GHDB entries and
// Vigil's templates are platform reference data with company_id null; a company adds its own), a
// company's choice of the platform's dorks, and the results de-duplicated per normalised URL (each
// a finding of kind `dork` in the shared workflow).
import type { Generated, Selectable } from 'kysely';

/** The GHDB's 14 categories, by Exploit-DB's numbering (1–14). */
export const ghdbCategories = [
  'footholds',
  'files_containing_usernames',
  'sensitive_directories',
  'web_server_detection',
  'vulnerable_files',
  'vulnerable_servers',
  'error_messages',
  'files_containing_juicy_info',
  'files_containing_passwords',
  'sensitive_online_shopping_info',
  'network_or_vulnerability_data',
  'pages_containing_login_portals',
  'various_online_devices',
  'advisories_and_vulnerabilities',
] as const;
export type GhdbCategory = (typeof ghdbCategories)[number];
export const dorkSources = ['ghdb', 'vigil', 'company'] as const;
export type DorkSource = (typeof dorkSources)[number];
export const dorkFindingKinds = ['dork'] as const;

export interface DorksTable {
  id: Generated<number>;
  /** null: the platform's (GHDB import, Vigil's templates), written only by the platform. */
  company_id: number | null;
  source: DorkSource;
  ghdb_id: number | null;
  /** Vigil's template key (stable across versions). */
  key: string | null;
  category: GhdbCategory;
  title: string;
  /** The query; `site:<domain>` is added per company domain when it runs. */
  query: string;
  author: string | null;
  published_on: Date | null;
  enabled: Generated<boolean>;
  created_by: number | null;
  created_at: Date;
  updated_at: Date;
}

export interface DorkSettingsTable {
  company_id: number;
  dork_id: number;
  enabled: boolean;
  updated_by: number | null;
  updated_at: Date;
}

export interface DorkResultsTable {
  id: Generated<number>;
  company_id: number;
  finding_id: number | null;
  url_key: string;
  url: string;
  host: string;
  title: Generated<string>;
  snippet: Generated<string>;
  category: GhdbCategory;
  dork_ids: Generated<number[]>;
  provider: string;
  first_seen_at: Date;
  last_seen_at: Date;
  seen_count: Generated<number>;
  last_run_id: number | null;
  is_demo: Generated<boolean>;
}

export type DorkRow = Selectable<DorksTable>;
export type DorkResultRow = Selectable<DorkResultsTable>;

declare module '../../db/database.js' {
  interface Database {
    dorks: DorksTable;
    dork_settings: DorkSettingsTable;
    dork_results: DorkResultsTable;
  }
}
