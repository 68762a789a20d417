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
