import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { isLanguage, toLocaleTag } from './languages';

/** Dates and numbers formatted per interface language (Intl). */
export function useFormat() {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  return useMemo(() => {
    const locale = isLanguage(language) ? toLocaleTag(language) : 'en';
    return {
      locale,
      number: (value: number, options?: Intl.NumberFormatOptions) =>
        new Intl.NumberFormat(locale, options).format(value),
      date: (value: Date | number | string, options: Intl.DateTimeFormatOptions = { dateStyle: 'medium' }) =>
        new Intl.DateTimeFormat(locale, options).format(new Date(value)),
      year: (value: Date = new Date()) => new Intl.DateTimeFormat(locale, { year: 'numeric' }).format(value),
    };
  }, [language]);
}
