import type { i18n as I18n } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestI18n } from '@/testing/i18n';
import { translateAuthMessage } from './messages';

let i18n: I18n;
beforeAll(async () => {
  i18n = await createTestI18n();
});

// The server answers the e-mail link, registration, reset and code screens in English; the screens
// show them in the interface language (issue 33: "e-mail verified" was English in every language).
describe('translateAuthMessage', () => {
  it.each([
    [
      'pt-br',
      'Your e-mail address is verified. You can sign in now.',
      'Seu endereço de e-mail foi verificado. Você já pode entrar.',
    ],
    ['pt', 'Registration confirmed. You can sign in now.', 'Registo confirmado. Já pode iniciar sessão.'],
    [
      'de',
      'Registration confirmed. An administrator of your company will validate your account.',
      'Registrierung bestätigt. Ein Administrator Ihres Unternehmens wird Ihr Konto freischalten.',
    ],
    ['fr', 'Invalid or expired verification link.', 'Lien de vérification invalide ou expiré.'],
    ['es', 'A new code was sent.', 'Se envió un nuevo código.'],
  ])('words a server answer in %s', async (language, message, expected) => {
    await i18n.changeLanguage(language);
    try {
      expect(translateAuthMessage(i18n.t, message)).toBe(expected);
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('shows a message it does not know as the server wrote it', () => {
    expect(translateAuthMessage(i18n.t, 'Something only the server says.')).toBe('Something only the server says.');
  });
});
