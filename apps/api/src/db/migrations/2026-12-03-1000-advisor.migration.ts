// Issue 20, the cyber advisor (platform/advisor, ADR 0036): each user's conversations in a company,
// and their messages: the question, then the answer with the records it cites, the engine that
// answered, why it stopped short, the tools it called (names and arguments, never their output) and
// its token usage. A conversation belongs to one user AND one company; deleting it deletes its
// messages, and a user or company removed takes theirs along.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table advisor_conversations (
      id integer generated always as identity primary key,
      company_id integer not null references companies(id) on delete cascade,
      user_id integer not null references users(id) on delete cascade,
      title text not null,
      created_at timestamptz not null,
      updated_at timestamptz not null
    )`.execute(db);
  await sql`create index advisor_conversations_owner on advisor_conversations (company_id, user_id, updated_at desc, id desc)`.execute(
    db,
  );
  await sql`create table advisor_messages (
      id integer generated always as identity primary key,
      conversation_id integer not null references advisor_conversations(id) on delete cascade,
      role text not null check (role in ('user', 'assistant')),
      content text not null,
      records jsonb not null default '[]',
      engine text check (engine in ('model', 'intents')),
      error text,
      tool_calls jsonb not null default '[]',
      usage jsonb,
      created_at timestamptz not null
    )`.execute(db);
  await sql`create index advisor_messages_conversation on advisor_messages (conversation_id, id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table advisor_messages`.execute(db);
  await sql`drop table advisor_conversations`.execute(db);
}
