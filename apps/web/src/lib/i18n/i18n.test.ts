import { describe, expect, it, vi } from 'vitest';
import { applyLanguage, createI18n } from './i18n';

const sets: Record<string, object> = {
  en: { common: { home: 'Home', only: 'English only' } },
  de: { common: { home: 'Startseite' } },
};

function fakeFetch(failing: string[] = []) {
  return vi.fn(async (input: string | URL | Request) => {
    const url = String(input);
    const language = /locales\/([\w-]+)\.json$/.exec(url)?.[1] ?? '';
    if (failing.includes(language)) return new Response('nope', { status: 500 });
    return new Response(JSON.stringify(sets[language] ?? {}), { status: 200 });
  });
}

describe('language loading', () => {
  it('fetches only the language in use, and only when it is used', async () => {
    const fetch = fakeFetch();
    const i18n = await createI18n({ language: 'en', fetch });
    expect(fetch.mock.calls.map((c) => String(c[0]))).toEqual(['/locales/en.json']);
    expect(i18n.t('common.home')).toBe('Home');

    await applyLanguage(i18n, 'de');
    expect(fetch.mock.calls.map((c) => String(c[0]))).toEqual(['/locales/en.json', '/locales/de.json']);
    expect(i18n.t('common.home')).toBe('Startseite');
    expect(localStorage.getItem('language')).toBe('de');
    expect(document.documentElement.lang).toBe('de');
  });

  it('falls back to en for a key the language lacks', async () => {
    const i18n = await createI18n({ language: 'en', fetch: fakeFetch() });
    await applyLanguage(i18n, 'de');
    expect(i18n.t('common.only')).toBe('English only');
  });

  it('logs a failed load and uses an empty set (so en shows)', async () => {
    const logError = vi.fn();
    const i18n = await createI18n({ language: 'en', fetch: fakeFetch(['fr']), logError });
    await applyLanguage(i18n, 'fr');
    expect(logError).toHaveBeenCalledTimes(1);
    expect(String(logError.mock.calls[0]?.[0])).toContain('"fr"');
    expect(i18n.language).toBe('fr');
    expect(i18n.t('common.home')).toBe('Home');
  });

  it('starts in en when nothing is stored, and in the stored language otherwise', async () => {
    expect((await createI18n({ fetch: fakeFetch() })).language).toBe('en');
    localStorage.setItem('language', 'pt-br');
    const fetch = fakeFetch();
    const i18n = await createI18n({ fetch });
    expect(i18n.language).toBe('pt-br');
    expect(fetch.mock.calls.map((c) => String(c[0]))).toContain('/locales/pt-br.json');
  });
});
