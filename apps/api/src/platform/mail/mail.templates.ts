import type { MailMessage } from './mail.repository.js';

const signature = '\n\n— Vigil';

export function twoFactorCodeMail(to: string, name: string, code: string): MailMessage {
  return {
    to,
    subject: `Your Vigil sign-in code: ${code}`,
    text: `Hello ${name},\n\nYour sign-in code is ${code}. It is valid for 10 minutes and can be used once.\nIf you did not try to sign in, change your password.${signature}`,
  };
}

export function confirmRegistrationMail(to: string, name: string, link: string): MailMessage {
  return {
    to,
    subject: 'Confirm your Vigil registration',
    text: `Hello ${name},\n\nConfirm your registration by opening this link (valid for 24 hours):\n${link}\n\nAn administrator of your company then validates your account.${signature}`,
  };
}

export function verifyEmailMail(to: string, name: string, link: string): MailMessage {
  return {
    to,
    subject: 'Verify your e-mail address for Vigil',
    text: `Hello ${name},\n\nVerify your e-mail address by opening this link (valid for 24 hours):\n${link}${signature}`,
  };
}

export function passwordResetMail(to: string, name: string, link: string): MailMessage {
  return {
    to,
    subject: 'Reset your Vigil password',
    text: `Hello ${name},\n\nSet a new password with this link (valid for 60 minutes, usable once):\n${link}\n\nIf you did not ask for it, ignore this e-mail.${signature}`,
  };
}

export function accountActivatedMail(to: string, name: string, signInUrl: string): MailMessage {
  return {
    to,
    subject: 'Your Vigil account is active',
    text: `Hello ${name},\n\nAn administrator validated your account. You can sign in at ${signInUrl}${signature}`,
  };
}

/** `2026-11-21 12:00 UTC`: unambiguous for the reader whatever their time zone. */
function utc(date: Date): string {
  return `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/** Sent once per lock of the two-factor step; never contains a code. */
export function twoFactorLockedMail(
  to: string,
  name: string,
  lock: { at: Date; ip: string | null; until: Date; wrongCodes: number; resetUrl: string },
): MailMessage {
  return {
    to,
    subject: 'Vigil sign-in codes locked',
    text: `Hello ${name},\n\nAt ${utc(lock.at)}, ${lock.wrongCodes} wrong sign-in codes had been entered for your account, the last from the address ${lock.ip ?? 'unknown'}. To protect the account, sign-in codes are refused until ${utc(lock.until)}.\n\nWhoever reached the code step knew your password. If it was not you, set a new password now: ${lock.resetUrl}${signature}`,
  };
}

/** The answer to a registration whose e-mail domain belongs to no client company (the page says only "check your e-mail"). */
export function registrationNotClientMail(to: string): MailMessage {
  return {
    to,
    subject: 'Your Vigil registration',
    text: `Hello,\n\nSomeone asked to register this address with Vigil. Its domain is not a Vigil client company, so no account was created.\nIf your company uses Vigil, register with your work address at that company, or ask its administrator. If you did not ask for this, ignore this e-mail.${signature}`,
  };
}

/** The answer to a registration for an address that already has an account. */
export function alreadyRegisteredMail(to: string, name: string, signInUrl: string, resetUrl: string): MailMessage {
  return {
    to,
    subject: 'You already have a Vigil account',
    text: `Hello ${name},\n\nSomeone asked to register this address with Vigil, but it already has an account; nothing was changed.\nSign in at ${signInUrl}, or set a new password at ${resetUrl} if you forgot it. If you did not ask for this, ignore this e-mail.${signature}`,
  };
}
