// The two-factor settings of the signed-in user: the method in use, setting up an authenticator app
// (a secret, then a first code), ten recovery codes (regenerable), and turning the app off. Turning
// it off and regenerating codes ask again for the password and a fresh code (app or recovery).
import type { AppContext } from '../../app-context.js';
import type { Executor } from '../../db/database.js';
import { recordAudit } from '../../platform/audit/audit.repository.js';
import { laneOf, verifyPassword } from '../../shared/passwords.js';
import { ServiceError, validationError } from '../../shared/service-error.js';
import { assertTwoFactorOpen, type CodeAttempt, countWrongCode } from '../auth/two-factor-lock.js';
import type { AuthContext } from '../session/session.service.js';
import type { UserRow } from '../users/users.table.js';
import { matchTotp, newTotpSecret, otpauthUri } from './totp.js';
import {
  newRecoveryCode,
  openSecret,
  RECOVERY_CODE_COUNT,
  recoveryCodeHash,
  sealSecret,
  useAuthenticatorCode,
} from './two-factor.codes.js';
import {
  acceptStep,
  authenticatorForUpdate,
  countUnusedRecoveryCodes,
  deleteAuthenticator,
  hasActiveAuthenticator,
  putPendingAuthenticator,
  replaceRecoveryCodes,
} from './two-factor.repository.js';

interface Request<I = undefined> {
  ctx: AppContext;
  auth: AuthContext;
  input: I;
  ip: string | null;
}

export type TwoFactorMethod = 'none' | 'email' | 'authenticator';

/** The method of an account: a confirmed authenticator app wins over the e-mailed code. */
export function methodOf(hasAuthenticator: boolean, emailCodeEnabled: boolean): TwoFactorMethod {
  if (hasAuthenticator) return 'authenticator';
  return emailCodeEnabled ? 'email' : 'none';
}

/** The method a sign-in of this user asks for after the password. */
export async function twoFactorMethodOf(db: Executor, user: UserRow): Promise<TwoFactorMethod> {
  return methodOf(await hasActiveAuthenticator(db, user.id), user.two_factor_enabled);
}

export async function twoFactorStatus(ctx: AppContext, user: UserRow) {
  const method = await twoFactorMethodOf(ctx.db, user);
  const recoveryCodesLeft = method === 'authenticator' ? await countUnusedRecoveryCodes(ctx.db, user.id) : 0;
  return { method, recovery_codes_left: recoveryCodesLeft };
}

const alreadySetUp = () => new ServiceError('conflict', { message: 'An authenticator app is already set up.' });
const notSetUp = () => new ServiceError('conflict', { message: 'No authenticator app is set up.' });

export async function startAuthenticator({ ctx, auth }: Request) {
  const user = auth.user;
  const secret = newTotpSecret();
  await ctx.db.transaction().execute(async (trx) => {
    const current = await authenticatorForUpdate(trx, user.id);
    if (current?.confirmed_at) throw alreadySetUp();
    await putPendingAuthenticator(trx, user.id, sealSecret(ctx, user.id, secret), ctx.clock.now());
  });
  return { secret, otpauth_uri: otpauthUri(secret, user.email) };
}

/** Ten new recovery codes for the user (the old ones stop working); answers them in clear, once. */
async function issueRecoveryCodes(ctx: AppContext, trx: Executor, userId: number, at: Date): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await replaceRecoveryCodes(
    trx,
    userId,
    codes.map((code) => recoveryCodeHash(ctx, userId, code)),
    at,
  );
  return codes;
}

export async function confirmAuthenticator({ ctx, auth, input, ip }: Request<{ code: string }>) {
  const user = auth.user;
  const now = ctx.clock.now();
  const codes = await ctx.db.transaction().execute(async (trx) => {
    const row = await authenticatorForUpdate(trx, user.id);
    if (!row) throw new ServiceError('conflict', { message: 'Start the set-up of an authenticator app first.' });
    if (row.confirmed_at) throw alreadySetUp();
    const step = matchTotp(openSecret(ctx, row), input.code, now, null);
    if (step === null || !(await acceptStep(trx, user.id, step, now))) {
      throw validationError({ code: ['The code does not match. Check the time on your phone and try again.'] });
    }
    await recordAudit(trx, { event: 'two_factor.authenticator_enrolled', at: now, userId: user.id, ip });
    return issueRecoveryCodes(ctx, trx, user.id, now);
  });
  return { method: 'authenticator' as const, recovery_codes: codes };
}

export interface Reauthentication {
  password?: string | undefined;
  code?: string | undefined;
}

/**
 * Runs `action` in a transaction once the user proved again it is them: the current password AND a
 * fresh code of the app (never one used before) or an unused recovery code. A stolen session, or a
 * password alone, turns nothing off. A wrong code counts in the limits of the account's signed-in
 * class (a session is the owner's browser), so strangers' sign-in guesses do not block it.
 */
async function withReauthentication<T>(
  { ctx, auth, input, ip }: Request<Reauthentication>,
  action: (trx: Executor, now: Date) => Promise<T>,
): Promise<T> {
  const user = auth.user;
  const now = ctx.clock.now();
  const missing: Record<string, string[]> = {};
  // An account signed in through Microsoft only has no password: its fresh code is the proof.
  const hasPassword = user.password_hash !== null;
  if (hasPassword && !input.password) missing.password = ['Enter your password.'];
  if (!input.code) missing.code = ['Enter a code from your authenticator app or a recovery code.'];
  if (Object.keys(missing).length > 0) throw validationError(missing);
  const attempt: CodeAttempt = { user, pendingLoginId: null, knownDevice: true, ip };
  await assertTwoFactorOpen(ctx.db, attempt, now);
  const passwordOk =
    user.password_hash === null ||
    (input.password !== undefined && (await verifyPassword(user.password_hash, input.password, laneOf(ip, user.id))));
  if (!passwordOk) throw proofRejected();
  const code = input.code ?? '';
  const outcome = await ctx.db.transaction().execute(async (trx) => {
    if (!(await hasActiveAuthenticator(trx, user.id))) throw notSetUp();
    if (!(await useAuthenticatorCode(ctx, trx, user.id, code))) {
      return { done: false as const, refusal: await countWrongCode(ctx, trx, attempt) };
    }
    return { done: true as const, value: await action(trx, now) };
  });
  if (outcome.done) return outcome.value;
  throw outcome.refusal ?? proofRejected();
}

const proofRejected = () => new ServiceError('forbidden', { message: 'The password or the code is not correct.' });

export async function disableAuthenticator(request: Request<Reauthentication>) {
  const { ctx, auth, ip } = request;
  await withReauthentication(request, async (trx, now) => {
    await deleteAuthenticator(trx, auth.user.id);
    await recordAudit(trx, { event: 'two_factor.authenticator_disabled', at: now, userId: auth.user.id, ip });
  });
  return twoFactorStatus(ctx, auth.user);
}

export async function regenerateRecoveryCodes(request: Request<Reauthentication>) {
  const { ctx, auth, ip } = request;
  const codes = await withReauthentication(request, async (trx, now) => {
    await recordAudit(trx, { event: 'two_factor.recovery_codes_regenerated', at: now, userId: auth.user.id, ip });
    return issueRecoveryCodes(ctx, trx, auth.user.id, now);
  });
  return { recovery_codes: codes };
}
