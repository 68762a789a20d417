/** What the guard does on a protected route (spec §2 "Route guard", decision 2). */
export type GuardDecision = 'wait' | 'allow' | 'logout' | 'signin';

export interface GuardInput {
  /** The auth machine has finished restoring the session (it left `booting`). */
  settled: boolean;
  /** The auth store (machine) says the user is logged in. */
  signedIn: boolean;
  /** The auth store holds the user. */
  hasUser: boolean;
  /** The second store (session storage) says authenticated. */
  persistedAuthenticated: boolean;
}

/**
 * Spec §2: if the auth store says logged in, the user must be present, else logout and Signin;
 * if it does not say logged in, the second store decides; nothing renders before the check settled.
 */
export function decideGuard(input: GuardInput): GuardDecision {
  if (!input.settled) return 'wait';
  if (input.signedIn) return input.hasUser ? 'allow' : 'logout';
  return input.persistedAuthenticated ? 'allow' : 'signin';
}
