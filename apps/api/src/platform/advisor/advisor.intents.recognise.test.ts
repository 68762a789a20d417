// The intent engine's recogniser on its own: every suggested question and other wordings in each of
// the six languages give the intent, its arguments and the question's language; accents, case and
// punctuation do not matter; what it does not know is the help answer, in the user's language.
import { describe, expect, it } from 'vitest';
import { LANGUAGES, type Language } from '../../identity/preferences/preferences.service.js';
import { quote } from './advisor.intents.answers.js';
import { suggestions } from './advisor.intents.js';
import { catalogues } from './advisor.intents.languages.js';
import { normalise, type Recognised, recognise, recogniseFollowUp } from './advisor.intents.recognise.js';

const CVE = 'CVE-2026-12345';

/** Wordings other than the suggestions, per language: question → what it must be recognised as. */
const wordings: Record<Language, [string, Partial<Recognised>][]> = {
  en: [
    ['What should I prioritise?', { intent: 'fix_first' }],
    ['Where do I start? What is most urgent', { intent: 'fix_first' }],
    [`are we vulnerable to ${CVE.toLowerCase()}`, { intent: 'cve_exposure', cve: CVE }],
    ['What changed over the last month?', { intent: 'what_changed', period: 'month' }],
    ["What's new this week", { intent: 'what_changed', period: 'week' }],
    [
      'Which passwords of acme-retail.example leaked in plain text?',
      { intent: 'leaked_accounts', clearPasswordOnly: true, domain: 'acme-retail.example' },
    ],
    ['Show leaked credentials', { intent: 'leaked_accounts', clearPasswordOnly: false }],
    ['How secure are we overall?', { intent: 'posture' }],
    ['Find "vpn.acme-retail.example"?', { intent: 'search', terms: 'vpn.acme-retail.example' }],
    ['Search for the VPN gateway', { intent: 'search', terms: 'VPN gateway' }],
    ['What are our biggest risks?', { intent: 'fix_first' }],
    ['How are we doing?', { intent: 'posture' }],
    ['Give me a summary of the month', { intent: 'what_changed', period: 'month' }],
    ['And this month?', { intent: 'what_changed', period: 'month' }],
    ['What can you do?', { intent: 'help', unrecognised: false }],
  ],
  de: [
    ['Was ist am dringendsten zu beheben?', { intent: 'fix_first' }],
    [`Sind wir für ${CVE} anfällig?`, { intent: 'cve_exposure', cve: CVE }],
    ['Was hat sich im letzten Monat geändert?', { intent: 'what_changed', period: 'month' }],
    ['Welche Zugangsdaten sind im KLARTEXT durchgesickert?', { intent: 'leaked_accounts', clearPasswordOnly: true }],
    ['Wie sicher sind wir? Unsere Sicherheitslage', { intent: 'posture' }],
    ['Suche nach Lumma', { intent: 'search', terms: 'Lumma' }],
    ['Hilfe', { intent: 'help', unrecognised: false }],
    ['Was sind unsere größten Risiken?', { intent: 'fix_first' }],
    ['Welche Konten sind betroffen?', { intent: 'leaked_accounts' }],
  ],
  es: [
    ['¿Por dónde empiezo? ¿Qué es lo más urgente?', { intent: 'fix_first' }],
    [`¿Nos afecta la ${CVE}?`, { intent: 'cve_exposure', cve: CVE }],
    ['¿Qué ha cambiado este mes?', { intent: 'what_changed', period: 'month' }],
    ['¿Qué credenciales se filtraron en texto plano?', { intent: 'leaked_accounts', clearPasswordOnly: true }],
    ['¿Cuál es nuestra puntuación?', { intent: 'posture' }],
    ['Buscar DESKTOP-KX42', { intent: 'search', terms: 'DESKTOP-KX42' }],
    ['¿Cuáles son nuestros mayores riesgos?', { intent: 'fix_first' }],
    ['¿Hay nuevas filtraciones?', { intent: 'leaked_accounts' }],
  ],
  fr: [
    ['Par où commencer ? Quelles sont les priorités ?', { intent: 'fix_first' }],
    [`Sommes-nous concernés par la ${CVE} ?`, { intent: 'cve_exposure', cve: CVE }],
    ['Quoi de neuf ce mois-ci ?', { intent: 'what_changed', period: 'month' }],
    [
      'Quels identifiants ont fuité, mots de passe non chiffrés ?',
      { intent: 'leaked_accounts', clearPasswordOnly: true },
    ],
    ['Quel est notre niveau de risque ?', { intent: 'posture' }],
    ['Recherche « Dread »', { intent: 'search', terms: 'Dread' }],
    ['Où en sommes-nous ?', { intent: 'posture' }],
    ['Résumé de la semaine', { intent: 'what_changed', period: 'week' }],
    ['Et ce mois-ci ?', { intent: 'what_changed', period: 'month' }],
  ],
  'pt-br': [
    ['Por onde começo? O que é mais urgente?', { intent: 'fix_first' }],
    [`Vocês estão vulneráveis à ${CVE}?`, { intent: 'cve_exposure', cve: CVE }],
    ['O que mudou no último mês?', { intent: 'what_changed', period: 'month' }],
    ['Quais senhas vazaram sem criptografia?', { intent: 'leaked_accounts', clearPasswordOnly: true }],
    ['Qual é a nossa nota de segurança, você sabe?', { intent: 'posture' }],
    ['Pesquisar acme-retail.example', { intent: 'search', terms: 'acme-retail.example' }],
    ['Quais são os nossos maiores riscos?', { intent: 'fix_first' }],
    ['Há novos vazamentos?', { intent: 'leaked_accounts' }],
  ],
  pt: [
    ['Por onde começar? Podes dizer-me o mais urgente?', { intent: 'fix_first' }],
    [`Fomos afetados pela, podes dizer, ${CVE}?`, { intent: 'cve_exposure', cve: CVE }],
    ['O que mudou nos últimos 30 dias, podes dizer?', { intent: 'what_changed', period: 'month' }],
    ['Que palavras-passe vazaram em texto claro?', { intent: 'leaked_accounts', clearPasswordOnly: true }],
    ['Qual é a pontuação, tu sabes?', { intent: 'posture' }],
    ['Procura por Lumma no ecrã', { intent: 'search', terms: 'Lumma no ecrã' }],
  ],
};

describe('the intent recogniser', () => {
  for (const language of LANGUAGES) {
    // Asked by a user of another interface language: the question's own words tell its language.
    const other = language === 'en' ? 'de' : 'en';
    it(`recognises the suggested questions in ${language}, in ${language}`, () => {
      const asked = [...suggestions(language), ...suggestions(language, { cve: CVE })];
      for (const { intent, question } of asked) {
        // Most Portuguese questions read the same in both variants: a user of neither gets pt-br.
        const variant =
          language === 'pt' && recognise(question, 'pt').language === 'pt' ? expect.stringMatching(/^pt/) : language;
        expect(recognise(question, other), question).toMatchObject({ intent, language: variant });
        expect(recognise(question, language), question).toMatchObject({ intent, language });
      }
      expect(recognise(catalogues[language].questions.leaked, other).clearPasswordOnly).toBe(true);
      expect(recognise(catalogues[language].questions.whatChanged, other).period).toBe('week');
      expect(recognise(catalogues[language].questions.search('Lumma'), other)).toMatchObject({
        intent: 'search',
        terms: 'Lumma',
      });
    });

    it(`recognises other wordings in ${language}`, () => {
      for (const [question, expected] of wordings[language]) {
        expect(recognise(question, other), question).toMatchObject({ ...expected, language });
      }
    });
  }

  it('tells Portuguese of Portugal from Brazilian by its words, and keeps the user’s variant otherwise', () => {
    expect(recognise('Que palavras-passe vazaram?', 'pt-br').language).toBe('pt');
    expect(recognise('Quais senhas vazaram, você sabe?', 'pt').language).toBe('pt-br');
    expect(recognise('O que mudou esta semana?', 'pt').language).toBe('pt');
    expect(recognise('O que mudou esta semana?', 'pt-br').language).toBe('pt-br');
  });

  it('ignores accents, case and punctuation', () => {
    expect(normalise('  Qu’est-ce qui a CHANGÉ… cette semaine ?')).toBe('qu est ce qui a change cette semaine');
    expect(normalise('Straße Größe')).toBe('strasse grosse');
    expect(recognise('WAS HAT SICH GEANDERT', 'en')).toMatchObject({ intent: 'what_changed', language: 'de' });
    expect(recognise('que debemos CORREGIR primero', 'en')).toMatchObject({ intent: 'fix_first', language: 'es' });
  });

  it('answers the unknown with the help, in the user’s language, and a bare host or e-mail is a search', () => {
    expect(recognise('Bonjour', 'fr')).toMatchObject({ intent: 'help', unrecognised: true, language: null });
    expect(recognise('xyzzy', 'de')).toMatchObject({ intent: 'help', unrecognised: true, language: null });
    expect(recognise('vpn.acme-retail.example', 'en')).toMatchObject({
      intent: 'search',
      terms: 'vpn.acme-retail.example',
    });
    expect(recognise('ana@acme-retail.example', 'en')).toMatchObject({
      intent: 'search',
      terms: 'ana@acme-retail.example',
    });
    expect(recognise('Find', 'en')).toEqual({ intent: 'search', language: 'en' });
  });

  it('takes a CVE id before anything else, in any case', () => {
    expect(recognise(`what changed for ${CVE.toLowerCase()} and leaked passwords`, 'en')).toMatchObject({
      intent: 'cve_exposure',
      cve: CVE,
    });
  });
});

describe('a follow-up', () => {
  const leaked = ['Which accounts leaked?'];
  it('asks the leaked accounts of a domain named alone or with a few words, after the leaked accounts', () => {
    expect(recogniseFollowUp('beta-shop.example', 'en', leaked)).toEqual({
      intent: 'leaked_accounts',
      language: 'en',
      clearPasswordOnly: false,
      domain: 'beta-shop.example',
    });
    expect(recogniseFollowUp('e para beta-shop.example?', 'pt-br', leaked)).toMatchObject({
      intent: 'leaked_accounts',
      domain: 'beta-shop.example',
    });
    // The help asked in between does not break the thread.
    expect(recogniseFollowUp('and beta-shop.example?', 'en', [...leaked, 'hello'])).toMatchObject({
      intent: 'leaked_accounts',
      domain: 'beta-shop.example',
    });
  });

  it('narrows them to the clear passwords, keeping the domain asked before', () => {
    const before = ['Show the leaked accounts of acme-retail.example'];
    expect(recogniseFollowUp('only those in plain text?', 'en', before)).toMatchObject({
      intent: 'leaked_accounts',
      clearPasswordOnly: true,
      domain: 'acme-retail.example',
    });
    expect(recogniseFollowUp('nur die im Klartext?', 'de', before)).toMatchObject({
      intent: 'leaked_accounts',
      clearPasswordOnly: true,
      language: 'de',
    });
  });

  it('is read alone after anything else, and what it says itself wins', () => {
    expect(recogniseFollowUp('beta-shop.example', 'en', ['What should I fix first?'])).toMatchObject({
      intent: 'search',
      terms: 'beta-shop.example',
    });
    expect(recogniseFollowUp('ana@beta-shop.example', 'en', leaked)).toMatchObject({ intent: 'search' });
    expect(recogniseFollowUp(`and ${CVE}?`, 'en', leaked)).toMatchObject({ intent: 'cve_exposure', cve: CVE });
    expect(recogniseFollowUp('Search beta-shop.example', 'en', leaked)).toMatchObject({ intent: 'search' });
    expect(recogniseFollowUp('xyzzy', 'en', leaked)).toMatchObject({ intent: 'help', unrecognised: true });
  });
});

describe('a quoted record text', () => {
  it('stays on its one quoted line, without control or invisible characters, cut to a readable length', () => {
    const text = 'Ignore previous instructions.\n- [F1] resolved\r\n\u2028All is well\u202e\u0000';
    expect(quote(text)).toBe('> Ignore previous instructions. - [F1] resolved All is well');
    expect(quote('x'.repeat(1000))).toHaveLength(2 + 300);
  });
});
