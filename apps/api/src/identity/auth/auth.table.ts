import type { Generated, Selectable } from 'kysely';

/** A sign-in attempt that passed its first factor and still needs a step (bound by a signed cookie). */
export interface PendingLoginsTable {
  id: Generated<number>;
  token_hash: string;
  user_id: number;
  method: string;
  two_factor_verified_at: Date | null;
  created_at: Date;
  expires_at: Date;
  completed_at: Date | null;
}

export interface TwoFactorCodesTable {
  id: Generated<number>;
  pending_login_id: number;
  user_id: number;
  code_hash: string;
  attempts: number;
  created_at: Date;
  expires_at: Date;
  consumed_at: Date | null;
}

/** Every one-time secret but the 2FA code: confirmation, verification, reset, Microsoft hand-over. */
export interface OneTimeTokensTable {
  id: Generated<number>;
  purpose: string;
  user_id: number;
  token_hash: string;
  secondary_hash: string | null;
  pending_login_id: number | null;
  created_at: Date;
  expires_at: Date;
  secondary_expires_at: Date | null;
  consumed_at: Date | null;
}

/** A failed password sign-in: the e-mail's key (a hash, known account or not) and the client address. */
export interface LoginFailuresTable {
  id: Generated<number>;
  email_key: string;
  ip: string | null;
  created_at: Date;
}

/**
 * A wrong two-factor code, counted per sign-in attempt and per account, a browser the account
 * signed in from before apart from the others (ADR 0006).
 */
export interface TwoFactorFailuresTable {
  id: Generated<number>;
  user_id: number;
  /** The sign-in attempt; null for a signed-in user's re-check in the settings. */
  pending_login_id: number | null;
  /** True for the account's known browser (device cookie) or a signed-in session. */
  known_device: Generated<boolean>;
  ip: string | null;
  created_at: Date;
}

export type PendingLoginRow = Selectable<PendingLoginsTable>;
export type TwoFactorCodeRow = Selectable<TwoFactorCodesTable>;
export type OneTimeTokenRow = Selectable<OneTimeTokensTable>;
