import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import de from '../locales/de.json';
import en from '../locales/en.json';
import es from '../locales/es.json';
import fr from '../locales/fr.json';
import pt from '../locales/pt.json';
import ptBr from '../locales/pt-br.json';
import { dataClassLabel } from './data-class-label';

const resources = { en, pt, 'pt-br': ptBr, es, fr, de };

async function tIn(language: keyof typeof resources) {
  const i18n = i18next.createInstance();
  await i18n.init({
    lng: language,
    lowerCaseLng: true,
    resources: { [language]: { translation: resources[language] } },
    interpolation: { escapeValue: false },
  });
  return i18n.t;
}

describe('data classes on screen', () => {
  it('are translated whatever their form: HIBP words, slugs, any case', async () => {
    const t = await tIn('fr');
    for (const form of ['Passwords', 'passwords', 'PASSWORDS']) expect(dataClassLabel(t, form)).toBe('Mots de passe');
    for (const form of ['Email addresses', 'email-addresses']) expect(dataClassLabel(t, form)).toBe('Adresses e-mail');
    expect(dataClassLabel(await tIn('de'), 'ip-addresses')).toBe('IP-Adressen');
    expect(dataClassLabel(await tIn('pt-br'), 'Passwords')).toBe('Senhas');
  });

  it('without a translation, show HIBP words, never a raw slug', async () => {
    const t = await tIn('es');
    expect(dataClassLabel(t, 'Astrological signs')).toBe('Astrological signs');
    expect(dataClassLabel(t, 'pet-names')).toBe('Pet names');
  });

  it('every language names the same data classes', () => {
    const keys = (r: typeof en) => Object.keys(r.credentials.dataClassNames).sort();
    for (const r of Object.values(resources)) expect(keys(r)).toEqual(keys(en));
  });
});
