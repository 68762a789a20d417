import type { TFunction } from 'i18next';

/** The form-insensitive key of an HIBP data class: `Email addresses`, `email-addresses` → `emailaddresses`. */
export function dataClassKey(value: string): string {
  return value.toLowerCase().replace(/[^a-z0-9]/g, '');
}

/**
 * A data class in the user's language, whatever its form; one without a translation is shown in
 * HIBP's words (a slug stored before the API kept words becomes words: `pet-names` → `Pet names`).
 */
export function dataClassLabel(t: TFunction, value: string): string {
  const words = /\s/.test(value) || !/[-_]/.test(value) ? value : value.replace(/[-_]+/g, ' ').trim();
  const fallback = words.charAt(0).toUpperCase() + words.slice(1);
  return t(`credentials.dataClassNames.${dataClassKey(value)}`, { defaultValue: fallback });
}
