// The notice sent when a password is changed from the account settings, in the user's language.
import type { MailMessage } from '../../platform/mail/mail.repository.js';

type Words = { subject: string; body: (name: string, when: string, ip: string) => string };

const notices: Record<string, Words> = {
  en: {
    subject: 'Your Vigil password was changed',
    body: (name, when, ip) =>
      `Hello ${name},\n\nThe password of your Vigil account was changed at ${when} from the address ${ip}. Every other session was signed out.\n\nIf it was not you, reset your password at once and tell your administrator.`,
  },
  'pt-br': {
    subject: 'Sua senha do Vigil foi alterada',
    body: (name, when, ip) =>
      `Olá ${name},\n\nA senha da sua conta Vigil foi alterada em ${when} a partir do endereço ${ip}. Todas as outras sessões foram encerradas.\n\nSe não foi você, redefina sua senha imediatamente e avise o seu administrador.`,
  },
  pt: {
    subject: 'A sua palavra-passe do Vigil foi alterada',
    body: (name, when, ip) =>
      `Olá ${name},\n\nA palavra-passe da sua conta Vigil foi alterada em ${when} a partir do endereço ${ip}. Todas as outras sessões foram terminadas.\n\nSe não foi você, reponha a sua palavra-passe de imediato e avise o seu administrador.`,
  },
  es: {
    subject: 'Se cambió tu contraseña de Vigil',
    body: (name, when, ip) =>
      `Hola ${name}:\n\nLa contraseña de tu cuenta de Vigil se cambió el ${when} desde la dirección ${ip}. Se cerraron todas las demás sesiones.\n\nSi no fuiste tú, restablece tu contraseña de inmediato y avisa a tu administrador.`,
  },
  fr: {
    subject: 'Votre mot de passe Vigil a été modifié',
    body: (name, when, ip) =>
      `Bonjour ${name},\n\nLe mot de passe de votre compte Vigil a été modifié le ${when} depuis l'adresse ${ip}. Toutes les autres sessions ont été déconnectées.\n\nSi ce n'était pas vous, réinitialisez votre mot de passe immédiatement et prévenez votre administrateur.`,
  },
  de: {
    subject: 'Ihr Vigil-Passwort wurde geändert',
    body: (name, when, ip) =>
      `Hallo ${name},\n\ndas Passwort Ihres Vigil-Kontos wurde am ${when} von der Adresse ${ip} aus geändert. Alle anderen Sitzungen wurden abgemeldet.\n\nWaren Sie das nicht, setzen Sie Ihr Passwort sofort zurück und informieren Sie Ihren Administrator.`,
  },
};

export function passwordChangedMail(
  to: string,
  name: string,
  change: { language: string | null; at: Date; ip: string | null },
): MailMessage {
  const words = notices[change.language ?? 'en'] ?? (notices.en as Words);
  const when = `${change.at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  return { to, subject: words.subject, text: `${words.body(name, when, change.ip ?? '?')}\n\n— Vigil` };
}
