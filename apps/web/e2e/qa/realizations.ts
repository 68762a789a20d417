import type { Page } from '@playwright/test';
import { type AuthPathStep, actorVariants, userEventVariants } from '@vigil/auth-machine';

/**
 * Paths the page cannot replay as the graph walks them, replayed another way that takes the SAME
 * target transition: the graph reaches a state with the shortest events, while a user (or the
 * server) gets there differently. Each entry lists model events only (user events and modelled
 * server answers); the suite replays them on the pure machine too, so the coverage it records
 * is what these events take, never what the original path claimed.
 */
type Step = Pick<AuthPathStep, 'event' | 'condition'>;

const user = (type: string, pick: (e: Record<string, unknown>) => boolean = () => true): Step => {
  const event = userEventVariants.find((e) => e.type === type && pick(e as unknown as Record<string, unknown>));
  if (!event) throw new Error(`no user event ${type}`);
  return { event: event as unknown as Record<string, unknown> };
};

const answer = (label: string, change?: (body: Record<string, unknown>) => Record<string, unknown>): Step => {
  const variant = actorVariants.find((v) => v.label === label);
  if (!variant) throw new Error(`no actor variant "${label}"`);
  const reply = variant.given.reply;
  const given = reply && change ? { reply: { ...reply, body: change({ ...(reply.body as object) }) } } : variant.given;
  let event = variant.event as unknown as Record<string, unknown>;
  if (change && typeof event.output === 'object' && event.output !== null) {
    // Without user_id in the answer, the step's stored user id is null.
    event = { ...event, output: { ...(event.output as object), userId: null } };
  }
  return { event, condition: { label: `${variant.label}${change ? ' (altered)' : ''}`, given } };
};

const signedOutStart = answer('session storage is empty');
const withoutUserId = (body: Record<string, unknown>) => {
  const { user_id: _dropped, ...rest } = body;
  return rest;
};

/**
 * Makes the router's history calls throw as a browser refusing them does (DataCloneError): once for
 * each listed path, in the order the app navigates.
 */
async function failHistory(page: Page, method: 'pushState' | 'replaceState', paths: string[]): Promise<void> {
  await page.addInitScript(
    ({ method: name, paths: failing }) => {
      const original = History.prototype[name];
      const left = [...failing];
      Object.defineProperty(History.prototype, name, {
        configurable: true,
        value(this: History, state: unknown, unused: string, url?: string | URL | null) {
          const path = url ? new URL(String(url), location.href).pathname : null;
          if (path !== null && path === left[0]) {
            left.shift();
            throw new DOMException('Refused by the QA arrangement', 'DataCloneError');
          }
          return original.call(this, state, unused, url);
        },
      });
    },
    { method, paths },
  );
}

export interface Realization {
  match: RegExp;
  why: string;
  steps: Step[];
  arrange?: (page: Page) => Promise<void>;
}

export const realizations: Realization[] = [
  {
    match: /auth\.signedOut\.view --auth\.verification\.resend#1/,
    why: 'the verification view only shows after a sign-in answer; this one lacks user_id',
    steps: [
      signedOutStart,
      user('auth.submit'),
      answer('login answers 403 email_verified_required', withoutUserId),
      user('auth.verification.resend'),
    ],
  },
  {
    match: /auth\.signedOut\.view --auth\.terms\.accept#0/,
    why: 'the terms view only shows after a sign-in answer; this one lacks user_id',
    steps: [
      signedOutStart,
      user('auth.submit'),
      answer('login answers 403 terms_accepted_required', withoutUserId),
      user('auth.terms.accept', (e) => e.privacy === true),
    ],
  },
  {
    match: /auth\.signedOut\.view\.twoFactor --auth\.navigation\.failed#0/,
    why: 'the two-step redirect after sign-in is the navigation that can fail',
    steps: [
      signedOutStart,
      user('auth.submit'),
      answer('login answers 200 two_factor_required'),
      user('auth.navigation.failed', (e) => (e.target as { kind: string }).kind === 'route'),
    ],
    arrange: (page) => failHistory(page, 'pushState', ['/two-step-verification']),
  },
  {
    match: /auth\.authenticated --auth\.navigation\.failed#[01]/,
    why: 'the redirect after sign-in is the navigation that can fail (to the target, then to /)',
    steps: [
      signedOutStart,
      user('auth.submit'),
      answer('login answers 200 with a session'),
      user('auth.navigation.failed', (e) => (e.target as { path?: string }).path === '/report'),
      user('auth.navigation.failed', (e) => (e.target as { path?: string }).path === '/'),
    ],
    arrange: (page) => failHistory(page, 'replaceState', ['/report', '/']),
  },
];
