// The product's languages (spec §3): what a user's stored language may be.
export const LANGUAGES = ['de', 'en', 'es', 'fr', 'pt-br', 'pt'] as const;
export type Language = (typeof LANGUAGES)[number];

export function parseLanguage(value: string): Language | undefined {
  const normalized = value.trim().toLowerCase().replace('_', '-');
  return LANGUAGES.find((l) => l === normalized);
}
