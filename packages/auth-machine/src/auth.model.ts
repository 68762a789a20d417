import { AuthError } from './auth-error.js';
import { SESSION_EXPIRED_MESSAGE } from './constants.js';
import {
  apiFailure,
  MICROSOFT,
  MODEL_EMAIL,
  MODEL_SERVER_USER,
  MODEL_TOKEN,
  MODEL_USER,
  MODEL_USER_ID,
  SESSION,
  step,
  VALIDATION,
} from './model.fixtures.js';
import type { AuthApi, ServerUser } from './ports.js';

/**
 * The event-driven model the graph is walked with. User events come with a payload variant for
 * every guarded branch; an invoked actor's result is a done or error event, each tied to the
 * server answer (or storage condition) that produces it, so QA can set that condition up.
 */

/** A scripted server answer: the operation of the API port, its status and body. */
export interface ServerReply {
  operation: keyof AuthApi;
  status: number;
  body?: unknown;
}

/** What session storage holds before start-up. */
export interface GivenStorage {
  token?: string;
  user?: ServerUser;
  /** Session storage throws (disabled storage, quota, privacy mode). */
  fails?: boolean;
}

/** One result of an invoked actor, as an event, with the condition that produces it. */
export interface ActorVariant {
  /** The invoke id (also the actor's name). */
  actor: string;
  /** The condition, in words. */
  label: string;
  /** The server answer (or storage) that leads to it. */
  given: { reply?: ServerReply; storage?: GivenStorage };
  /** The event the machine receives. */
  event: { type: string; output?: unknown; error?: unknown; actorId: string };
}

function done(actor: string, label: string, given: ActorVariant['given'], output: unknown): ActorVariant {
  return { actor, label, given, event: { type: `xstate.done.actor.${actor}`, output, actorId: actor } };
}

function fail(actor: string, label: string, given: ActorVariant['given'], error: unknown): ActorVariant {
  return { actor, label, given, event: { type: `xstate.error.actor.${actor}`, error, actorId: actor } };
}

const reply = (operation: keyof AuthApi, status: number, body?: unknown) => ({ reply: { operation, status, body } });

type Flag =
  | 'active_validation_required'
  | 'two_factor_required'
  | 'email_verified_required'
  | 'terms_accepted_required';

/**
 * The sign-in outcomes as answers of `operation`: a 200 session, and each flag with the status
 * `statusOf` gives it (200 or 403, depending on the operation).
 */
function signInVariants(
  actor: string,
  operation: keyof AuthApi,
  statusOf: (flag: Flag) => number | null,
): ActorVariant[] {
  const flagged = (flag: Flag, body: Record<string, unknown>, output: unknown) => {
    const status = statusOf(flag);
    return status === null
      ? []
      : [
          done(
            actor,
            `${operation} answers ${status} ${flag}`,
            reply(operation, status, { ...body, [flag]: true }),
            output,
          ),
        ];
  };
  return [
    done(actor, `${operation} answers 200 with a session`, reply(operation, 200, SESSION), {
      kind: 'session',
      token: MODEL_TOKEN,
      user: MODEL_USER,
    }),
    ...flagged('active_validation_required', VALIDATION, { kind: 'activeValidation', ...VALIDATION }),
    ...flagged(
      'two_factor_required',
      { message: 'Code sent.', ...step, two_factor_method: 'email' },
      { kind: 'twoFactor', userId: MODEL_USER_ID, email: MODEL_EMAIL, method: 'email' },
    ),
    // The user's method is the authenticator app: no e-mail, the app's code is asked for.
    ...(statusOf('two_factor_required') === null
      ? []
      : [
          done(
            actor,
            `${operation} answers ${statusOf('two_factor_required')} two_factor_required by authenticator app`,
            reply(operation, statusOf('two_factor_required') ?? 200, {
              message: 'Enter the code from your authenticator app.',
              ...step,
              two_factor_required: true,
              two_factor_method: 'authenticator',
            }),
            { kind: 'twoFactor', userId: MODEL_USER_ID, email: MODEL_EMAIL, method: 'authenticator' },
          ),
        ]),
    ...flagged(
      'email_verified_required',
      { message: 'Verify your e-mail.', ...step },
      {
        kind: 'emailVerification',
        userId: MODEL_USER_ID,
        email: MODEL_EMAIL,
        message: 'Verify your e-mail.',
      },
    ),
    ...flagged(
      'terms_accepted_required',
      { message: 'Accept the terms.', ...step },
      {
        kind: 'terms',
        userId: MODEL_USER_ID,
        email: MODEL_EMAIL,
        message: 'Accept the terms.',
      },
    ),
  ];
}

const notice = (actor: string, operation: keyof AuthApi, message: string) =>
  done(
    actor,
    `${operation} answers 200`,
    reply(operation, 200, { message, data: { id: MODEL_USER_ID, email: MODEL_EMAIL } }),
    { message },
  );

// The session revoked on the server (the idle one is the inactivity check's and auth.unauthorized's).
const unauthorized = (actor: string, operation: keyof AuthApi) =>
  fail(
    actor,
    `${operation} answers 401 (session revoked)`,
    reply(operation, 401, { message: 'Unauthenticated.' }),
    new AuthError('Unauthorized. Please log in again.', 401, {
      cause: apiFailure(401, { message: 'Unauthenticated.' }),
    }),
  );

/**
 * Every result of every invoked actor.
 *
 * @example
 * actorVariants.filter((v) => v.actor === 'signIn').map((v) => v.label);
 * // ['login answers 200 with a session', 'login answers 403 active_validation_required', …]
 */
export const actorVariants: ActorVariant[] = [
  done(
    'restoreSession',
    'session storage holds a token and a user',
    { storage: { token: MODEL_TOKEN, user: MODEL_SERVER_USER } },
    {
      token: MODEL_TOKEN,
      user: MODEL_USER,
      clients: [],
      twoFactor: null,
      verificationUserId: null,
      terms: null,
    },
  ),
  done(
    'restoreSession',
    'session storage holds a token but no user',
    { storage: { token: MODEL_TOKEN } },
    {
      token: MODEL_TOKEN,
      user: null,
      clients: [],
      twoFactor: null,
      verificationUserId: null,
      terms: null,
    },
  ),
  done(
    'restoreSession',
    'session storage is empty',
    { storage: {} },
    {
      token: null,
      user: null,
      clients: [],
      twoFactor: null,
      verificationUserId: null,
      terms: null,
    },
  ),
  fail('restoreSession', 'session storage throws', { storage: { fails: true } }, new Error('Storage is disabled.')),
  ...signInVariants('signIn', 'login', (flag) => (flag === 'two_factor_required' ? 200 : 403)),
  fail(
    'signIn',
    'login answers 401',
    reply('login', 401, { message: 'Unauthenticated.' }),
    new AuthError('Invalid email or password.', 401),
  ),
  ...signInVariants('verifyTwoFactor', 'verifyTwoFactor', () => 403),
  fail(
    'verifyTwoFactor',
    'verifyTwoFactor answers 401',
    reply('verifyTwoFactor', 401, { message: 'Bad code.' }),
    new AuthError('Invalid or expired 2FA code.', 401),
  ),
  notice('resendTwoFactor', 'resendTwoFactor', 'A new code was sent.'),
  fail(
    'resendTwoFactor',
    'resendTwoFactor answers 404',
    reply('resendTwoFactor', 404, { message: 'No.' }),
    new AuthError('User not found.', 404),
  ),
  notice('resendVerificationEmail', 'resendVerificationEmail', 'Verification e-mail sent.'),
  fail(
    'resendVerificationEmail',
    'resendVerificationEmail answers 500',
    reply('resendVerificationEmail', 500, {}),
    new AuthError('Failed to resend verification email. Please try again.', 500),
  ),
  ...signInVariants('acceptTerms', 'acceptTerms', () => 200),
  done(
    'acceptTerms',
    'acceptTerms answers 200 with only a message',
    reply('acceptTerms', 200, { message: 'Terms accepted. Please sign in.' }),
    {
      kind: 'notice',
      message: 'Terms accepted. Please sign in.',
    },
  ),
  fail(
    'acceptTerms',
    'acceptTerms answers 404',
    reply('acceptTerms', 404, { message: 'No.' }),
    new AuthError('User not found.', 404),
  ),
  notice('register', 'register', 'Registered. Check your e-mail.'),
  fail(
    'register',
    'register answers 422',
    reply('register', 422, { message: 'Invalid.', errors: { email: ['The email has already been taken.'] } }),
    new AuthError('The email has already been taken.', 422),
  ),
  notice('verifyEmail', 'verifyEmail', 'E-mail verified.'),
  fail(
    'verifyEmail',
    'verifyEmail answers 400',
    reply('verifyEmail', 400, { message: 'Invalid link.' }),
    new AuthError('Invalid link.', 400),
  ),
  notice('confirmRegistration', 'confirmRegistration', 'Registration confirmed.'),
  fail(
    'confirmRegistration',
    'confirmRegistration answers 404',
    reply('confirmRegistration', 404, {}),
    new AuthError('Failed to confirm user registration. Please try again.', 404),
  ),
  notice('requestPasswordReset', 'requestPasswordReset', 'Reset link sent.'),
  fail(
    'requestPasswordReset',
    'requestPasswordReset answers 404',
    reply('requestPasswordReset', 404, {}),
    new AuthError('User not found.', 404),
  ),
  notice('resetPassword', 'resetPassword', 'Password reset.'),
  fail(
    'resetPassword',
    'resetPassword answers 400',
    reply('resetPassword', 400, {}),
    new AuthError('Invalid or expired reset token.', 400),
  ),
  done(
    'startMicrosoftSignUp',
    'startMicrosoftSignUp answers 200 { url, state }',
    reply('startMicrosoftSignUp', 200, MICROSOFT),
    { kind: 'external', url: MICROSOFT.url },
  ),
  fail(
    'startMicrosoftSignUp',
    'startMicrosoftSignUp answers 500',
    reply('startMicrosoftSignUp', 500, {}),
    new AuthError('Server error during Microsoft sign-up.', 500),
  ),
  done(
    'startMicrosoftSignIn',
    'startMicrosoftSignIn answers 200 { url, state }',
    reply('startMicrosoftSignIn', 200, MICROSOFT),
    { kind: 'external', url: MICROSOFT.url },
  ),
  ...signInVariants('startMicrosoftSignIn', 'startMicrosoftSignIn', (flag) =>
    flag === 'email_verified_required' ? null : 403,
  ).slice(1),
  fail(
    'startMicrosoftSignIn',
    'startMicrosoftSignIn answers 500',
    reply('startMicrosoftSignIn', 500, {}),
    new AuthError('Server error during Microsoft sign-in.', 500),
  ),
  ...signInVariants('handleMicrosoftCallback', 'retrieveMicrosoftToken', (flag) =>
    flag === 'email_verified_required' ? null : flag === 'active_validation_required' ? 403 : 200,
  ),
  fail(
    'handleMicrosoftCallback',
    'retrieveMicrosoftToken answers 400',
    reply('retrieveMicrosoftToken', 400, {}),
    new AuthError('Invalid or expired key.', 400),
  ),
  done(
    'listClients',
    'listClients answers 200',
    reply('listClients', 200, { data: [{ idCliente: 4, name: 'Acme' }] }),
    [{ idCliente: 4, name: 'Acme' }],
  ),
  unauthorized('listClients', 'listClients'),
  fail(
    'listClients',
    'listClients answers 500',
    reply('listClients', 500, {}),
    new AuthError('Failed to fetch clients.', 500),
  ),
  done('switchClient', 'switchClient answers 200', reply('switchClient', 200, { data: { idCliente: 9 } }), {
    ...MODEL_USER,
    idcliente: 9,
  }),
  unauthorized('switchClient', 'switchClient'),
  fail(
    'switchClient',
    'switchClient answers 404',
    reply('switchClient', 404, {}),
    new AuthError('Company not found.', 404),
  ),
  done(
    'switchLanguage',
    'switchLanguage answers 200 success',
    reply('switchLanguage', 200, { status: 'success', message: 'ok' }),
    { ...MODEL_USER, language: 'pt' },
  ),
  unauthorized('switchLanguage', 'switchLanguage'),
  fail(
    'switchLanguage',
    'switchLanguage answers 400',
    reply('switchLanguage', 400, {}),
    new AuthError('Invalid language selected.', 400),
  ),
  done('checkUser', 'checkUser answers 200', reply('checkUser', 200, { status: 'active' }), undefined),
  fail(
    'checkUser',
    'checkUser answers 401 (idle session)',
    reply('checkUser', 401, { message: SESSION_EXPIRED_MESSAGE }),
    apiFailure(401, { message: SESSION_EXPIRED_MESSAGE }),
  ),
  fail(
    'checkUser',
    'checkUser answers 500',
    reply('checkUser', 500, { message: 'Down.' }),
    apiFailure(500, { message: 'Down.' }),
  ),
  done('logout', 'logout answers 200', reply('logout', 200, { message: 'Bye.' }), undefined),
  fail(
    'logout',
    'session storage throws while clearing',
    { storage: { fails: true } },
    new Error('Storage is disabled.'),
  ),
];

export {
  apiFailure,
  MODEL_EMAIL,
  MODEL_SERVER_USER,
  MODEL_TOKEN,
  MODEL_USER,
  MODEL_USER_ID,
} from './model.fixtures.js';
export { INACTIVITY_TIMER_EVENT, userEventVariants } from './model.user-events.js';
