import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { i18n as I18n } from 'i18next';
import { createI18n } from '@/lib/i18n/i18n';
import type { Language } from '@/lib/i18n/languages';

/** Serves public/locales/*.json from disk, as the static server would, and records each request. */
export function localeFetch(requests: string[] = []): typeof globalThis.fetch {
  return async (input) => {
    const url = String(input instanceof Request ? input.url : input);
    requests.push(url);
    const language = /locales\/([\w-]+)\.json$/.exec(url)?.[1];
    try {
      const body = readFileSync(resolve(process.cwd(), `public/locales/${language}.json`), 'utf8');
      return new Response(body, { status: 200, headers: { 'content-type': 'application/json' } });
    } catch {
      return new Response('not found', { status: 404 });
    }
  };
}

export function createTestI18n(language: Language = 'en', requests?: string[]): Promise<I18n> {
  return createI18n({ language, fetch: localeFetch(requests) });
}
