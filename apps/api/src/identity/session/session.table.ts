import type { Generated, Selectable } from 'kysely';

/** A signed-in session. Only the SHA-256 of the opaque token is stored. */
export interface SessionsTable {
  id: Generated<number>;
  token_hash: string;
  user_id: number;
  created_at: Date;
  last_activity_at: Date;
  expires_at: Date;
  revoked_at: Date | null;
  method: string;
  /** The browser's User-Agent header at sign-in (shortened), for the active-sessions list. */
  user_agent: string | null;
  /** The address the session was created from. */
  ip: string | null;
}

export type SessionRow = Selectable<SessionsTable>;
