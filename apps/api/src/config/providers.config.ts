// The external providers' settings (issue 18), from the environment env.ts parsed: a provider is
// configured only when every one of its settings is set, so no public address is ever contacted
// unless an operator names it. The development start and the e2e server point the providers that
// are not configured at the local replay server (dev/provider-replay), labelled demo.

export interface ProvidersConfig {
  webSearch: { url: string; key: string; engineId: string } | undefined;
  github: { url: string; token: string } | undefined;
  wayback: { url: string } | undefined;
  commoncrawl: { url: string; index: string } | undefined;
  otx: { url: string; key: string } | undefined;
  urlscan: { url: string; key: string } | undefined;
  rdap: { url: string } | undefined;
  /** Requests per window (the deployment's quota; one window per provider, shared by every process). */
  limits: { webSearchPerDay: number; githubSearchPerMinute: number; archivePerMinute: number; rdapPerMinute: number };
  timeoutMs: number;
  /** Set by the platform only (development start, e2e server): the providers answered by the replay server. */
  demo: ReadonlySet<string>;
  /** The first wait before retrying a 5xx (doubled once); tests shorten it. */
  retryBaseMs: number;
  /** Per provider, the settings the environment left unset (what the screens ask an operator to set). */
  unset: Readonly<Record<keyof typeof providerSettings, readonly string[]>>;
}

/** The settings each provider needs, in the order the screens name them. */
export const providerSettings = {
  'web-search': ['SEARCH_API_URL', 'SEARCH_API_KEY', 'SEARCH_ENGINE_ID'],
  github: ['GITHUB_API_URL', 'GITHUB_TOKEN'],
  wayback: ['WAYBACK_URL'],
  commoncrawl: ['COMMONCRAWL_URL', 'COMMONCRAWL_INDEX'],
  otx: ['OTX_URL', 'OTX_API_KEY'],
  urlscan: ['URLSCAN_URL', 'URLSCAN_API_KEY'],
  rdap: ['RDAP_URL'],
} as const;

export type ProviderEnv = Partial<Record<(typeof providerSettings)[keyof typeof providerSettings][number], string>> & {
  SEARCH_API_DAILY_QUOTA: number;
  GITHUB_SEARCH_PER_MINUTE: number;
  ARCHIVE_REQUESTS_PER_MINUTE: number;
  RDAP_REQUESTS_PER_MINUTE: number;
  PROVIDER_TIMEOUT_MS: number;
};

const base = (url: string) => url.replace(/\/+$/, '');

export function providersConfigOf(env: ProviderEnv): ProvidersConfig {
  const e = env;
  const unsetOf = (id: keyof typeof providerSettings) => providerSettings[id].filter((name) => !e[name]);
  return {
    webSearch:
      e.SEARCH_API_URL && e.SEARCH_API_KEY && e.SEARCH_ENGINE_ID
        ? { url: base(e.SEARCH_API_URL), key: e.SEARCH_API_KEY, engineId: e.SEARCH_ENGINE_ID }
        : undefined,
    github: e.GITHUB_API_URL && e.GITHUB_TOKEN ? { url: base(e.GITHUB_API_URL), token: e.GITHUB_TOKEN } : undefined,
    wayback: e.WAYBACK_URL ? { url: base(e.WAYBACK_URL) } : undefined,
    commoncrawl:
      e.COMMONCRAWL_URL && e.COMMONCRAWL_INDEX
        ? { url: base(e.COMMONCRAWL_URL), index: e.COMMONCRAWL_INDEX }
        : undefined,
    otx: e.OTX_URL && e.OTX_API_KEY ? { url: base(e.OTX_URL), key: e.OTX_API_KEY } : undefined,
    urlscan: e.URLSCAN_URL && e.URLSCAN_API_KEY ? { url: base(e.URLSCAN_URL), key: e.URLSCAN_API_KEY } : undefined,
    rdap: e.RDAP_URL ? { url: base(e.RDAP_URL) } : undefined,
    limits: {
      webSearchPerDay: e.SEARCH_API_DAILY_QUOTA,
      githubSearchPerMinute: e.GITHUB_SEARCH_PER_MINUTE,
      archivePerMinute: e.ARCHIVE_REQUESTS_PER_MINUTE,
      rdapPerMinute: e.RDAP_REQUESTS_PER_MINUTE,
    },
    timeoutMs: e.PROVIDER_TIMEOUT_MS,
    demo: new Set(),
    retryBaseMs: 500,
    unset: {
      'web-search': unsetOf('web-search'),
      github: unsetOf('github'),
      wayback: unsetOf('wayback'),
      commoncrawl: unsetOf('commoncrawl'),
      otx: unsetOf('otx'),
      urlscan: unsetOf('urlscan'),
      rdap: unsetOf('rdap'),
    },
  };
}
