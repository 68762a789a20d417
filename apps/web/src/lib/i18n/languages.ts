/** Interface languages (spec §1, §9); en is the default and the fallback. */
export const LANGUAGES = ['de', 'en', 'es', 'fr', 'pt-br', 'pt'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/** Local storage key remembering the interface language before sign-in (the stored user's wins after). */
export const LANGUAGE_STORAGE_KEY = 'language';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** BCP 47 tag for Intl and the `lang` attribute. */
export function toLocaleTag(language: Language): string {
  return language === 'pt-br' ? 'pt-BR' : language === 'pt' ? 'pt-PT' : language;
}

export function readStoredLanguage(): Language {
  try {
    const stored = globalThis.localStorage?.getItem(LANGUAGE_STORAGE_KEY)?.toLowerCase();
    return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

export function storeLanguage(language: Language): void {
  try {
    globalThis.localStorage?.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // storage blocked: the language still applies for this page
  }
}
