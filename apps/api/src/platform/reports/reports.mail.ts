// The monthly report's e-mail, in the schedule's language (the PDF is in it too), with the PDF as
// its attachment; queued in the outbox like every other e-mail.
import type { MailMessage } from '../mail/mail.repository.js';

interface Words {
  subject: (company: string, from: string, to: string) => string;
  hello: (name: string) => string;
  body: (company: string, from: string, to: string) => string;
  history: string;
}

const words: Record<string, Words> = {
  en: {
    subject: (c, f, t) => `Vigil report for ${c}: ${f} to ${t}`,
    hello: (name) => `Hello ${name},`,
    body: (c, f, t) => `Attached is the monthly Vigil report for ${c}, for the period ${f} to ${t}.`,
    history: 'Every report stays in the report history:',
  },
  'pt-br': {
    subject: (c, f, t) => `Relatório Vigil de ${c}: ${f} a ${t}`,
    hello: (name) => `Olá ${name},`,
    body: (c, f, t) => `Segue em anexo o relatório mensal do Vigil de ${c}, do período de ${f} a ${t}.`,
    history: 'Todos os relatórios ficam no histórico de relatórios:',
  },
  pt: {
    subject: (c, f, t) => `Relatório Vigil de ${c}: ${f} a ${t}`,
    hello: (name) => `Olá ${name},`,
    body: (c, f, t) => `Em anexo segue o relatório mensal do Vigil de ${c}, relativo ao período de ${f} a ${t}.`,
    history: 'Todos os relatórios ficam guardados no histórico de relatórios:',
  },
  es: {
    subject: (c, f, t) => `Informe de Vigil de ${c}: del ${f} al ${t}`,
    hello: (name) => `Hola ${name}:`,
    body: (c, f, t) => `Adjuntamos el informe mensual de Vigil de ${c}, del período del ${f} al ${t}.`,
    history: 'Todos los informes quedan en el historial de informes:',
  },
  fr: {
    subject: (c, f, t) => `Rapport Vigil de ${c} : du ${f} au ${t}`,
    hello: (name) => `Bonjour ${name},`,
    body: (c, f, t) =>
      `Vous trouverez en pièce jointe le rapport mensuel Vigil de ${c}, pour la période du ${f} au ${t}.`,
    history: 'Chaque rapport reste dans l’historique des rapports :',
  },
  de: {
    subject: (c, f, t) => `Vigil-Bericht für ${c}: ${f} bis ${t}`,
    hello: (name) => `Hallo ${name},`,
    body: (c, f, t) => `anbei der monatliche Vigil-Bericht für ${c} für den Zeitraum ${f} bis ${t}.`,
    history: 'Jeder Bericht bleibt im Berichtsverlauf:',
  },
};

export function reportMail(
  recipient: { email: string; name: string },
  report: { language: string; company: string; from: string; to: string; pdf: Uint8Array },
  historyUrl: string,
): MailMessage {
  const w = words[report.language] ?? (words.en as Words);
  const text = [
    w.hello(recipient.name),
    '',
    w.body(report.company, report.from, report.to),
    '',
    `${w.history} ${historyUrl}`,
    '',
    '— Vigil',
  ].join('\n');
  return {
    to: recipient.email,
    subject: w.subject(report.company, report.from, report.to),
    text,
    attachment: {
      name: `vigil-report-${report.from}-${report.to}.pdf`,
      type: 'application/pdf',
      content: report.pdf,
    },
  };
}
