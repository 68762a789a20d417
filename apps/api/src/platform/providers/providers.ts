// The deployment's providers, built from configuration once per app context: a provider whose
// settings are not all set is null (or absent from the archives), never contacted. Each adapter
// reaches its provider through ProviderHttp (timeouts, size cap, retries, throttling, usage).
import type { AppContext } from '../../app-context.js';
import type { AppConfig } from '../../config/env.js';
import { providerSettings } from '../../config/providers.config.js';
import { commonCrawlAdapter, otxAdapter, urlscanAdapter, waybackAdapter } from './adapters/archive.adapters.js';
import { githubAdapter } from './adapters/github.adapter.js';
import { rdapAdapter } from './adapters/rdap.adapter.js';
import { webSearchAdapter } from './adapters/web-search.adapter.js';
import {
  type ArchiveProvider,
  type ProviderId,
  type ProviderStatus,
  type Providers,
  providerIds,
} from './provider.types.js';
import { ProviderHttp } from './provider-http.js';
import type { ProviderLimit } from './provider-usage.js';

type ProvidersContext = Pick<AppContext, 'db' | 'clock' | 'config'>;

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** The window each provider's requests are counted in (search requests; GitHub's file reads are not). */
export function providerLimit(config: AppConfig, id: ProviderId): ProviderLimit {
  const limits = config.providers.limits;
  if (id === 'web-search') return { max: limits.webSearchPerDay, windowMs: DAY };
  if (id === 'github') return { max: limits.githubSearchPerMinute, windowMs: MINUTE };
  if (id === 'rdap') return { max: limits.rdapPerMinute, windowMs: MINUTE };
  return { max: limits.archivePerMinute, windowMs: MINUTE };
}

/** The settings still to set for a provider (names only, those the environment left unset); none when configured. */
export function missingSettings(config: AppConfig, id: ProviderId): string[] {
  const p = config.providers;
  const configured = {
    'web-search': p.webSearch,
    github: p.github,
    wayback: p.wayback,
    commoncrawl: p.commoncrawl,
    otx: p.otx,
    urlscan: p.urlscan,
    rdap: p.rdap,
  }[id];
  if (configured) return [];
  const unset = p.unset[id];
  return unset.length > 0 ? [...unset] : [...providerSettings[id]];
}

/** The reason a run of a provider that is not configured fails. */
export function unconfiguredReason(config: AppConfig, id: ProviderId): string {
  return `${id} is not configured: set ${missingSettings(config, id).join(', ')}.`;
}

function build(ctx: ProvidersContext): Providers {
  const { config } = ctx;
  const p = config.providers;
  const http = (id: ProviderId, secrets: string[]) => new ProviderHttp(ctx, id, secrets);
  const archives: ArchiveProvider[] = [];
  if (p.wayback) archives.push(waybackAdapter(http('wayback', []), p.wayback, providerLimit(config, 'wayback')));
  if (p.commoncrawl) {
    archives.push(commonCrawlAdapter(http('commoncrawl', []), p.commoncrawl, providerLimit(config, 'commoncrawl')));
  }
  if (p.otx) archives.push(otxAdapter(http('otx', [p.otx.key]), p.otx, providerLimit(config, 'otx')));
  if (p.urlscan)
    archives.push(urlscanAdapter(http('urlscan', [p.urlscan.key]), p.urlscan, providerLimit(config, 'urlscan')));
  return {
    webSearch: p.webSearch
      ? webSearchAdapter(http('web-search', [p.webSearch.key]), p.webSearch, providerLimit(config, 'web-search'))
      : null,
    code: p.github ? githubAdapter(http('github', [p.github.token]), p.github, providerLimit(config, 'github')) : null,
    archives,
    rdap: p.rdap ? rdapAdapter(http('rdap', []), p.rdap, providerLimit(config, 'rdap')) : null,
    status: () => providerStatus(config),
  };
}

export function providerStatus(config: AppConfig): ProviderStatus[] {
  return providerIds.map((id) => {
    const settings = missingSettings(config, id);
    return { id, configured: settings.length === 0, settings, demo: config.providers.demo.has(id) };
  });
}

const cache = new WeakMap<ProvidersContext, Providers>();

/** The deployment's providers (built once per app context). */
export function getProviders(ctx: ProvidersContext): Providers {
  let providers = cache.get(ctx);
  if (!providers) {
    providers = build(ctx);
    cache.set(ctx, providers);
  }
  return providers;
}
