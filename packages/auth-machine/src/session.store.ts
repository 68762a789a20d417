import { AUTH_USER_ID_COOKIE_SECONDS, COOKIE_NAMES, SESSION_KEYS } from './constants.js';
import type { AuthStorage, Cipher, Client } from './ports.js';
import { type AuthUser, transformUser } from './user.transform.js';

/** A pending sign-in step kept in session storage. */
export interface PendingStep {
  userId: number | null;
  email: string | null;
}

/** Where the two-factor code comes from: the e-mail, or the user's authenticator app. */
export type TwoFactorMethod = 'email' | 'authenticator';

/** The pending two-factor step: who, and which code the step asks for. */
export interface TwoFactorStep extends PendingStep {
  method: TwoFactorMethod;
}

/** What session storage holds, decrypted. A failed decryption gives null or an empty list. */
export interface StoredSession {
  token: string | null;
  user: AuthUser | null;
  clients: Client[];
  twoFactor: TwoFactorStep | null;
  verificationUserId: number | null;
  terms: PendingStep | null;
}

type Deps = { storage: AuthStorage; cipher: Cipher };

function toId(value: string | null): number | null {
  if (value === null || !/^\d+$/.test(value)) return null;
  return Number(value);
}

async function decryptJson(cipher: Cipher, encrypted: string | null): Promise<unknown> {
  if (encrypted === null) return null;
  try {
    return JSON.parse(await cipher.decrypt(encrypted));
  } catch {
    return null;
  }
}

function step(userId: string | null, email: string | null): PendingStep | null {
  return userId === null && email === null ? null : { userId: toId(userId), email };
}

/** The method kept in the encrypted copy of the two-factor step (no key of its own); 'email' otherwise. */
function methodIn(raw: unknown): TwoFactorMethod {
  const method = typeof raw === 'object' && raw !== null && 'method' in raw ? raw.method : null;
  return method === 'authenticator' ? 'authenticator' : 'email';
}

/** Reads the whole session back (the machine's start-up check, decision 2). */
export async function readSession({ storage, cipher }: Deps): Promise<StoredSession> {
  const s = storage.session;
  const rawUser = await decryptJson(cipher, s.getItem(SESSION_KEYS.encryptedUser));
  const rawClients = await decryptJson(cipher, s.getItem(SESSION_KEYS.encryptedClients));
  let user: AuthUser | null = null;
  try {
    user = rawUser === null ? null : transformUser(rawUser);
  } catch {
    user = null;
  }
  const twoFactor = step(s.getItem(SESSION_KEYS.twoFactorUserId), s.getItem(SESSION_KEYS.twoFactorEmail));
  const twoFactorMethod = twoFactor && methodIn(await decryptJson(cipher, s.getItem(SESSION_KEYS.encryptedTwoFactor)));
  return {
    token: s.getItem(SESSION_KEYS.token),
    user,
    clients: Array.isArray(rawClients) ? rawClients : [],
    twoFactor: twoFactor && twoFactorMethod ? { ...twoFactor, method: twoFactorMethod } : null,
    verificationUserId: toId(s.getItem(SESSION_KEYS.verificationUserId)),
    terms: step(s.getItem(SESSION_KEYS.termsUserId), s.getItem(SESSION_KEYS.termsEmail)),
  };
}

/** Stores the token and the encrypted user. */
export async function saveSession({ storage, cipher }: Deps, token: string, user: AuthUser): Promise<void> {
  storage.session.setItem(SESSION_KEYS.token, token);
  await saveUser({ storage, cipher }, user);
}

/** Stores the encrypted user (after a company or language switch too). */
export async function saveUser({ storage, cipher }: Deps, user: AuthUser): Promise<void> {
  storage.session.setItem(SESSION_KEYS.encryptedUser, await cipher.encrypt(JSON.stringify(user)));
}

/** Stores the encrypted client list. */
export async function saveClients({ storage, cipher }: Deps, clients: Client[]): Promise<void> {
  storage.session.setItem(SESSION_KEYS.encryptedClients, await cipher.encrypt(JSON.stringify(clients)));
}

/**
 * Keeps the two-factor step: plain id and e-mail for the screen at once, and an encrypted copy (with
 * the method) once encrypted and once `after` (an earlier write) has settled, so copies land in order.
 */
export async function saveTwoFactorStep(
  { storage, cipher }: Deps,
  pending: TwoFactorStep,
  after: Promise<void> = Promise.resolve(),
): Promise<void> {
  const s = storage.session;
  if (pending.userId !== null) s.setItem(SESSION_KEYS.twoFactorUserId, String(pending.userId));
  if (pending.email !== null) s.setItem(SESSION_KEYS.twoFactorEmail, pending.email);
  const sealed = await cipher.encrypt(JSON.stringify(pending));
  await after;
  s.setItem(SESSION_KEYS.encryptedTwoFactor, sealed);
}

/** Keeps the user id the verification e-mail resend needs. */
export function saveVerificationStep(storage: AuthStorage, userId: number | null): void {
  if (userId !== null) storage.session.setItem(SESSION_KEYS.verificationUserId, String(userId));
}

/** Keeps the terms step, and writes the `auth_user_id` cookie for 24 hours (decision 5). */
export function saveTermsStep(storage: AuthStorage, pending: PendingStep): void {
  if (pending.userId !== null) {
    storage.session.setItem(SESSION_KEYS.termsUserId, String(pending.userId));
    storage.cookies.set(COOKIE_NAMES.authUserId, String(pending.userId), {
      maxAgeSeconds: AUTH_USER_ID_COOKIE_SECONDS,
    });
  }
  if (pending.email !== null) storage.session.setItem(SESSION_KEYS.termsEmail, pending.email);
}

const TWO_FACTOR_KEYS = [
  SESSION_KEYS.encryptedTwoFactor,
  SESSION_KEYS.twoFactorUserId,
  SESSION_KEYS.twoFactorEmail,
  SESSION_KEYS.tempToken,
  SESSION_KEYS.tempEncryptedUser,
];
const TERMS_KEYS = [SESSION_KEYS.termsUserId, SESSION_KEYS.termsEmail];

/** Drops the two-factor step once it is done. */
export function clearTwoFactorStep(storage: AuthStorage): void {
  for (const key of TWO_FACTOR_KEYS) storage.session.removeItem(key);
}

/** Drops the terms step once it is done. */
export function clearTermsStep(storage: AuthStorage): void {
  for (const key of TERMS_KEYS) storage.session.removeItem(key);
}

/** The Microsoft callback starts from a clean slate (spec §4): old tokens go first. */
export function clearTokens(storage: AuthStorage): void {
  storage.session.removeItem(SESSION_KEYS.token);
  storage.session.removeItem(SESSION_KEYS.tempToken);
}

/**
 * Logout's clean-up (spec §4): tokens, user data, clients, two-factor data, terms data and OAuth
 * state, then the access cookie expires.
 */
export function clearSession(storage: AuthStorage): void {
  const keys = [
    SESSION_KEYS.token,
    SESSION_KEYS.encryptedUser,
    SESSION_KEYS.encryptedClients,
    SESSION_KEYS.oauthState,
    ...TWO_FACTOR_KEYS,
    ...TERMS_KEYS,
  ];
  for (const key of keys) storage.session.removeItem(key);
  storage.cookies.set(COOKIE_NAMES.accessToken, '', { maxAgeSeconds: 0 });
}
