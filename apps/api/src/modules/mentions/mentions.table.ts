// The restricted-environment tables (migration 2026-12-02-1000): a company's keyword watch list,
// the mentions its feed imports brought (matched or not) and the keywords each one matches, with
// the ranges in its title and text. A matching mention is a finding of kind `mention`.
import type { Generated, Selectable } from 'kysely';

export const mentionSourceTypes = [
  'forum',
  'marketplace',
  'ransomware_leak_site',
  'paste_site',
  'telegram',
  'other',
] as const;
export type MentionSourceType = (typeof mentionSourceTypes)[number];
export const keywordClasses = ['domain', 'brand', 'executive', 'card_bin', 'ip_range', 'other'] as const;
export type KeywordClass = (typeof keywordClasses)[number];
export const mentionFindingKinds = ['mention'] as const;

export interface MentionKeywordsTable {
  id: Generated<number>;
  company_id: number;
  class: KeywordClass;
  /** Normalised for its class (a lower-case domain, a BIN's digits, a CIDR range). */
  term: string;
  enabled: Generated<boolean>;
  created_by: number | null;
  created_at: Date;
}

export interface MentionsTable {
  id: Generated<number>;
  company_id: number;
  /** Its finding while it matches (or once matched: the finding stays in the workflow). */
  finding_id: number | null;
  /** SHA-256 of its source and content: the same post delivered twice is one mention. */
  content_hash: string;
  source_type: MentionSourceType;
  source_name: string;
  actor: string | null;
  posted_at: Date;
  title: string | null;
  /** The post's text, plain (at most 20,000 characters). */
  body: string;
  /** Plain text around its first match (at most 300 characters), rewritten when it is matched again. */
  snippet: Generated<string>;
  url: string | null;
  archive_ref: string | null;
  first_seen_at: Date;
  last_seen_at: Date;
  /** The import that brought it first. */
  job_id: number | null;
  is_demo: Generated<boolean>;
}

export interface MentionMatchesTable {
  mention_id: number;
  keyword_id: number;
  company_id: number;
  /** JSON `[{start, end}]`: UTF-16 offsets in the title. */
  title_ranges: Generated<string>;
  text_ranges: Generated<string>;
}

export type MentionKeywordRow = Selectable<MentionKeywordsTable>;
export type MentionRow = Selectable<MentionsTable>;

declare module '../../db/database.js' {
  interface Database {
    mention_keywords: MentionKeywordsTable;
    mentions: MentionsTable;
    mention_matches: MentionMatchesTable;
  }
}
