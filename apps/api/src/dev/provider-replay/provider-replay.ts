// The local replay server of the external providers (issue 18), for the tests, the development
// start and the e2e server: one HTTP server on 127.0.0.1 answering each provider under its own
// prefix (/web-search, /github, /wayback, /commoncrawl, /otx, /urlscan, /rdap) in its real request
// and response shape, from recorded data (replay-fixtures.ts). It checks each provider's credential
// the way the provider does. `switches` make it misbehave as providers do, for the tests: a 429
// (or GitHub's secondary-limit 403) with Retry-After or x-ratelimit-reset, a 5xx, a malformed page,
// and small pages to force pagination.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ProvidersConfig } from '../../config/providers.config.js';
import type { ProviderId } from '../../platform/providers/provider.types.js';
import {
  commonCrawlAnswer,
  githubAnswer,
  otxAnswer,
  type ReplayAnswer,
  rdapAnswer,
  urlscanAnswer,
  waybackAnswer,
  webSearchAnswer,
} from './replay-answers.js';
import { emptyReplayData, loadReplayData, type ReplayData } from './replay-fixtures.js';

export const REPLAY_KEY = 'replay-key';

export interface ReplaySwitches {
  /** The next `times` requests to the provider are refused as too many. */
  throttle?: {
    provider: ProviderId;
    times?: number;
    retryAfter?: string;
    header?: 'retry-after' | 'x-ratelimit-reset' | 'secondary';
  };
  /** The next `times` requests answer 502. */
  serverError?: { provider: ProviderId; times?: number };
  /** Requests to the provider after `after` good ones answer a truncated JSON page. */
  malformed?: { provider: ProviderId; after?: number };
  /** Results per page, whatever the request asks (pagination in tests). */
  pageSize?: number;
}

export interface ServedRequest {
  provider: ProviderId;
  path: string;
  query: Record<string, string>;
  /** The credential the request carried (header or key parameter), or null. */
  credential: string | null;
  status: number;
}

export interface ProviderReplay {
  port: number;
  url(provider: ProviderId): string;
  data: ReplayData;
  switches: ReplaySwitches;
  served: ServedRequest[];
  /** Adds recorded data beside the fixtures (tests). */
  add(more: Partial<ReplayData>): void;
  /** The providers' settings pointing here (every provider configured), demo-labelled when asked. */
  config(base: ProvidersConfig, demo?: boolean): ProvidersConfig;
  close(): Promise<void>;
}

type Answerer = (data: ReplayData, path: string, query: URLSearchParams, pageSize?: number) => ReplayAnswer | undefined;
const answerers: Record<ProviderId, Answerer> = {
  'web-search': webSearchAnswer,
  github: githubAnswer,
  wayback: waybackAnswer,
  commoncrawl: commonCrawlAnswer,
  otx: otxAnswer,
  urlscan: urlscanAnswer,
  rdap: (data, path) => rdapAnswer(data, path),
};

/** The credential each provider expects, and its refusal when missing. */
function credentialOf(provider: ProviderId, request: IncomingMessage, query: URLSearchParams): string | null {
  const header = (name: string) => {
    const value = request.headers[name];
    return typeof value === 'string' && value !== '' ? value : null;
  };
  if (provider === 'web-search') return query.get('key');
  if (provider === 'github') return header('authorization')?.replace(/^Bearer /, '') ?? null;
  if (provider === 'otx') return header('x-otx-api-key');
  if (provider === 'urlscan') return header('api-key');
  return '';
}

function refusal(provider: ProviderId): ReplayAnswer {
  if (provider === 'github') return { status: 401, body: JSON.stringify({ message: 'Requires authentication' }) };
  if (provider === 'otx') return { status: 403, body: JSON.stringify({ detail: 'Authentication required' }) };
  if (provider === 'web-search') {
    const error = {
      code: 400,
      message: 'Missing API key',
      errors: [{ message: 'Missing API key', reason: 'badRequest' }],
    };
    return { status: 400, body: JSON.stringify({ error }) };
  }
  return { status: 401, body: JSON.stringify({ message: 'Missing API key', status: 401 }) };
}

function misbehaviour(provider: ProviderId, switches: ReplaySwitches, good: number): ReplayAnswer | undefined {
  const { throttle, serverError, malformed } = switches;
  if (throttle?.provider === provider && (throttle.times ?? 1) > 0) {
    throttle.times = (throttle.times ?? 1) - 1;
    const wait = throttle.retryAfter ?? '30';
    if (throttle.header === 'x-ratelimit-reset') {
      return {
        status: 429,
        body: '{"message":"API rate limit exceeded"}',
        headers: { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': wait },
      };
    }
    if (throttle.header === 'secondary') {
      return {
        status: 403,
        body: '{"message":"You have exceeded a secondary rate limit."}',
        headers: { 'retry-after': wait },
      };
    }
    return { status: 429, body: '{"error":{"code":429,"message":"Quota exceeded"}}', headers: { 'retry-after': wait } };
  }
  if (serverError?.provider === provider && (serverError.times ?? 1) > 0) {
    serverError.times = (serverError.times ?? 1) - 1;
    return { status: 502, body: '<html><body>Bad gateway</body></html>', type: 'text/html' };
  }
  if (malformed?.provider === provider && good >= (malformed.after ?? 0)) {
    return { status: 200, body: '{"items": [{"link": "https://trunc' };
  }
  return undefined;
}

/** Starts the server with the recorded fixtures (or those of `fixturesDir`, or none). */
export async function startProviderReplay(
  options: { fixtures?: boolean; fixturesDir?: string } = {},
): Promise<ProviderReplay> {
  const data = options.fixtures === false ? emptyReplayData() : loadReplayData(options.fixturesDir);
  const switches: ReplaySwitches = {};
  const served: ServedRequest[] = [];
  const good = new Map<ProviderId, number>();

  const handle = (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://replay.invalid');
    const [, prefix, ...rest] = url.pathname.split('/');
    const provider = prefix as ProviderId;
    const answerer = Object.hasOwn(answerers, provider) ? answerers[provider] : undefined;
    const path = `/${rest.join('/')}`;
    let answer: ReplayAnswer | undefined;
    const credential = answerer ? credentialOf(provider, request, url.searchParams) : null;
    if (!answerer || request.method !== 'GET') answer = undefined;
    else if (credential === null) answer = refusal(provider);
    else
      answer =
        misbehaviour(provider, switches, good.get(provider) ?? 0) ??
        answerer(data, path, url.searchParams, switches.pageSize);
    const final = answer ?? { status: 404, body: '{"message":"Not Found"}' };
    if (answerer) {
      if (final.status < 400) good.set(provider, (good.get(provider) ?? 0) + 1);
      served.push({ provider, path, query: Object.fromEntries(url.searchParams), credential, status: final.status });
    }
    response.writeHead(final.status, { 'content-type': final.type ?? 'application/json', ...final.headers });
    response.end(final.body);
  };

  const server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const url = (provider: ProviderId) => `http://127.0.0.1:${port}/${provider}`;
  return {
    port,
    url,
    data,
    switches,
    served,
    add(more) {
      data.webSearch.push(...(more.webSearch ?? []));
      data.github.push(...(more.github ?? []));
      for (const [id, list] of Object.entries(more.webArchives ?? {}))
        data.webArchives[id as keyof ReplayData['webArchives']].push(...list);
      Object.assign(data.rdap.domains, more.rdap?.domains ?? {});
      Object.assign(data.rdap.ips, more.rdap?.ips ?? {});
    },
    config(base, demo = false) {
      return {
        ...base,
        webSearch: { url: url('web-search'), key: REPLAY_KEY, engineId: 'replay-engine' },
        github: { url: url('github'), token: REPLAY_KEY },
        wayback: { url: url('wayback') },
        commoncrawl: { url: url('commoncrawl'), index: 'CC-MAIN-2025-05' },
        otx: { url: url('otx'), key: REPLAY_KEY },
        urlscan: { url: url('urlscan'), key: REPLAY_KEY },
        rdap: { url: url('rdap') },
        demo: demo ? new Set(['web-search', 'github', 'wayback', 'commoncrawl', 'otx', 'urlscan', 'rdap']) : new Set(),
      };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
