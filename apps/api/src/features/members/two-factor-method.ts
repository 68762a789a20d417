import type { UserRow } from '../users/users.table.js';

export type TwoFactorMethod = 'email' | 'authenticator' | 'none';

/**
 * The second factor a member signs in with, as the user list shows it. The one place that maps the
 * account's columns to a method: a new method (e.g. an authenticator app) is one more line here.
 */
export function twoFactorMethodOf(
  user: Pick<UserRow, 'two_factor_enabled'> & Record<string, unknown>,
): TwoFactorMethod {
  if (user.totp_enabled_at || user.totp_confirmed_at) return 'authenticator';
  return user.two_factor_enabled ? 'email' : 'none';
}
