import type { Generated, Selectable } from 'kysely';

/** A user's authenticator app: active once confirmed_at is set (a first code was right). */
export interface AuthenticatorsTable {
  user_id: number;
  /** The base32 secret sealed with AES-256-GCM (shared/secrets seal), the user id as context. */
  secret_sealed: string;
  created_at: Date;
  confirmed_at: Date | null;
  /** The last accepted time step: a step at or before it is refused (no code accepted twice). */
  last_step: number | null;
}

/** One of the ten single-use recovery codes, kept as an HMAC under a server key (ADR 0016). */
export interface RecoveryCodesTable {
  id: Generated<number>;
  user_id: number;
  code_hash: string;
  created_at: Date;
  used_at: Date | null;
}

export type AuthenticatorRow = Selectable<AuthenticatorsTable>;
