import { PORTS_MISSING } from './auth.actors.js';
import { SESSION_EXPIRED_MESSAGE } from './constants.js';
import type { AuthPorts } from './ports.js';
import { clearSession, saveTwoFactorStep, type TwoFactorStep } from './session.store.js';

function need(ports: AuthPorts | null): AuthPorts {
  if (ports === null) throw new Error(PORTS_MISSING);
  return ports;
}

/** The machine's side-effecting actions, bound to the ports (or throwing when there are none). */
export function createPortActions(ports: AuthPorts | null) {
  // Encrypted copies are written one after the other, so a later step never loses to an earlier one.
  let twoFactorWrites: Promise<void> = Promise.resolve();
  return {
    /** Logs an error the machine noticed itself (not an action's failure: those log themselves). */
    logError: (_: unknown, params: { message: string; detail?: unknown }) => {
      need(ports).logger.error(params.message, params.detail);
    },
    /** Keeps the two-factor step the TwoStepVerification screen opened with. */
    persistTwoFactor: (_: unknown, params: TwoFactorStep) => {
      // Fire and forget: the encrypted copy is a mirror, the plain keys are written synchronously.
      const p = need(ports);
      twoFactorWrites = saveTwoFactorStep(p, params, twoFactorWrites).catch((error: unknown) =>
        p.logger.error('Failed to store the two-factor step.', error),
      );
    },
    /** A 401 (spec §4): both stores are cleared without a server call, since the token is refused. */
    expireSession: (_: unknown, params: { message: string | null }) => {
      const p = need(ports);
      if (params.message === SESSION_EXPIRED_MESSAGE) p.logger.info(SESSION_EXPIRED_MESSAGE);
      clearSession(p.storage);
    },
  };
}
