// The alert e-mail in the user's language (en, pt-br, pt, es, fr, de; English otherwise), queued in
// the outbox like the sign-in codes and delivered by the same mailer.

import { type Severity, severities } from '../findings/findings.table.js';
import type { MailMessage } from '../mail/mail.repository.js';
import type { AlertDetails } from './alert-payloads.js';

interface Words {
  subject: (count: number, where: string) => string;
  digest: (count: number) => string;
  hello: (name: string) => string;
  intro: string;
  more: (count: number) => string;
  open: string;
  footer: string;
  in: string;
  /** The alert's import rejected some of its records. */
  partial: (file: string, rejected: number, read: number) => string;
  severity: Record<Severity, string>;
}

const words: Record<string, Words> = {
  en: {
    subject: (n, where) => `Vigil: ${n} new finding${n === 1 ? '' : 's'}${where}`,
    digest: (n) => `Vigil daily digest: ${n} new finding${n === 1 ? '' : 's'}`,
    hello: (name) => `Hello ${name},`,
    intro: 'New findings match your alert rule:',
    more: (n) => `…and ${n} more.`,
    open: 'Open in Vigil:',
    footer: 'You receive this e-mail because of your notification preferences:',
    in: 'in',
    partial: (file, rejected, read) =>
      `The import of ${file} was partial: ${rejected} of ${read} records were rejected.`,
    severity: { critical: 'critical', high: 'high', medium: 'medium', low: 'low', info: 'info' },
  },
  'pt-br': {
    subject: (n, where) => `Vigil: ${n} ${n === 1 ? 'nova ocorrência' : 'novas ocorrências'}${where}`,
    digest: (n) => `Resumo diário do Vigil: ${n} ${n === 1 ? 'nova ocorrência' : 'novas ocorrências'}`,
    hello: (name) => `Olá ${name},`,
    intro: 'Novas ocorrências correspondem à sua regra de alerta:',
    more: (n) => `…e mais ${n}.`,
    open: 'Abrir no Vigil:',
    footer: 'Você recebe este e-mail por causa das suas preferências de notificação:',
    in: 'em',
    partial: (file, rejected, read) =>
      `A importação de ${file} foi parcial: ${rejected} de ${read} registros foram rejeitados.`,
    severity: { critical: 'crítica', high: 'alta', medium: 'média', low: 'baixa', info: 'informativa' },
  },
  pt: {
    subject: (n, where) => `Vigil: ${n} ${n === 1 ? 'nova ocorrência' : 'novas ocorrências'}${where}`,
    digest: (n) => `Resumo diário do Vigil: ${n} ${n === 1 ? 'nova ocorrência' : 'novas ocorrências'}`,
    hello: (name) => `Olá ${name},`,
    intro: 'Há novas ocorrências que correspondem à sua regra de alerta:',
    more: (n) => `…e mais ${n}.`,
    open: 'Abrir no Vigil:',
    footer: 'Recebe este e-mail devido às suas preferências de notificação:',
    in: 'em',
    partial: (file, rejected, read) =>
      `A importação de ${file} foi parcial: ${rejected} de ${read} registos foram rejeitados.`,
    severity: { critical: 'crítica', high: 'alta', medium: 'média', low: 'baixa', info: 'informativa' },
  },
  es: {
    subject: (n, where) => `Vigil: ${n} ${n === 1 ? 'nuevo hallazgo' : 'nuevos hallazgos'}${where}`,
    digest: (n) => `Resumen diario de Vigil: ${n} ${n === 1 ? 'nuevo hallazgo' : 'nuevos hallazgos'}`,
    hello: (name) => `Hola ${name}:`,
    intro: 'Hay nuevos hallazgos que coinciden con su regla de alerta:',
    more: (n) => `…y ${n} más.`,
    open: 'Abrir en Vigil:',
    footer: 'Recibe este correo por sus preferencias de notificación:',
    in: 'en',
    partial: (file, rejected, read) =>
      `La importación de ${file} fue parcial: se rechazaron ${rejected} de ${read} registros.`,
    severity: { critical: 'crítica', high: 'alta', medium: 'media', low: 'baja', info: 'informativa' },
  },
  fr: {
    subject: (n, where) => `Vigil : ${n} ${n === 1 ? 'nouvelle découverte' : 'nouvelles découvertes'}${where}`,
    digest: (n) => `Résumé quotidien Vigil : ${n} ${n === 1 ? 'nouvelle découverte' : 'nouvelles découvertes'}`,
    hello: (name) => `Bonjour ${name},`,
    intro: 'De nouvelles découvertes correspondent à votre règle d’alerte :',
    more: (n) => `…et ${n} de plus.`,
    open: 'Ouvrir dans Vigil :',
    footer: 'Vous recevez cet e-mail en raison de vos préférences de notification :',
    in: 'dans',
    partial: (file, rejected, read) =>
      `L’import de ${file} est partiel : ${rejected} enregistrements sur ${read} ont été rejetés.`,
    severity: { critical: 'critique', high: 'élevée', medium: 'moyenne', low: 'faible', info: 'info' },
  },
  de: {
    subject: (n, where) => `Vigil: ${n} ${n === 1 ? 'neuer Fund' : 'neue Funde'}${where}`,
    digest: (n) => `Vigil-Tageszusammenfassung: ${n} ${n === 1 ? 'neuer Fund' : 'neue Funde'}`,
    hello: (name) => `Hallo ${name},`,
    intro: 'Neue Funde entsprechen Ihrer Alarmregel:',
    more: (n) => `…und ${n} weitere.`,
    open: 'In Vigil öffnen:',
    footer: 'Sie erhalten diese E-Mail aufgrund Ihrer Benachrichtigungseinstellungen:',
    in: 'in',
    partial: (file, rejected, read) =>
      `Der Import von ${file} war unvollständig: ${rejected} von ${read} Datensätzen wurden abgelehnt.`,
    severity: { critical: 'kritisch', high: 'hoch', medium: 'mittel', low: 'niedrig', info: 'Info' },
  },
};

export function alertMail(
  recipient: { email: string; name: string; language: string | null },
  details: AlertDetails,
  settingsUrl: string,
): MailMessage {
  const w = words[recipient.language?.toLowerCase() ?? 'en'] ?? (words.en as Words);
  const where = details.module ? ` ${w.in} ${details.module}` : '';
  const subject = details.kind === 'digest' ? w.digest(details.total) : w.subject(details.total, where);
  const counts = severities
    .filter((s) => details.by_severity[s] > 0)
    .map((s) => `${details.by_severity[s]} ${w.severity[s]}`)
    .join(', ');
  const lines = details.findings.map((f) => `- [${w.severity[f.severity]}] ${f.title} (${f.module})\n  ${f.link}`);
  const more = details.total > details.findings.length ? [w.more(details.total - details.findings.length)] : [];
  const text = [
    w.hello(recipient.name),
    '',
    `${w.intro} ${counts}.`,
    ...(details.partial_import
      ? ['', w.partial(details.partial_import.file_name, details.partial_import.rejected, details.partial_import.read)]
      : []),
    '',
    ...lines,
    ...more,
    '',
    `${w.open} ${details.link}`,
    '',
    `${w.footer} ${settingsUrl}`,
    '',
    '— Vigil',
  ].join('\n');
  return { to: recipient.email, subject, text };
}
