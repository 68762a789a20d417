import type { Generated, Selectable } from 'kysely';

/** The scopes a token may hold (api_tokens_scopes check, migration 2026-12-07-0100). */
export type ApiTokenScope = 'read' | 'triage' | 'import' | 'mcp';

/** An API token: only the SHA-256 of its secret is stored, with a short hint to recognise it. */
export interface ApiTokensTable {
  id: Generated<number>;
  company_id: number;
  user_id: number;
  name: string;
  /** `vigil_pat_` and the secret's first 6 characters. */
  hint: string;
  token_hash: string;
  scopes: ApiTokenScope[];
  created_at: Date;
  expires_at: Date;
  last_used_at: Date | null;
  last_used_ip: string | null;
  revoked_at: Date | null;
  revoked_by: number | null;
}

/** The addresses a token has been used from (a new one is audited once). */
export interface ApiTokenAddressesTable {
  token_id: number;
  ip: string;
  first_seen_at: Date;
}

export type ApiTokenRow = Selectable<ApiTokensTable>;
