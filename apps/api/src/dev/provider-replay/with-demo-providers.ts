// The development start's (and the e2e server's) demo providers: the replay server started, and
// every provider the operator has not configured pointed at it and labelled demo (the screens say
// so), without the real providers' quotas. A provider the operator configured is left as it is.
import type { AppConfig } from '../../config/env.js';
import type { ProvidersConfig } from '../../config/providers.config.js';
import { type ProviderReplay, startProviderReplay } from './provider-replay.js';

const UNLIMITED = 1_000_000;
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
  // The replay server has no quota: the demo's runs are not held to the real providers' windows.
  const limits = { ...own.limits };
  if (demo.has('web-search')) limits.webSearchPerDay = UNLIMITED;
  if (demo.has('github')) limits.githubSearchPerMinute = UNLIMITED;
  if (demo.has('rdap')) limits.rdapPerMinute = UNLIMITED;
  if (['wayback', 'commoncrawl', 'otx', 'urlscan'].every((id) => demo.has(id))) limits.archivePerMinute = UNLIMITED;
  return { config: { ...config, providers: { ...providers, demo, limits } }, replay };
}
