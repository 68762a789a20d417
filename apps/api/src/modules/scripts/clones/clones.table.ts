// The storefront clone tables (migration 2026-12-01-1000): lookalike and cloned storefronts found
// by the store dork search (/vtexdork: domain permutations, search results with VTEX fingerprints and
// the brand's terms), each capture by the scanner's browser (screenshot, content hash, similarity to
// the real store), and the store blacklist (/vtexblacklist) with its takedown workflow and history.
import type { Generated, Selectable } from 'kysely';

export const cloneSources = ['permutation', 'search', 'manual'] as const;
export type CloneSource = (typeof cloneSources)[number];
export const captureStatuses = ['online', 'offline', 'failed'] as const;
export type CaptureStatus = (typeof captureStatuses)[number];
export const storeBlacklistStatuses = ['suspected', 'confirmed', 'takedown_requested', 'offline'] as const;
export type StoreBlacklistStatus = (typeof storeBlacklistStatuses)[number];
export const cloneFindingKinds = ['clone'] as const;

export interface CloneCandidatesTable {
  id: Generated<number>;
  company_id: number;
  store_id: number | null;
  finding_id: number | null;
  domain: string;
  url: string;
  sources: Generated<CloneSource[]>;
  /** The permutation that produced the domain (omission, homoglyph, tld…), when one did. */
  permutation: string | null;
  matched_terms: Generated<string[]>;
  /** Platform markers seen on the page (VTEX's asset hosts, its runtime…). */
  fingerprints: Generated<string[]>;
  resolves: boolean | null;
  address: string | null;
  /** 0–1 against the real store's last capture. */
  similarity: number | null;
  content_sha256: string | null;
  last_capture_id: number | null;
  first_seen_at: Date;
  last_seen_at: Date;
  last_checked_at: Date | null;
  is_demo: Generated<boolean>;
}

export interface CloneCapturesTable {
  id: Generated<number>;
  company_id: number;
  candidate_id: number;
  status: CaptureStatus;
  http_status: number | null;
  final_url: string | null;
  title: string | null;
  content_sha256: string | null;
  similarity: number | null;
  /** PNG. */
  screenshot: Buffer | null;
  error: string | null;
  captured_at: Date;
}

export interface StoreBlacklistTable {
  id: Generated<number>;
  company_id: number;
  candidate_id: number | null;
  domain: string;
  url: string | null;
  status: Generated<StoreBlacklistStatus>;
  registrar: string | null;
  /** Who hosts it (the network's name from RDAP), and the address it resolved to. */
  host: string | null;
  address: string | null;
  evidence: Generated<string>;
  notes: Generated<string>;
  takedown_reference: string | null;
  takedown_requested_at: Date | null;
  last_checked_at: Date | null;
  last_online_at: Date | null;
  offline_since: Date | null;
  next_check_at: Date | null;
  is_demo: Generated<boolean>;
  created_by: number | null;
  created_at: Date;
  updated_at: Date;
}

export interface StoreBlacklistChangesTable {
  id: Generated<number>;
  company_id: number;
  entry_id: number;
  field: string;
  from_value: string | null;
  to_value: string | null;
  actor_user_id: number | null;
  at: Date;
}

export type CloneCandidateRow = Selectable<CloneCandidatesTable>;
export type StoreBlacklistRow = Selectable<StoreBlacklistTable>;

declare module '../../../db/database.js' {
  interface Database {
    clone_candidates: CloneCandidatesTable;
    clone_captures: CloneCapturesTable;
    store_blacklist: StoreBlacklistTable;
    store_blacklist_changes: StoreBlacklistChangesTable;
  }
}
