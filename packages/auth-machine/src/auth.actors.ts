import { fromPromise } from 'xstate';
import * as account from './account.actors.js';
import type { AuthPorts, RequestBody } from './ports.js';
import * as signIn from './sign-in.actors.js';
import type { AuthUser } from './user.transform.js';

export const PORTS_MISSING = 'auth-machine: ports are not provided; create the machine with createAuthMachine(ports).';

function bound<T>(ports: AuthPorts | null, run: (ports: AuthPorts) => Promise<T>): Promise<T> {
  return ports === null ? Promise.reject(new Error(PORTS_MISSING)) : run(ports);
}

/**
 * The machine's invoked actors, bound to the ports (or to nothing: the bare definition used for
 * the graph and the diagram rejects every call).
 */
export function createAuthActors(ports: AuthPorts | null) {
  return {
    restoreSession: fromPromise(() => bound(ports, account.restoreSession)),
    signIn: fromPromise<signIn.MicrosoftStartOutcome, RequestBody<'/login', 'post'>>(({ input }) =>
      bound(ports, (p) => signIn.signIn(p, input)),
    ),
    verifyTwoFactor: fromPromise<signIn.MicrosoftStartOutcome, { userId: number; code: string }>(({ input }) =>
      bound(ports, (p) => signIn.verifyTwoFactor(p, input)),
    ),
    acceptTerms: fromPromise<signIn.MicrosoftStartOutcome, { userId: number; terms: boolean; privacy: boolean }>(
      ({ input }) => bound(ports, (p) => signIn.acceptTerms(p, input)),
    ),
    startMicrosoftSignUp: fromPromise<
      signIn.MicrosoftStartOutcome,
      { login_hint?: string; name?: string; position?: string }
    >(({ input }) => bound(ports, (p) => signIn.startMicrosoftSignUp(p, input))),
    startMicrosoftSignIn: fromPromise<signIn.MicrosoftStartOutcome>(() => bound(ports, signIn.startMicrosoftSignIn)),
    handleMicrosoftCallback: fromPromise<signIn.MicrosoftStartOutcome, signIn.MicrosoftCallbackParams>(({ input }) =>
      bound(ports, (p) => signIn.handleMicrosoftCallback(p, input)),
    ),
    register: fromPromise<account.Notice, RequestBody<'/register', 'post'>>(({ input }) =>
      bound(ports, (p) => account.register(p, input)),
    ),
    resendTwoFactor: fromPromise<account.Notice, { userId: number }>(({ input }) =>
      bound(ports, (p) => account.resendTwoFactor(p, input)),
    ),
    resendVerificationEmail: fromPromise<account.Notice, { userId: number }>(({ input }) =>
      bound(ports, (p) => account.resendVerificationEmail(p, input)),
    ),
    verifyEmail: fromPromise<account.Notice, { token: string }>(({ input }) =>
      bound(ports, (p) => account.verifyEmail(p, input)),
    ),
    confirmRegistration: fromPromise<account.Notice, { id: number; token: string }>(({ input }) =>
      bound(ports, (p) => account.confirmRegistration(p, input)),
    ),
    requestPasswordReset: fromPromise<account.Notice, { email: string }>(({ input }) =>
      bound(ports, (p) => account.requestPasswordReset(p, input)),
    ),
    resetPassword: fromPromise<account.Notice, RequestBody<'/password/reset', 'post'>>(({ input }) =>
      bound(ports, (p) => account.resetPassword(p, input)),
    ),
    listClients: fromPromise(() => bound(ports, account.listClients)),
    switchClient: fromPromise<AuthUser, { company: number | string; user: AuthUser }>(({ input }) =>
      bound(ports, (p) => account.switchClient(p, input)),
    ),
    switchLanguage: fromPromise<AuthUser, { language: string; user: AuthUser }>(({ input }) =>
      bound(ports, (p) => account.switchLanguage(p, input)),
    ),
    checkUser: fromPromise(() => bound(ports, account.checkUser)),
    logout: fromPromise(() => bound(ports, account.logout)),
  };
}
