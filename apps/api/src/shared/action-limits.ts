// Per-action limits (issue 32): an operation that makes the server send something or do costly work
// (a webhook test, an invitation e-mail, a report, an advisor question) is counted per user and per
// company in fixed windows, in the database (`action_counts`), so every API process sees the same
// counts. One upsert takes a slot only while the window's count is under the limit; past it the
// request answers 429 with Retry-After (the seconds until the window ends) and a sentence saying
// what was limited. Counted in the caller's transaction: an action that fails rolls its slot back.
import { sql } from 'kysely';
import type { Executor } from '../db/database.js';
import type { Clock } from './clock.js';
import { HOUR } from './clock.js';
import { ServiceError } from './service-error.js';

/** At most `max` per `windowMs`; a max of 0 turns the limit off. */
export interface Allowance {
  max: number;
  windowMs: number;
}

export interface ActionLimit {
  perUser: Allowance;
  perCompany: Allowance;
}

export type LimitedAction = 'webhookTest' | 'invitation' | 'report' | 'advisorQuestion';

export type ActionLimits = Record<LimitedAction, ActionLimit>;

export const defaultActionLimits: ActionLimits = {
  webhookTest: { perUser: { max: 10, windowMs: HOUR }, perCompany: { max: 30, windowMs: HOUR } },
  invitation: { perUser: { max: 30, windowMs: HOUR }, perCompany: { max: 100, windowMs: 24 * HOUR } },
  report: { perUser: { max: 10, windowMs: HOUR }, perCompany: { max: 40, windowMs: 24 * HOUR } },
  advisorQuestion: { perUser: { max: 60, windowMs: HOUR }, perCompany: { max: 500, windowMs: 24 * HOUR } },
};

/** What each action is called in the 429's sentence. */
const described: Record<LimitedAction, string> = {
  webhookTest: 'webhook tests',
  invitation: 'invitations sent',
  report: 'reports asked for',
  advisorQuestion: 'advisor questions',
};

function windowText(ms: number): string {
  if (ms % (24 * HOUR) === 0) return ms === 24 * HOUR ? 'a day' : `${ms / (24 * HOUR)} days`;
  if (ms % HOUR === 0) return ms === HOUR ? 'an hour' : `${ms / HOUR} hours`;
  return `${Math.ceil(ms / 60_000)} minutes`;
}

/** Takes one slot of the key's current window; the window's end when it is full. */
async function take(db: Executor, key: string, allowance: Allowance, now: Date): Promise<Date | undefined> {
  if (allowance.max <= 0) return undefined;
  const start = new Date(Math.floor(now.getTime() / allowance.windowMs) * allowance.windowMs);
  const taken = await db
    .insertInto('action_counts')
    .values({ key, window_start: start, count: 1 })
    .onConflict((oc) =>
      oc
        .columns(['key', 'window_start'])
        .doUpdateSet({ count: sql<number>`action_counts.count + 1` })
        .where('action_counts.count', '<', allowance.max),
    )
    .returning('count')
    .executeTakeFirst();
  if (!taken) return new Date(start.getTime() + allowance.windowMs);
  // The key's earlier windows are over: keep one row per key.
  await db.deleteFrom('action_counts').where('key', '=', key).where('window_start', '<', start).execute();
  return undefined;
}

/**
 * Counts one `action` of the user in the company, or throws 429 with Retry-After when the user's or
 * the company's window is full. Call it in the action's transaction.
 */
export async function spendAction(
  db: Executor,
  clock: Clock,
  limits: ActionLimits,
  action: LimitedAction,
  who: { userId: number; companyId: number },
): Promise<void> {
  const now = clock.now();
  const limit = limits[action];
  const { userId, companyId } = who;
  const checks = [
    { key: `${action}:user:${userId}`, allowance: limit.perUser, whose: 'You have' },
    { key: `${action}:company:${companyId}`, allowance: limit.perCompany, whose: 'Your company has' },
  ];
  for (const { key, allowance, whose } of checks) {
    const until = await take(db, key, allowance, now);
    if (!until) continue;
    const seconds = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));
    const minutes = Math.ceil(seconds / 60);
    throw new ServiceError(
      'rate_limited',
      {
        message: `${whose} reached the limit of ${allowance.max} ${described[action]} in ${windowText(allowance.windowMs)}. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      },
      { retryAfterSeconds: seconds },
    );
  }
}
