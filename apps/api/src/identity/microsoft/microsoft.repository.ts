import type { Executor } from '../../db/database.js';
import type { OauthFlowRow } from './microsoft.table.js';

export async function insertOauthFlow(
  db: Executor,
  values: {
    stateHash: string;
    intent: 'login' | 'register';
    codeVerifier: string;
    nonce: string;
    name: string | null;
    position: string | null;
    at: Date;
    expiresAt: Date;
  },
): Promise<void> {
  await db
    .insertInto('oauth_flows')
    .values({
      state_hash: values.stateHash,
      intent: values.intent,
      code_verifier: values.codeVerifier,
      nonce: values.nonce,
      name: values.name,
      position: values.position,
      created_at: values.at,
      expires_at: values.expiresAt,
    })
    .execute();
}

/** Takes the flow of this state once (a replayed callback finds nothing). */
export function consumeOauthFlow(db: Executor, stateHash: string, now: Date): Promise<OauthFlowRow | undefined> {
  return db
    .updateTable('oauth_flows')
    .set({ consumed_at: now })
    .where('state_hash', '=', stateHash)
    .where('consumed_at', 'is', null)
    .where('expires_at', '>', now)
    .returningAll()
    .executeTakeFirst();
}
