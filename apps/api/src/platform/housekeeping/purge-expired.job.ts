// Deletes one-time secrets and sessions that can no longer be used, so the tables stay small and
// no dead secret (even hashed) lingers. Run by the housekeeping job (platform/housekeeping/housekeeping.jobs.ts).
import type { Db } from '../../db/database.js';
import { addMs, HOUR } from '../../shared/clock.js';

const DAY = 24 * HOUR;

export interface PurgeCounts {
  sessions: number;
  pendingLogins: number;
  oneTimeTokens: number;
  oauthFlows: number;
  loginFailures: number;
}

export async function purgeExpired(db: Db, now: Date): Promise<PurgeCounts> {
  const dayAgo = addMs(now, -DAY);
  const weekAgo = addMs(now, -7 * DAY);
  return db.transaction().execute(async (trx) => {
    const sessions = await trx
      .deleteFrom('sessions')
      .where((eb) => eb.or([eb('expires_at', '<', dayAgo), eb('revoked_at', '<', dayAgo)]))
      .executeTakeFirst();
    // One-time tokens first: a Microsoft hand-over points at its pending sign-in.
    const oneTimeTokens = await trx.deleteFrom('one_time_tokens').where('expires_at', '<', dayAgo).executeTakeFirst();
    const pendingLogins = await trx.deleteFrom('pending_logins').where('expires_at', '<', dayAgo).executeTakeFirst();
    const oauthFlows = await trx.deleteFrom('oauth_flows').where('expires_at', '<', dayAgo).executeTakeFirst();
    const loginFailures = await trx.deleteFrom('login_failures').where('created_at', '<', weekAgo).executeTakeFirst();
    return {
      sessions: Number(sessions.numDeletedRows),
      pendingLogins: Number(pendingLogins.numDeletedRows),
      oneTimeTokens: Number(oneTimeTokens.numDeletedRows),
      oauthFlows: Number(oauthFlows.numDeletedRows),
      loginFailures: Number(loginFailures.numDeletedRows),
    };
  });
}
