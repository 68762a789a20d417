import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { env } from '@/config/env';
import { LANGUAGES, type Language, readStoredLanguage, storeLanguage, toLocaleTag } from './languages';
import { LocaleBackend, type LocaleBackendOptions } from './locale-backend';

export interface CreateI18nOptions {
  language?: Language;
  fetch?: typeof globalThis.fetch;
  logError?: LocaleBackendOptions['logError'];
}

/** Creates and initialises an i18next instance; resolves once the first language is loaded (or given up). */
export async function createI18n(options: CreateI18nOptions = {}): Promise<I18n> {
  const instance = i18next.createInstance();
  const backend: LocaleBackendOptions = { url: (language) => `${env.basePath}locales/${language}.json` };
  if (options.fetch) backend.fetch = options.fetch;
  if (options.logError) backend.logError = options.logError;
  instance.on('languageChanged', (language) => {
    if (typeof document !== 'undefined') document.documentElement.lang = toLocaleTag(language as Language);
  });
  await instance
    .use(LocaleBackend)
    .use(initReactI18next)
    .init({
      lng: options.language ?? readStoredLanguage(),
      fallbackLng: 'en',
      supportedLngs: [...LANGUAGES],
      lowerCaseLng: true,
      load: 'currentOnly',
      ns: ['translation'],
      defaultNS: 'translation',
      backend,
      interpolation: { escapeValue: false },
      returnNull: false,
      react: { useSuspense: false, bindI18n: 'languageChanged loaded' },
    });
  return instance;
}

/** Switches the interface language locally: loads its messages and remembers it. */
export async function applyLanguage(instance: I18n, language: Language): Promise<void> {
  storeLanguage(language);
  await instance.changeLanguage(language);
}
