export { createWebCryptoCipher, DEFAULT_CIPHER_SECRET } from './adapters/web-crypto.cipher.js';
export {
  type CookieAccess,
  createCookieJar,
  createMemoryStorage,
  createMemoryStore,
  createWebStorage,
  readCookieValue,
} from './adapters/web-storage.adapter.js';
export { diagramBlock, toMermaid, withDiagram } from './auth.diagram.js';
export { type AuthMachine, authMachine, createAuthMachine } from './auth.machine.js';
export {
  type ActorVariant,
  actorVariants,
  type GivenStorage,
  INACTIVITY_TIMER_EVENT,
  type ServerReply,
  userEventVariants,
} from './auth.model.js';
export { type AuthPath, type AuthPathStep, type AuthPaths, getAuthPaths } from './auth.paths.js';
export {
  TERMS_NOT_ACCEPTED,
  TERMS_USER_MISSING,
  TWO_FACTOR_REDIRECT_FAILED,
  TWO_FACTOR_RESEND_USER_MISSING,
  TWO_FACTOR_STEP_MISSING,
  TWO_FACTOR_USER_MISSING,
  VERIFICATION_USER_MISSING,
} from './auth.transitions.js';
export type { AuthContext, AuthEmitted, AuthEvent, NavigationTarget, SessionEnded } from './auth.types.js';
export { AuthError } from './auth-error.js';
export {
  AUTH_USER_ID_COOKIE_SECONDS,
  COOKIE_NAMES,
  INACTIVITY_CHECK_INTERVAL_MS,
  SESSION_ENDED_MESSAGE,
  SESSION_EXPIRED_MESSAGE,
  SESSION_KEYS,
} from './constants.js';
export { type CatalogueAction, type CatalogueOutcome, describeFailure, validationText } from './error-catalogue.js';
export type {
  ApiFailure,
  AuthApi,
  AuthLogger,
  AuthPorts,
  AuthStorage,
  Cipher,
  Client,
  CookieJar,
  KeyValueStore,
  RequestBody,
  ResponseBody,
  ServerUser,
} from './ports.js';
export type { PendingStep, StoredSession, TwoFactorMethod, TwoFactorStep } from './session.store.js';
export type { MicrosoftCallbackParams, MicrosoftStartOutcome } from './sign-in.actors.js';
export type { SignInOutcome, StepDetails } from './sign-in.outcome.js';
export { type AuthUser, TRANSFORM_USER_FAILED, transformUser } from './user.transform.js';
