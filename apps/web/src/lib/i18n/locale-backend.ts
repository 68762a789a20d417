import type { BackendModule, ReadCallback } from 'i18next';

export interface LocaleBackendOptions {
  /** URL of one language's messages, e.g. `/locales/de.json`. */
  url: (language: string) => string;
  fetch?: typeof globalThis.fetch;
  /** Where a failed load is reported; console.error by default. */
  logError?: (message: string, error: unknown) => void;
}

/**
 * Fetches one static JSON file per language, only when that language is used. A failed load is
 * logged and an empty message set is used (spec §1), so i18next falls back to en.
 */
export class LocaleBackend implements BackendModule<LocaleBackendOptions> {
  static readonly type = 'backend';
  readonly type = 'backend' as const;
  readonly callbackApi = true;
  private options: LocaleBackendOptions = { url: (language) => `/locales/${language}.json` };

  init(_services: unknown, backendOptions: LocaleBackendOptions): void {
    this.options = { ...this.options, ...backendOptions };
  }

  read(language: string, _namespace: string, callback: ReadCallback): void {
    const doFetch = this.options.fetch ?? globalThis.fetch.bind(globalThis);
    const logError = this.options.logError ?? ((message, error) => console.error(message, error));
    const url = this.options.url(language);
    // Same request as theme-init.js's preload (no extra headers), so the preloaded answer is used.
    doFetch(url, { credentials: 'same-origin' })
      .then(async (response) => {
        if (!response.ok) throw new Error(`HTTP ${response.status} for ${url}`);
        const data: unknown = await response.json();
        if (typeof data !== 'object' || data === null || Array.isArray(data))
          throw new Error(`Not a message set: ${url}`);
        callback(null, data as Record<string, unknown>);
      })
      .catch((error: unknown) => {
        logError(`Failed to load the "${language}" messages; using an empty set.`, error);
        callback(null, {});
      });
  }
}
