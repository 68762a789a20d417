// The invitation e-mail, in the six languages of the product (the inviter's language, English
// when unknown). The link is the only secret in it.
import type { MailMessage } from '../../platform/mail/mail.repository.js';

interface Wording {
  subject: (company: string) => string;
  body: (company: string, inviter: string, link: string) => string;
}

const wordings: Record<string, Wording> = {
  en: {
    subject: (c) => `You are invited to ${c} on Vigil`,
    body: (c, i, l) =>
      `Hello,\n\n${i} invited you to join ${c} on Vigil. Open this link to accept (valid for 7 days, usable once):\n${l}\n\nIf you did not expect this, ignore this e-mail.\n\n— Vigil`,
  },
  'pt-br': {
    subject: (c) => `Você foi convidado para ${c} no Vigil`,
    body: (c, i, l) =>
      `Olá,\n\n${i} convidou você para participar de ${c} no Vigil. Abra este link para aceitar (válido por 7 dias, uso único):\n${l}\n\nSe você não esperava por isso, ignore este e-mail.\n\n— Vigil`,
  },
  pt: {
    subject: (c) => `Foi convidado para ${c} no Vigil`,
    body: (c, i, l) =>
      `Olá,\n\n${i} convidou-o a juntar-se a ${c} no Vigil. Abra esta ligação para aceitar (válida durante 7 dias, utilizável uma vez):\n${l}\n\nSe não esperava este convite, ignore este e-mail.\n\n— Vigil`,
  },
  es: {
    subject: (c) => `Le han invitado a ${c} en Vigil`,
    body: (c, i, l) =>
      `Hola:\n\n${i} le ha invitado a unirse a ${c} en Vigil. Abra este enlace para aceptar (válido 7 días, de un solo uso):\n${l}\n\nSi no esperaba esta invitación, ignore este correo.\n\n— Vigil`,
  },
  fr: {
    subject: (c) => `Vous êtes invité à rejoindre ${c} sur Vigil`,
    body: (c, i, l) =>
      `Bonjour,\n\n${i} vous invite à rejoindre ${c} sur Vigil. Ouvrez ce lien pour accepter (valable 7 jours, utilisable une fois) :\n${l}\n\nSi vous ne vous y attendiez pas, ignorez cet e-mail.\n\n— Vigil`,
  },
  de: {
    subject: (c) => `Einladung zu ${c} auf Vigil`,
    body: (c, i, l) =>
      `Hallo,\n\n${i} hat Sie eingeladen, ${c} auf Vigil beizutreten. Öffnen Sie diesen Link, um anzunehmen (7 Tage gültig, einmal verwendbar):\n${l}\n\nFalls Sie das nicht erwartet haben, ignorieren Sie diese E-Mail.\n\n— Vigil`,
  },
};

export function invitationMail(
  to: string,
  invite: { company: string; inviter: string; link: string; language: string | null },
): MailMessage {
  const wording = wordings[invite.language ?? 'en'] ?? (wordings.en as Wording);
  return {
    to,
    subject: wording.subject(invite.company),
    text: wording.body(invite.company, invite.inviter, invite.link),
  };
}
