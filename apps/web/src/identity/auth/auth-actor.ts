import { authMachine } from '@vigil/auth-machine';
import { createActorContext } from '@xstate/react';

/**
 * The one app-wide auth actor. The Provider is given the machine bound to the real ports
 * (`createAuthMachine(ports)`); tests give it the same machine with test ports.
 */
export const AuthActorContext = createActorContext(authMachine);

export type AuthLogic = typeof authMachine;
export type AuthSnapshot = ReturnType<ReturnType<typeof AuthActorContext.useActorRef>['getSnapshot']>;

export const useAuthSelector = AuthActorContext.useSelector;
export const useAuthActorRef = AuthActorContext.useActorRef;
