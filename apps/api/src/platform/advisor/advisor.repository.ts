// The advisor's rows. A conversation is its user's in its company: every query starts from
// `advisor_conversations` filtered by the session's company (tenantFilter) AND user, and a message is
// reached only through its conversation, so another user's or company's conversation is not found.
import type { Executor } from '../../db/database.js';
import { type TenantScope, tenantFilter } from '../../shared/tenant.js';
import type { StoredToolCall, StoredUsage } from './advisor.table.js';
import type { AdvisorRecord } from './advisor.types.js';

/** A conversation's title: its first question, on one line, cut to this length. */
export const TITLE_MAX = 120;

function owned(db: Executor, scope: TenantScope) {
  return db
    .selectFrom('advisor_conversations as c')
    .where(tenantFilter('c', scope))
    .where('c.user_id', '=', scope.userId);
}

export function listConversations(db: Executor, scope: TenantScope, limit: number) {
  return owned(db, scope)
    .select(['c.id', 'c.title', 'c.created_at', 'c.updated_at'])
    .orderBy('c.updated_at', 'desc')
    .orderBy('c.id', 'desc')
    .limit(limit)
    .execute();
}

export function findConversation(db: Executor, scope: TenantScope, id: number) {
  return owned(db, scope)
    .select(['c.id', 'c.title', 'c.created_at', 'c.updated_at'])
    .where('c.id', '=', id)
    .executeTakeFirst();
}

export type ConversationRow = NonNullable<Awaited<ReturnType<typeof findConversation>>>;

/** What a message is read as: the API's AdvisorMessage (advisor.service.ts `messageOut`). */
const MESSAGE_COLUMNS = ['id', 'role', 'content', 'records', 'tool_calls', 'engine', 'error', 'created_at'] as const;

/** The conversation's messages, oldest first (empty when it is not the user's). */
export function listMessages(db: Executor, scope: TenantScope, conversationId: number) {
  return db
    .selectFrom('advisor_messages as m')
    .innerJoin('advisor_conversations as c', 'c.id', 'm.conversation_id')
    .where(tenantFilter('c', scope))
    .where('c.user_id', '=', scope.userId)
    .where('m.conversation_id', '=', conversationId)
    .select(MESSAGE_COLUMNS.map((column) => `m.${column}` as const))
    .orderBy('m.id')
    .execute();
}

export type MessageRow = Awaited<ReturnType<typeof listMessages>>[number];

export function titleOf(question: string): string {
  const line = question.replace(/\s+/g, ' ').trim();
  return line.length > TITLE_MAX ? `${line.slice(0, TITLE_MAX - 1)}…` : line;
}

export async function insertConversation(db: Executor, scope: TenantScope, title: string, now: Date): Promise<number> {
  const row = await db
    .insertInto('advisor_conversations')
    .values({ company_id: scope.companyId, user_id: scope.userId, title, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Marks the conversation as just used; false when it is not the user's. */
export async function touchConversation(db: Executor, scope: TenantScope, id: number, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('advisor_conversations as c')
    .set({ updated_at: now })
    .where(tenantFilter('c', scope))
    .where('c.user_id', '=', scope.userId)
    .where('c.id', '=', id)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function deleteConversation(db: Executor, scope: TenantScope, id: number): Promise<boolean> {
  const result = await db
    .deleteFrom('advisor_conversations as c')
    .where(tenantFilter('c', scope))
    .where('c.user_id', '=', scope.userId)
    .where('c.id', '=', id)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

export interface NewMessage {
  conversationId: number;
  role: 'user' | 'assistant';
  content: string;
  records?: readonly AdvisorRecord[];
  engine?: 'model' | 'intents';
  error?: string | undefined;
  toolCalls?: readonly StoredToolCall[];
  usage?: StoredUsage | undefined;
  now: Date;
}

/** Adds a message to a conversation the caller has found in the user's scope; answers it as stored. */
export function insertMessage(db: Executor, message: NewMessage): Promise<MessageRow> {
  return db
    .insertInto('advisor_messages')
    .values({
      conversation_id: message.conversationId,
      role: message.role,
      content: message.content,
      records: JSON.stringify(message.records ?? []),
      engine: message.engine ?? null,
      error: message.error ?? null,
      tool_calls: JSON.stringify(message.toolCalls ?? []),
      usage: message.usage ? JSON.stringify(message.usage) : null,
      created_at: message.now,
    })
    .returning(MESSAGE_COLUMNS)
    .executeTakeFirstOrThrow();
}
