import { AuthError, runAction } from './auth-error.js';
import type { AuthPorts, Client, RequestBody } from './ports.js';
import { clearSession, readSession, type StoredSession, saveClients, saveUser } from './session.store.js';
import type { AuthUser } from './user.transform.js';

/** A step that ends with the server's message (registration, resends, links, password reset). */
export interface Notice {
  message: string;
}

export const SWITCH_LANGUAGE_FAILED = 'Failed to switch language';

/** Start-up: the session as session storage holds it (decision 2). */
export function restoreSession(ports: AuthPorts): Promise<StoredSession> {
  return readSession(ports);
}

/** POST /register. */
export function register(ports: AuthPorts, body: RequestBody<'/register', 'post'>): Promise<Notice> {
  return runAction('register', ports.logger, async () => ({ message: (await ports.api.register(body)).message }));
}

/** POST /resend-two-factor: the answer names the (masked) address the code went to. */
export function resendTwoFactor(ports: AuthPorts, input: { userId: number }): Promise<Notice> {
  return runAction('resendTwoFactor', ports.logger, async () => {
    const answer = await ports.api.resendTwoFactor({ user_id: input.userId });
    return { message: answer.message };
  });
}

/** POST /resend-verification-email. */
export function resendVerificationEmail(ports: AuthPorts, input: { userId: number }): Promise<Notice> {
  return runAction('resendVerificationEmail', ports.logger, async () => ({
    message: (await ports.api.resendVerificationEmail({ user_id: input.userId })).message,
  }));
}

/** GET /verify-email/{token}: the VerifyEmail screen's call. */
export function verifyEmail(ports: AuthPorts, input: { token: string }): Promise<Notice> {
  return runAction('verifyEmail', ports.logger, async () => ({
    message: (await ports.api.verifyEmail({ token: input.token })).message,
  }));
}

/** GET /confirm-registration/{id}/{token}: the ConfirmRegistration screen's call. */
export function confirmRegistration(ports: AuthPorts, input: { id: number; token: string }): Promise<Notice> {
  return runAction('confirmRegistration', ports.logger, async () => ({
    message: (await ports.api.confirmRegistration({ id: input.id, token: input.token })).message,
  }));
}

/** POST /password/reset-request. */
export function requestPasswordReset(ports: AuthPorts, input: { email: string }): Promise<Notice> {
  return runAction('requestPasswordReset', ports.logger, async () => ({
    message: (await ports.api.requestPasswordReset({ email: input.email })).message,
  }));
}

/** POST /password/reset with the password and its confirmation. */
export function resetPassword(ports: AuthPorts, body: RequestBody<'/password/reset', 'post'>): Promise<Notice> {
  return runAction('resetPassword', ports.logger, async () => ({
    message: (await ports.api.resetPassword(body)).message,
  }));
}

/** GET /get-clients: the list is kept encrypted in session storage. */
export function listClients(ports: AuthPorts): Promise<Client[]> {
  return runAction('listClients', ports.logger, async () => {
    const { data } = await ports.api.listClients();
    await saveClients(ports, data);
    return data;
  });
}

/** POST /get-clients: the user's idcliente becomes the selected company. */
export function switchClient(ports: AuthPorts, input: { company: number | string; user: AuthUser }): Promise<AuthUser> {
  return runAction('switchClient', ports.logger, async () => {
    const { data } = await ports.api.switchClient({ selectCompany: input.company });
    const user = { ...input.user, idcliente: data.idCliente };
    await saveUser(ports, user);
    return user;
  });
}

/** POST /switch-language: anything but status 'success' fails with the server's message. */
export function switchLanguage(ports: AuthPorts, input: { language: string; user: AuthUser }): Promise<AuthUser> {
  return runAction('switchLanguage', ports.logger, async () => {
    const answer = await ports.api.switchLanguage({ language: input.language });
    if (answer.status !== 'success') throw new AuthError(answer.message || SWITCH_LANGUAGE_FAILED);
    const user = { ...input.user, language: input.language };
    await saveUser(ports, user);
    return user;
  });
}

/** POST /check-user. Failures are logged; the machine only acts on a 401. */
export async function checkUser(ports: AuthPorts): Promise<void> {
  try {
    await ports.api.checkUser();
  } catch (error) {
    ports.logger.error('Inactivity check failed.', error);
    throw error;
  }
}

/** POST /logout, then the clean-up of spec §4. Server errors are logged and ignored. */
export async function logout(ports: AuthPorts): Promise<void> {
  try {
    await ports.api.logout();
  } catch (error) {
    ports.logger.error('Logout failed.', error);
  }
  clearSession(ports.storage);
}
