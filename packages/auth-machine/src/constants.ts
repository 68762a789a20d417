/** Inactivity check interval (spec §9): POST /check-user every 30 minutes while signed in. */
export const INACTIVITY_CHECK_INTERVAL_MS = 1_800_000;

/** Lifetime of the `auth_user_id` cookie written for the terms step (spec §9). */
export const AUTH_USER_ID_COOKIE_SECONDS = 24 * 60 * 60;

/**
 * Session-storage keys (spec §3). The spec names two keys only by description; this package
 * calls them `encryptedClients` and `verification_user_id`.
 */
export const SESSION_KEYS = {
  token: 'token',
  encryptedUser: 'encryptedUser',
  encryptedClients: 'encryptedClients',
  tempEncryptedUser: 'temp_encryptedUser',
  tempToken: 'temp_token',
  encryptedTwoFactor: 'encryptedTwoFactor',
  twoFactorUserId: 'two_factor_user_id',
  twoFactorEmail: 'two_factor_email',
  verificationUserId: 'verification_user_id',
  termsUserId: 'terms_user_id',
  termsEmail: 'terms_email',
  oauthState: 'oauth_state',
} as const;

/** Cookie names (spec §3). */
export const COOKIE_NAMES = { accessToken: 'access_token', authUserId: 'auth_user_id' } as const;

/** The message the server sends when an idle session ended (spec §4 "401 on any call"). */
export const SESSION_EXPIRED_MESSAGE = 'Session expired due to inactivity.';

/**
 * What the sign-in view says after any other 401 of a signed-in call (a revoked session, one past
 * its lifetime, a deactivated user). The spec gives no text for these; this package's wording.
 */
export const SESSION_ENDED_MESSAGE = 'Your session has ended. Please sign in again.';
