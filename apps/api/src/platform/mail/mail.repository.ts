import type { Executor } from '../../db/database.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachment?: { name: string; type: string; content: Uint8Array };
}

/** Queues a message in the outbox, inside the caller's transaction. */
export async function queueMail(db: Executor, message: MailMessage, at: Date): Promise<void> {
  await db
    .insertInto('outbox_messages')
    .values({
      recipient: message.to,
      subject: message.subject,
      text_body: message.text,
      html_body: message.html ?? null,
      attachment_name: message.attachment?.name ?? null,
      attachment_type: message.attachment?.type ?? null,
      attachment: message.attachment?.content ?? null,
      created_at: at,
      attempts: 0,
    })
    .execute();
}

export function listUnsent(db: Executor, limit: number) {
  return db
    .selectFrom('outbox_messages')
    .selectAll()
    .where('sent_at', 'is', null)
    .where('attempts', '<', 5)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** Marks a message delivered and drops its body and attachment: codes and links do not stay in the database. */
export async function markSent(db: Executor, id: number, at: Date): Promise<void> {
  await db
    .updateTable('outbox_messages')
    .set({ sent_at: at, text_body: null, html_body: null, attachment: null, last_error: null })
    .where('id', '=', id)
    .execute();
}

export async function markFailed(db: Executor, id: number, error: string): Promise<void> {
  await db
    .updateTable('outbox_messages')
    .set((eb) => ({ attempts: eb('attempts', '+', 1), last_error: error.slice(0, 500) }))
    .where('id', '=', id)
    .execute();
}

export function listOutbox(db: Executor, options: { to?: string | undefined; limit: number }) {
  let query = db.selectFrom('outbox_messages').selectAll().orderBy('id', 'desc').limit(options.limit);
  if (options.to) query = query.where('recipient', '=', options.to.trim().toLowerCase());
  return query.execute();
}
