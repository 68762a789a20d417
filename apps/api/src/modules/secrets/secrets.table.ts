// The code-hosting search tables (migration 2026-12-01-1000): the terms a company searches code
// hosting for (its domains are always searched), its allow-list beside the rules' own, the secret
// incidents (one finding of kind `secret` per secret, never stored in clear: an HMAC under the
// deployment's key and a redacted form) and their occurrences (repository, file, line, commit).
import type { Generated, Selectable } from 'kysely';

export const codeSearchTermKinds = ['domain', 'organisation', 'keyword'] as const;
export type CodeSearchTermKind = (typeof codeSearchTermKinds)[number];
export const allowlistKinds = ['path', 'regex', 'stopword', 'fingerprint'] as const;
export type AllowlistKind = (typeof allowlistKinds)[number];
export const secretValidities = ['unknown', 'valid', 'invalid'] as const;
export type SecretValidity = (typeof secretValidities)[number];
export const secretFindingKinds = ['secret'] as const;

export interface CodeSearchTermsTable {
  id: Generated<number>;
  company_id: number;
  kind: CodeSearchTermKind;
  value: string;
  enabled: Generated<boolean>;
  created_by: number | null;
  created_at: Date;
}

export interface SecretAllowlistTable {
  id: Generated<number>;
  company_id: number;
  kind: AllowlistKind;
  value: string;
  reason: string;
  created_by: number | null;
  created_at: Date;
}

export interface SecretIncidentsTable {
  finding_id: number;
  company_id: number;
  /** The gitleaks-format rule's id. */
  rule_id: string;
  /** HMAC-SHA256 of the secret under the deployment's key: the incident's identity, never the secret. */
  secret_hash: string;
  /** At most the first and last four characters, the rest masked. */
  redacted: string;
  entropy: number | null;
  validity: Generated<SecretValidity>;
  validity_checked_at: Date | null;
  occurrences: Generated<number>;
  repositories: Generated<number>;
}

export interface SecretOccurrencesTable {
  id: Generated<number>;
  company_id: number;
  finding_id: number;
  provider: string;
  repository: string;
  file_path: string;
  line: number;
  commit_sha: string | null;
  author: string | null;
  committed_at: Date | null;
  url: string | null;
  /** The line around the match with the secret redacted. */
  fragment: Generated<string>;
  first_seen_at: Date;
  last_seen_at: Date;
  last_run_id: number | null;
  is_demo: Generated<boolean>;
}

export type SecretIncidentRow = Selectable<SecretIncidentsTable>;
export type SecretOccurrenceRow = Selectable<SecretOccurrencesTable>;

declare module '../../db/database.js' {
  interface Database {
    code_search_terms: CodeSearchTermsTable;
    secret_allowlist: SecretAllowlistTable;
    secret_incidents: SecretIncidentsTable;
    secret_occurrences: SecretOccurrencesTable;
  }
}
