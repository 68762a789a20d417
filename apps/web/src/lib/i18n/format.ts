import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { isLanguage, toLocaleTag } from './languages';

const numberFormats = new Map<string, Intl.NumberFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * One Intl formatter per locale and set of options for the whole app: making one costs far more than
 * using one (a chart's data table made its own on every render: 50 ms of the dashboard's first load),
 * and a table formats every date and number of every row on each render.
 */
export function numberFormat(locale: string, options?: Intl.NumberFormatOptions): Intl.NumberFormat {
  return once(numberFormats, locale, options ?? {}, () => new Intl.NumberFormat(locale, options));
}

export function dateFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return once(dateFormats, locale, options, () => new Intl.DateTimeFormat(locale, options));
}

function once<T>(cache: Map<string, T>, locale: string, options: object, make: () => T): T {
  const key = `${locale} ${JSON.stringify(options)}`;
  let format = cache.get(key);
  if (!format) {
    format = make();
    cache.set(key, format);
  }
  return format;
}

/** Dates and numbers formatted per interface language (Intl). */
export function useFormat() {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  return useMemo(() => {
    const locale = isLanguage(language) ? toLocaleTag(language) : 'en';
    return {
      locale,
      number: (value: number, options?: Intl.NumberFormatOptions) => numberFormat(locale, options).format(value),
      date: (value: Date | number | string, options: Intl.DateTimeFormatOptions = { dateStyle: 'medium' }) =>
        dateFormat(locale, options).format(new Date(value)),
      year: (value: Date = new Date()) => dateFormat(locale, { year: 'numeric' }).format(value),
    };
  }, [language]);
}
