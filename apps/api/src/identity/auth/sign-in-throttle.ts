// Bounds password guessing without letting strangers lock the owner out (ADR 0006):
// - refusals (429) only per address, and per address + e-mail: an attacker blocks their own address;
// - per e-mail only a delay, doubling past a few free failures up to a cap, spaced per e-mail so that
//   guesses from many addresses queue behind each other. A browser that signed in to the account
//   before (the signed device cookie) skips the delay. Unknown e-mails get the same counts and waits.

import type { AppContext } from '../../app-context.js';
import { HOUR, MINUTE } from '../../shared/clock.js';
import { messages, ServiceError } from '../../shared/service-error.js';
import { countLoginFailures, countLoginFailuresFromAddress } from './auth.repository.js';

export const ACCOUNT_WINDOW_MS = 15 * MINUTE;
export const ADDRESS_WINDOW_MS = HOUR;
/** Failures of an e-mail within the window that cost no delay (typos). */
export const FREE_FAILURES = 5;
export const FIRST_DELAY_MS = 250;

/** The wait before checking a password, after `failures` recent failures for the e-mail. */
export function accountDelayMs(failures: number, maxMs: number): number {
  if (maxMs <= 0 || failures < FREE_FAILURES) return 0;
  return Math.min(maxMs, FIRST_DELAY_MS * 2 ** (failures - FREE_FAILURES));
}

function tooMany(windowMs: number): ServiceError {
  return new ServiceError('rate_limited', { message: messages.tooMany }, { retryAfterSeconds: windowMs / 1000 });
}

/**
 * Refuses an address past its limits (429), else answers the wait that the e-mail's recent
 * failures call for. Runs the same queries for every e-mail, known or not.
 */
export async function checkSignInLimits(
  ctx: AppContext,
  input: { emailKey: string; ip: string | null; now: Date },
): Promise<{ delayMs: number }> {
  const { emailKey, ip, now } = input;
  const fromAddress = await countLoginFailuresFromAddress(ctx.db, ip, new Date(now.getTime() - ADDRESS_WINDOW_MS));
  if (fromAddress >= ctx.limits.failedSignInsPerAddress) throw tooMany(ADDRESS_WINDOW_MS);
  const counts = await countLoginFailures(ctx.db, {
    emailKey,
    ip,
    since: new Date(now.getTime() - ACCOUNT_WINDOW_MS),
  });
  if (counts.fromAddress >= ctx.limits.failedSignInsPerAddressAndAccount) throw tooMany(ACCOUNT_WINDOW_MS);
  return { delayMs: accountDelayMs(counts.account, ctx.limits.signInDelayMaxMs) };
}

// When each e-mail's next guess may be checked (ms since the epoch, this clock), per app.
const nextSlots = new WeakMap<AppContext, Map<string, number>>();
const MAX_TRACKED = 10_000;

/**
 * Waits for the e-mail's next slot: guesses of one e-mail are spaced by `delayMs` whatever their
 * address, and no single request waits longer than the configured cap.
 */
export async function waitForAccountSlot(ctx: AppContext, emailKey: string, delayMs: number): Promise<void> {
  if (delayMs <= 0) return;
  const slots = nextSlots.get(ctx) ?? new Map<string, number>();
  nextSlots.set(ctx, slots);
  const now = ctx.clock.now().getTime();
  if (slots.size >= MAX_TRACKED) {
    for (const [key, at] of slots) if (at <= now) slots.delete(key);
  }
  const ready = Math.max(now, slots.get(emailKey) ?? 0) + delayMs;
  slots.set(emailKey, ready);
  await ctx.clock.sleep(Math.min(ready - now, ctx.limits.signInDelayMaxMs));
}
