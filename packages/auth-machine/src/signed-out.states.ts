import { and, assertEvent, assign, not } from 'xstate';
import { authSetup } from './auth.setup.js';
import {
  busy,
  failTo,
  noticeTo,
  requireId,
  routeOutcomes,
  SIGN_IN_KINDS,
  TERMS_NOT_ACCEPTED,
  TERMS_USER_MISSING,
  TWO_FACTOR_REDIRECT_FAILED,
  TWO_FACTOR_RESEND_USER_MISSING,
  TWO_FACTOR_STEP_MISSING,
  TWO_FACTOR_USER_MISSING,
  twoFactorFailure,
  VERIFICATION_USER_MISSING,
} from './auth.transitions.js';
import type { AuthContext, AuthEvent } from './auth.types.js';

/** Opens the two-step page's state and keeps the step (its method included) in session storage. */
const openTwoFactor = [
  'openTwoFactor',
  {
    type: 'persistTwoFactor',
    params: ({ context }: { context: AuthContext }) => ({
      userId: context.twoFactor?.userId ?? null,
      email: context.twoFactor?.email ?? null,
      method: context.twoFactor?.method ?? 'email',
    }),
  },
] as const;

/** What the two-factor call sends: the step's user and the code typed (an app's, an e-mailed or a recovery code). */
const codeToVerify = ({ context, event }: { context: AuthContext; event: AuthEvent }) => {
  assertEvent(event, 'auth.twoFactor.verify');
  return { userId: requireId(context.twoFactor?.userId), code: event.code };
};

/** Signed out: the sign-in screen's views, and one busy state per call they make. */
export const signedOutState = authSetup.createStateConfig({
  initial: 'view',
  states: {
    view: {
      initial: 'signIn',
      on: {
        'auth.submit': {
          target: 'signingIn',
          actions: assign({ redirect: ({ event }) => event.redirect ?? null }),
        },
        'auth.register': 'registering',
        'auth.back': { target: '.signIn', actions: 'clearMessages' },
        'auth.twoFactor.open': [
          // The step's page (re)opened: the app's code when that is the pending step's method.
          {
            guard: and(['canOpenTwoFactor', 'usesAuthenticator']),
            target: '.twoFactor.appCode',
            actions: openTwoFactor,
          },
          { guard: 'canOpenTwoFactor', target: '.twoFactor', actions: openTwoFactor },
          { target: '.signIn', actions: { type: 'showError', params: { message: TWO_FACTOR_STEP_MISSING } } },
        ],
        'auth.twoFactor.verify': [
          { guard: 'hasTwoFactorUser', target: 'verifyingTwoFactor' },
          { actions: { type: 'showError', params: { message: TWO_FACTOR_USER_MISSING } } },
        ],
        'auth.twoFactor.resend': [
          { guard: 'hasTwoFactorUser', target: 'resendingTwoFactor' },
          { actions: { type: 'showError', params: { message: TWO_FACTOR_RESEND_USER_MISSING } } },
        ],
        'auth.verification.resend': [
          { guard: 'hasVerificationUser', target: 'resendingVerification' },
          { actions: { type: 'showError', params: { message: VERIFICATION_USER_MISSING } } },
        ],
        'auth.terms.accept': [
          { guard: not('hasTermsUser'), actions: { type: 'showError', params: { message: TERMS_USER_MISSING } } },
          { guard: not('acceptsBoth'), actions: { type: 'showError', params: { message: TERMS_NOT_ACCEPTED } } },
          { target: 'acceptingTerms' },
        ],
        'auth.email.verify': 'verifyingEmail',
        'auth.registration.confirm': 'confirmingRegistration',
        'auth.password.requestReset': 'requestingPasswordReset',
        'auth.password.reset': 'resettingPassword',
        'auth.microsoft.signUp': 'startingMicrosoftSignUp',
        'auth.microsoft.signIn': 'startingMicrosoftSignIn',
        'auth.microsoft.callback': 'handlingMicrosoftCallback',
      },
      states: {
        signIn: {},
        activeValidation: {},
        twoFactor: {
          initial: 'emailCode',
          on: {
            'auth.navigation.failed': {
              actions: { type: 'showError', params: { message: TWO_FACTOR_REDIRECT_FAILED } },
            },
          },
          states: {
            // The code e-mailed by the server (with its resend link).
            emailCode: {},
            // The authenticator app's code; a recovery code instead when the phone is not at hand.
            appCode: {
              on: { 'auth.twoFactor.useRecoveryCode': { target: 'recoveryCode', actions: 'clearMessages' } },
            },
            recoveryCode: {
              on: {
                'auth.twoFactor.useAppCode': { target: 'appCode', actions: 'clearMessages' },
                'auth.twoFactor.verify': '#auth.signedOut.verifyingRecoveryCode',
              },
            },
          },
        },
        emailVerification: {},
        terms: {},
        // The new password is set: the reset form is done with, the way on is to sign in.
        passwordReset: {},
      },
    },
    signingIn: {
      ...busy,
      invoke: {
        id: 'signIn',
        src: 'signIn',
        input: ({ event }) => {
          assertEvent(event, 'auth.submit');
          return { email: event.email, password: event.password };
        },
        onDone: routeOutcomes(SIGN_IN_KINDS),
        onError: failTo('signIn'),
      },
    },
    verifyingTwoFactor: {
      ...busy,
      invoke: {
        id: 'verifyTwoFactor',
        src: 'verifyTwoFactor',
        input: codeToVerify,
        onDone: routeOutcomes(SIGN_IN_KINDS),
        onError: twoFactorFailure,
      },
    },
    // The same call as the code: a wrong recovery code leaves the user on the recovery code's form.
    verifyingRecoveryCode: {
      ...busy,
      invoke: {
        id: 'verifyTwoFactor',
        src: 'verifyTwoFactor',
        input: codeToVerify,
        onDone: routeOutcomes(SIGN_IN_KINDS),
        onError: failTo('twoFactor.recoveryCode'),
      },
    },
    resendingTwoFactor: {
      ...busy,
      invoke: {
        id: 'resendTwoFactor',
        src: 'resendTwoFactor',
        input: ({ context }) => ({ userId: requireId(context.twoFactor?.userId) }),
        onDone: noticeTo('twoFactor'),
        onError: failTo('twoFactor'),
      },
    },
    resendingVerification: {
      ...busy,
      invoke: {
        id: 'resendVerificationEmail',
        src: 'resendVerificationEmail',
        input: ({ context }) => ({ userId: requireId(context.verificationUserId) }),
        onDone: noticeTo('emailVerification'),
        onError: failTo('emailVerification'),
      },
    },
    acceptingTerms: {
      ...busy,
      invoke: {
        id: 'acceptTerms',
        src: 'acceptTerms',
        input: ({ context, event }) => {
          assertEvent(event, 'auth.terms.accept');
          return { userId: requireId(context.terms?.userId), terms: event.terms, privacy: event.privacy };
        },
        onDone: routeOutcomes([...SIGN_IN_KINDS, 'notice']),
        onError: failTo('terms'),
      },
    },
    registering: {
      ...busy,
      invoke: {
        id: 'register',
        src: 'register',
        input: ({ event }) => {
          assertEvent(event, 'auth.register');
          return event.form;
        },
        onDone: noticeTo('signIn'),
        onError: failTo('signIn'),
      },
    },
    verifyingEmail: {
      ...busy,
      invoke: {
        id: 'verifyEmail',
        src: 'verifyEmail',
        input: ({ event }) => {
          assertEvent(event, 'auth.email.verify');
          return { token: event.token };
        },
        onDone: noticeTo('signIn'),
        onError: failTo('signIn'),
      },
    },
    confirmingRegistration: {
      ...busy,
      invoke: {
        id: 'confirmRegistration',
        src: 'confirmRegistration',
        input: ({ event }) => {
          assertEvent(event, 'auth.registration.confirm');
          return { id: event.id, token: event.token };
        },
        onDone: noticeTo('signIn'),
        onError: failTo('signIn'),
      },
    },
    requestingPasswordReset: {
      ...busy,
      invoke: {
        id: 'requestPasswordReset',
        src: 'requestPasswordReset',
        input: ({ event }) => {
          assertEvent(event, 'auth.password.requestReset');
          return { email: event.email };
        },
        onDone: noticeTo('signIn'),
        onError: failTo('signIn'),
      },
    },
    resettingPassword: {
      ...busy,
      invoke: {
        id: 'resetPassword',
        src: 'resetPassword',
        input: ({ event }) => {
          assertEvent(event, 'auth.password.reset');
          return event.form;
        },
        onDone: noticeTo('passwordReset'),
        onError: failTo('signIn'),
      },
    },
    startingMicrosoftSignUp: {
      ...busy,
      invoke: {
        id: 'startMicrosoftSignUp',
        src: 'startMicrosoftSignUp',
        input: ({ event }) => {
          assertEvent(event, 'auth.microsoft.signUp');
          return event.query ?? {};
        },
        onDone: routeOutcomes(['external']),
        onError: failTo('signIn'),
      },
    },
    startingMicrosoftSignIn: {
      ...busy,
      invoke: {
        id: 'startMicrosoftSignIn',
        src: 'startMicrosoftSignIn',
        onDone: routeOutcomes(['external', 'activeValidation', 'twoFactor', 'terms']),
        onError: failTo('signIn'),
      },
    },
    handlingMicrosoftCallback: {
      ...busy,
      invoke: {
        id: 'handleMicrosoftCallback',
        src: 'handleMicrosoftCallback',
        input: ({ event }) => {
          assertEvent(event, 'auth.microsoft.callback');
          return event.params;
        },
        onDone: routeOutcomes(['activeValidation', 'twoFactor', 'terms', 'session']),
        onError: failTo('signIn'),
      },
    },
    leaving: {
      tags: ['busy'],
      on: {
        'auth.navigation.failed': 'view.signIn',
        'auth.back': 'view.signIn',
      },
    },
  },
});
