import type { Generated, Selectable } from 'kysely';

/** Transactional outbox: written in the same transaction as the change, delivered after commit. */
export interface OutboxMessagesTable {
  id: Generated<number>;
  recipient: string;
  subject: string;
  text_body: string | null;
  html_body: string | null;
  created_at: Date;
  sent_at: Date | null;
  attempts: number;
  last_error: string | null;
  /** One file sent with the message (the monthly report's PDF); dropped once sent. */
  attachment_name: string | null;
  attachment_type: string | null;
  attachment: Uint8Array | null;
}

export type OutboxMessageRow = Selectable<OutboxMessagesTable>;
