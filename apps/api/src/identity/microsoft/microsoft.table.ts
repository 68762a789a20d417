import type { Generated, Selectable } from 'kysely';

/** An authorization request in flight: PKCE verifier and nonce, found again by the hash of its state. */
export interface OauthFlowsTable {
  id: Generated<number>;
  state_hash: string;
  intent: string;
  code_verifier: string;
  nonce: string;
  name: string | null;
  position: string | null;
  created_at: Date;
  expires_at: Date;
  consumed_at: Date | null;
}

export type OauthFlowRow = Selectable<OauthFlowsTable>;
