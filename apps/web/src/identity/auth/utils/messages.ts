import type { TFunction } from 'i18next';

/**
 * The catalogue messages of spec §8 (and the local checks of §5) that the auth machine reports in
 * its context, mapped to i18n keys so each shows in the interface language. A message the server
 * wrote itself (details, validation text) has no key and is shown as the server sent it.
 */
const catalogue: Record<string, string> = {
  'User not found.': 'userNotFound',
  'Invalid email or password.': 'invalidCredentials',
  'Validation failed.': 'validationFailed',
  'Failed to log in. Please try again.': 'loginFailed',
  'Server error during registration.': 'registerServerError',
  'Failed to register. Please try again.': 'registerFailed',
  'Invalid or expired 2FA code.': 'twoFactorInvalid',
  'Failed to verify 2FA code. Please try again.': 'twoFactorFailed',
  'Failed to resend 2FA code. Please try again.': 'twoFactorResendFailed',
  'Failed to resend verification email. Please try again.': 'verificationResendFailed',
  'Failed to verify email. Please try again.': 'verifyEmailFailed',
  'Failed to confirm user registration. Please try again.': 'confirmRegistrationFailed',
  'Failed to accept terms. Please try again.': 'termsFailed',
  'Failed to send reset link. Please try again.': 'resetRequestFailed',
  'Invalid or expired reset token.': 'resetTokenInvalid',
  'Failed to reset password. Please try again.': 'resetFailed',
  // Our server's answer to a new password (spec §7 leaves it unshown), shown on the reset page.
  'Your password has been reset. You can sign in with the new password.': 'passwordResetDone',
  // Our server's answers on the e-mail link, registration, reset and code screens (ours, not the spec's).
  'Your e-mail address is verified. You can sign in now.': 'emailVerified',
  'Your e-mail address is already verified.': 'emailAlreadyVerified',
  'A new verification link was sent to your e-mail.': 'verificationSent',
  'Invalid or expired verification link.': 'verifyLinkInvalid',
  'Invalid or expired confirmation link.': 'confirmLinkInvalid',
  'Registration confirmed. You can sign in now.': 'registrationConfirmed',
  'Registration confirmed. An administrator of your company will validate your account.':
    'registrationConfirmedPending',
  'Registration received. Check your e-mail for the next step.': 'registrationReceived',
  'If an account exists for this e-mail, a reset link is on its way.': 'resetLinkSent',
  'A new code was sent.': 'codeResent',
  'Please wait before asking for a new code.': 'codeWait',
  'Unauthorized. Please log in again.': 'unauthorized',
  'No clients found.': 'noClients',
  'Invalid client data.': 'invalidClientData',
  'Failed to fetch clients.': 'clientsFailed',
  'Invalid company selected.': 'invalidCompany',
  'Company not found.': 'companyNotFound',
  'Failed to update client.': 'updateClientFailed',
  'Invalid language selected.': 'invalidLanguage',
  'Failed to switch language.': 'languageFailed',
  'Failed to switch language': 'languageFailed',
  'Server error during Microsoft sign-up.': 'microsoftSignUpServerError',
  'Failed to start Microsoft sign-up.': 'microsoftSignUpFailed',
  'Server error during Microsoft sign-in.': 'microsoftSignInServerError',
  'Failed to start Microsoft sign-in.': 'microsoftSignInFailed',
  'Endpoint not found. Verifique a configuração da rota no backend.': 'microsoftEndpointNotFound',
  'Invalid or expired key.': 'microsoftInvalidKey',
  'Invalid temporary token.': 'microsoftInvalidTempToken',
  'Failed to process Microsoft login.': 'microsoftFailed',
  'Parâmetro state não recebido no callback.': 'stateMissing',
  'Nenhum state armazenado na sessão.': 'stateNotStored',
  'Parâmetro state inválido.': 'stateInvalid',
  'Invalid or incomplete callback parameters.': 'callbackInvalid',
  'Unable to redirect to 2FA verification. Please try again.': 'twoFactorRedirectFailed',
  'Token not found in API response': 'tokenNotFound',
  'User ID not found for 2FA verification': 'twoFactorUserIdMissing',
  'User ID not found for resending 2FA code': 'twoFactorResendUserIdMissing',
  'User ID not found for resending verification email': 'verificationResendUserIdMissing',
  'User ID not found for terms acceptance': 'termsUserIdMissing',
  'Must accept both terms and privacy policy': 'termsBothRequired',
  'User ID missing in login response.': 'loginUserIdMissing',
  'User ID missing for 2FA verification.': 'verificationUserIdMissing',
  'Failed to transform user data.': 'userTransformFailed',
  'Token or user data missing in response.': 'tokenOrUserMissing',
  'Session expired due to inactivity.': 'sessionExpired',
  // The auth machine's SESSION_ENDED_MESSAGE: any other 401 that ended a session.
  'Your session has ended. Please sign in again.': 'sessionEnded',
  'Network error': 'networkError',
  'Failed to fetch': 'networkError',
};

const DOMAIN_NOT_RECOGNIZED = 'Domínio não reconhecido: ';

/** Every catalogue message the app knows (the i18n test checks each has a key). */
export const catalogueMessageKeys: readonly string[] = [...new Set(Object.values(catalogue)), 'domainNotRecognized'];

/** The message to show for the machine's error or notice, in the interface language when catalogued. */
export function translateAuthMessage(t: TFunction, message: string): string {
  const key = catalogue[message];
  if (key) return t(`auth.messages.${key}`);
  if (message.startsWith(DOMAIN_NOT_RECOGNIZED)) {
    return t('auth.messages.domainNotRecognized', { email: message.slice(DOMAIN_NOT_RECOGNIZED.length) });
  }
  return message;
}
