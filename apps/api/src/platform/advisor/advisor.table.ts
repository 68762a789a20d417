// The advisor's conversations and messages (migration 2026-12-03-1000, ADR 0036).
import type { ColumnType, Generated } from 'kysely';
import type { AdvisorRecord } from './advisor.types.js';

/** A jsonb column: written as JSON text, read back parsed. */
type Json<T> = ColumnType<T, string, string>;

export interface StoredToolCall {
  name: string;
  arguments: unknown;
  ok: boolean;
  error?: string;
}

export interface StoredUsage {
  promptTokens: number;
  completionTokens: number;
  costUsd: number | null;
}

/** One user's conversation in one company. */
export interface AdvisorConversationsTable {
  id: Generated<number>;
  company_id: number;
  user_id: number;
  /** The first question, cut. */
  title: string;
  created_at: Date;
  updated_at: Date;
}

export interface AdvisorMessagesTable {
  id: Generated<number>;
  conversation_id: number;
  role: 'user' | 'assistant';
  content: string;
  /** The records an answer cites, in order of first citation. */
  records: Json<AdvisorRecord[]>;
  engine: 'model' | 'intents' | null;
  error: string | null;
  /** Names and arguments of the tools an answer called; never what they answered. */
  tool_calls: Json<StoredToolCall[]>;
  usage: ColumnType<StoredUsage | null, string | null, string | null>;
  created_at: Date;
}

declare module '../../db/database.js' {
  interface Database {
    advisor_conversations: AdvisorConversationsTable;
    advisor_messages: AdvisorMessagesTable;
  }
}
