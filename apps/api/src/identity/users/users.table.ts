import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

export interface UsersTable {
  id: Generated<number>;
  email: string;
  name: string;
  position: string | null;
  password_hash: string | null;
  active: boolean;
  is_admin: boolean;
  two_factor_enabled: boolean;
  email_verified_at: Date | null;
  registration_confirmed_at: Date | null;
  terms_version: string | null;
  terms_accepted_at: Date | null;
  language: string | null;
  /** The served URL of the profile picture (versioned: it changes on each upload), or null. */
  picture: string | null;
  /** light, dark or system: the web app applies it on every device; null until the user picks one. */
  theme: Generated<'light' | 'dark' | 'system' | null>;
  current_company_id: number | null;
  microsoft_tid: string | null;
  microsoft_oid: string | null;
  /** Until then the account's two-factor step refuses every code (too many wrong codes). */
  two_factor_locked_until: Date | null;
  created_at: Date;
  updated_at: Date;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
