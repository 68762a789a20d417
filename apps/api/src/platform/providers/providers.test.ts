// Which providers a deployment has: one is configured only when every one of its settings is set,
// never from a default public address; the screens name the settings still unset.
import { describe, expect, it } from 'vitest';
import { testConfig } from '../../testing/test-app.js';
import { getProviders, providerStatus } from './providers.js';

describe('the configured providers', () => {
  it('are none without settings: each names all its settings', () => {
    const config = testConfig();
    const status = providerStatus(config);
    expect(status.every((s) => !s.configured && !s.demo)).toBe(true);
    expect(status.find((s) => s.id === 'commoncrawl')?.settings).toEqual(['COMMONCRAWL_URL', 'COMMONCRAWL_INDEX']);
    const db = {} as never;
    const providers = getProviders({ config, db, clock: { now: () => new Date() } as never });
    expect(providers).toMatchObject({ webSearch: null, code: null, archives: [], rdap: null });
  });

  it('need every setting: a half-configured provider is not configured and names what is missing', () => {
    const config = testConfig({
      SEARCH_API_URL: 'https://search.example/',
      SEARCH_API_KEY: 'k',
      WAYBACK_URL: 'https://archive.example',
      OTX_API_KEY: 'o',
    });
    const status = new Map(providerStatus(config).map((s) => [s.id, s]));
    expect(status.get('web-search')).toMatchObject({ configured: false, settings: ['SEARCH_ENGINE_ID'] });
    expect(status.get('wayback')).toMatchObject({ configured: true, settings: [] });
    expect(status.get('otx')).toMatchObject({ configured: false, settings: ['OTX_URL'] });
    const providers = getProviders({ config, db: {} as never, clock: { now: () => new Date() } as never });
    expect(providers.webSearch).toBeNull();
    expect(providers.archives.map((a) => a.id)).toEqual(['wayback']);
    expect(config.providers.wayback?.url).toBe('https://archive.example');
  });
});
