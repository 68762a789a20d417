// The development start's (and the e2e server's) demo providers: the replay server started, and
// every provider the operator has not configured pointed at it and labelled demo (the screens say
// so). A provider the operator configured is left as it is.
import type { AppConfig } from '../../config/env.js';
import type { ProvidersConfig } from '../../config/providers.config.js';
import { type ProviderReplay, startProviderReplay } from './provider-replay.js';

const keys = ['webSearch', 'github', 'wayback', 'commoncrawl', 'otx', 'urlscan', 'rdap'] as const;
const ids = {
  webSearch: 'web-search',
  github: 'github',
  wayback: 'wayback',
  commoncrawl: 'commoncrawl',
  otx: 'otx',
  urlscan: 'urlscan',
  rdap: 'rdap',
} as const;

export async function withDemoProviders(config: AppConfig): Promise<{ config: AppConfig; replay: ProviderReplay }> {
  const replay = await startProviderReplay();
  const local = replay.config(config.providers, true);
  const own = config.providers;
  const providers: ProvidersConfig = { ...own, demo: new Set() };
  const demo = new Set<string>();
  for (const key of keys) {
    if (own[key]) continue;
    Object.assign(providers, { [key]: local[key] });
    demo.add(ids[key]);
  }
  return { config: { ...config, providers: { ...providers, demo } }, replay };
}
