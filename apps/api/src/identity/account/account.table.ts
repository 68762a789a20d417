import type { Selectable } from 'kysely';

/** A user's profile picture, already re-encoded (WebP, no metadata); one row per user (ADR 0015). */
export interface UserPicturesTable {
  user_id: number;
  /** Random hex, part of the picture's URL: a new upload gives a new URL, so caches never serve an old one. */
  version: string;
  content_type: string;
  bytes: Uint8Array;
  created_at: Date;
}

export type UserPictureRow = Selectable<UserPicturesTable>;
