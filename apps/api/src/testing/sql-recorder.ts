// The SQL a piece of code sends, for tests that prove what it reads (e.g. only reference tables).
import type { KyselyPlugin } from 'kysely';
import type { Db } from '../db/database.js';

/** `db` with a plugin that records each statement's SQL text before it runs. */
export function recordingDb(db: Db): { db: Db; statements: string[] } {
  const statements: string[] = [];
  const recorder: KyselyPlugin = {
    transformQuery: ({ node, queryId }) => {
      statements.push(db.getExecutor().compileQuery(node, queryId).sql);
      return node;
    },
    transformResult: async ({ result }) => result,
  };
  return { db: db.withPlugin(recorder), statements };
}
