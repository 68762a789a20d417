import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { isLanguage, toLocaleTag } from './languages';

/** Dates and numbers formatted per interface language (Intl). */
export function useFormat() {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  return useMemo(() => {
    const locale = isLanguage(language) ? toLocaleTag(language) : 'en';
    // One formatter per set of options: making an Intl formatter costs far more than using one, and a
    // table formats every date and number of every row on each render.
    const numbers = new Map<string, Intl.NumberFormat>();
    const dates = new Map<string, Intl.DateTimeFormat>();
    const numberFormat = (options?: Intl.NumberFormatOptions) => {
      const key = JSON.stringify(options ?? {});
      const known = numbers.get(key);
      if (known) return known;
      const format = new Intl.NumberFormat(locale, options);
      numbers.set(key, format);
      return format;
    };
    const dateFormat = (options: Intl.DateTimeFormatOptions) => {
      const key = JSON.stringify(options);
      const known = dates.get(key);
      if (known) return known;
      const format = new Intl.DateTimeFormat(locale, options);
      dates.set(key, format);
      return format;
    };
    return {
      locale,
      number: (value: number, options?: Intl.NumberFormatOptions) => numberFormat(options).format(value),
      date: (value: Date | number | string, options: Intl.DateTimeFormatOptions = { dateStyle: 'medium' }) =>
        dateFormat(options).format(new Date(value)),
      year: (value: Date = new Date()) => dateFormat({ year: 'numeric' }).format(value),
    };
  }, [language]);
}
