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
}

export type OutboxMessageRow = Selectable<OutboxMessagesTable>;
