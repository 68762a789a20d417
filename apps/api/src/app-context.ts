import type { AppConfig } from './config/env.js';
import type { DatabaseKind } from './db/connect.js';
import type { Db } from './db/database.js';
import type { MailDelivery } from './platform/mail/mail.delivery.js';
import { type ActionLimits, defaultActionLimits } from './shared/action-limits.js';
import type { Clock } from './shared/clock.js';

/** Limits that tests and the benchmark tune; the defaults are the product's. */
export interface Limits {
  /** Per IP and route, per minute: login, 2FA verify/resend, verification resend, reset request, register. */
  sensitivePerMinute: number;
  /** Per IP, per minute, over every /api call. 0 turns it off. */
  globalPerMinute: number;
  /** Failed sign-ins from one address for one e-mail within 15 minutes before that pair is refused (429). */
  failedSignInsPerAddressAndAccount: number;
  /** Failed sign-ins from one address, whatever the e-mail, within an hour before the address is refused (429). */
  failedSignInsPerAddress: number;
  /** Cap of the per-account delay that slows password guessing (a wait, never a refusal). 0 turns it off. */
  signInDelayMaxMs: number;
  /** Bytes of one upload (the same on PGlite and PostgreSQL). */
  uploadBytes: number;
  /** Bytes of a company's uploads waiting or running (stored until their import ends). */
  uploadQuotaBytes: number;
  /** Per user and per company: webhook tests, invitations, reports, advisor questions (shared/action-limits.ts). */
  actions: ActionLimits;
}

export const defaultLimits: Limits = {
  sensitivePerMinute: 10,
  globalPerMinute: 1200,
  failedSignInsPerAddressAndAccount: 10,
  failedSignInsPerAddress: 100,
  signInDelayMaxMs: 4000,
  uploadBytes: 200 * 1024 * 1024,
  uploadQuotaBytes: 2 * 1024 ** 3,
  actions: defaultActionLimits,
};

/**
 * What every service verb receives: no framework objects, only the app's dependencies. Its
 * `modules` (the registered monitoring modules, src/modules.ts) is added by
 * platform/monitoring/module-registry.ts through declaration merging, as module tables join the
 * Database type: the registry's types (importers, job kinds, routes) take this context, so this
 * file imports none of them and no import circle, even of types, goes through it.
 */
export interface AppContext {
  db: Db;
  dbKind: DatabaseKind;
  /** Resolves when the database answers promptly (see DatabaseHandle.ping). */
  pingDb: () => Promise<void>;
  clock: Clock;
  config: AppConfig;
  /** Base URL of the web app and API as the browser sees it (links in e-mails, OAuth redirect). */
  publicUrl: string;
  /** Key for the HMAC of short codes. */
  codeKey: string;
  mail: MailDelivery;
  limits: Limits;
}
