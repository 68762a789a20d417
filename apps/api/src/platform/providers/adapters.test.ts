// Each provider's adapter against the local replay server (dev/provider-replay), which answers in
// the provider's real shape: what each returns, its pagination, the credential it sends, a 5xx
// retried, a 429 (Retry-After, x-ratelimit-reset) or GitHub's secondary-limit 403 turned into
// ProviderThrottled, the deployment's window, a malformed page as a clear failure, the usage
// counted for the company, and no secret in an error. Every connection goes to 127.0.0.1.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { REPLAY_KEY } from '../../dev/provider-replay/provider-replay.js';
import type { ManualClock } from '../../shared/clock.js';
import { outsideLoopback, recordConnections } from '../../testing/connections.js';
import { newTenant, type Tenant } from '../../testing/monitoring.js';
import { type ProviderReplay, providerTestConfig, startProviderReplay } from '../../testing/providers.js';
import { openTestDatabase, type TestDatabase, testApp, type VigilApp } from '../../testing/test-app.js';
import { type ProviderCall, ProviderFailed, type Providers, ProviderThrottled } from './provider.types.js';
import { getProviders } from './providers.js';

let database: TestDatabase;
let app: VigilApp;
let clock: ManualClock;
let replay: ProviderReplay;
let providers: Providers;
let a: Tenant;
let call: ProviderCall;
const connections = recordConnections();
const domain = 'acme-adapters.test';

beforeAll(async () => {
  replay = await startProviderReplay({ fixtures: false });
  database = await openTestDatabase();
  const config = providerTestConfig(replay, { VIGIL_ROLE: 'api', GITHUB_SEARCH_PER_MINUTE: '5' });
  ({ app, clock } = await testApp(database, { config }));
  providers = getProviders(app.ctx);
  a = await newTenant(app, 'adapters');
  call = { companyId: a.companyId, runId: null };
  replay.add({
    webSearch: [
      {
        site: domain,
        contains: ['ext:sql'],
        results: Array.from({ length: 13 }, (_, i) => ({
          link: `https://www.${domain}/dump-${i}.sql`,
          title: `dump ${i}`,
          snippet: 'INSERT INTO users',
        })),
      },
    ],
    github: [
      {
        repository: 'acme-dev/shop',
        path: 'config/settings.py',
        content: `DB_HOST = "db.${domain}"\nPASSWORD = "hunter2-not-real"\n`,
        commit: { sha: 'c0ffee', author: 'dev1', date: '2025-03-04T05:06:07Z' },
      },
      { repository: 'other/thing', path: 'README.md', content: `see ${domain} for more` },
    ],
    webArchives: {
      wayback: [
        {
          domain,
          captures: [
            { url: `https://www.${domain}/.env`, timestamp: '20240131120000', status: 200, mime: 'text/plain' },
            { url: `https://www.${domain}/admin/`, timestamp: '20230101000000', status: 302, mime: 'text/html' },
            { url: `https://shop.${domain}/backup.zip`, timestamp: '20220615', status: null, mime: null },
          ],
        },
      ],
      commoncrawl: [
        { domain, captures: [{ url: `https://www.${domain}/db.sql`, timestamp: '20250101000000', status: 200 }] },
      ],
      otx: [
        {
          domain,
          captures: [{ url: `https://www.${domain}/login?token=x`, timestamp: '20240202000000', status: 200 }],
        },
      ],
      urlscan: [
        {
          domain,
          captures: [
            { url: `https://www.${domain}/`, timestamp: '20240303000000', status: 200, mime: 'text/html' },
            { url: `https://www.${domain}/phpmyadmin/`, timestamp: '20240304000000', status: 403 },
          ],
        },
      ],
    },
    rdap: {
      domains: {
        [domain]: {
          objectClassName: 'domain',
          ldhName: domain,
          status: ['client transfer prohibited'],
          events: [{ eventAction: 'registration', eventDate: '2024-05-06T07:08:09Z' }],
          entities: [
            {
              objectClassName: 'entity',
              roles: ['registrar'],
              vcardArray: [
                'vcard',
                [
                  ['version', {}, 'text', '4.0'],
                  ['fn', {}, 'text', 'Example Registrar, Inc.'],
                ],
              ],
              entities: [
                {
                  roles: ['abuse'],
                  vcardArray: [
                    'vcard',
                    [
                      ['version', {}, 'text', '4.0'],
                      ['email', {}, 'text', 'abuse@registrar.test'],
                    ],
                  ],
                },
              ],
            },
          ],
        },
      },
      ips: { '192.0.2.10': { objectClassName: 'ip network', name: 'EXAMPLE-NET', country: 'BR' } },
    },
  });
});
beforeEach(() => {
  for (const key of Object.keys(replay.switches)) delete replay.switches[key as keyof typeof replay.switches];
  replay.served.length = 0;
});
afterAll(async () => {
  connections.stop();
  await app?.close();
  await database?.close();
  await replay?.close();
});

async function usage(provider: string) {
  return app.ctx.db
    .selectFrom('provider_usage')
    .selectAll()
    .where('company_id', '=', a.companyId)
    .where('provider', '=', provider)
    .executeTakeFirst();
}

async function failure(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => new Error('expected a failure'),
    (error: unknown) => error,
  );
}

describe('web search (Programmable Search JSON)', () => {
  it('pages through the results with start, sending the key and the engine id, and counts usage', async () => {
    const search = providers.webSearch;
    if (!search) throw new Error('web search not configured');
    const first = await search.search(`site:${domain} ext:sql`, 1, call);
    expect(first.results).toHaveLength(10);
    expect(first.results[0]).toEqual({
      url: `https://www.${domain}/dump-0.sql`,
      title: 'dump 0',
      snippet: 'INSERT INTO users',
    });
    expect(first).toMatchObject({ nextStart: 11, total: 13 });
    const second = await search.search(`site:${domain} ext:sql`, first.nextStart ?? 0, call);
    expect(second.results.map((r) => r.title)).toEqual(['dump 10', 'dump 11', 'dump 12']);
    expect(second.nextStart).toBeNull();
    expect(replay.served.map((s) => [s.query.key, s.query.cx, s.query.start])).toEqual([
      [REPLAY_KEY, 'replay-engine', '1'],
      [REPLAY_KEY, 'replay-engine', '11'],
    ]);
    expect(await usage('web-search')).toMatchObject({ requests: 2, results: 13 });
  });

  it('answers no result with an empty page', async () => {
    const page = await providers.webSearch?.search('site:nowhere.test', 1, call);
    expect(page).toEqual({ results: [], nextStart: null, total: 0 });
  });

  it('retries a 5xx twice with a back-off, then fails clearly; one 5xx is absorbed', async () => {
    replay.switches.serverError = { provider: 'web-search', times: 1 };
    expect((await providers.webSearch?.search(`site:${domain} ext:sql`, 1, call))?.results).toHaveLength(10);
    replay.switches.serverError = { provider: 'web-search', times: 3 };
    const error = await failure(providers.webSearch?.search(`site:${domain} ext:sql`, 1, call) ?? Promise.resolve());
    expect(error).toBeInstanceOf(ProviderFailed);
    expect((error as Error).message).toBe('web-search: answered 502 (tried 3 times).');
    expect(replay.served.map((s) => s.status)).toEqual([502, 200, 502, 502, 502]);
  });

  it('fails clearly on a malformed page, counted as a failure, with no key in the message', async () => {
    const before = (await usage('web-search'))?.failures ?? 0;
    replay.switches.malformed = { provider: 'web-search' };
    const error = await failure(providers.webSearch?.search(`site:${domain} ext:sql`, 1, call) ?? Promise.resolve());
    expect(error).toBeInstanceOf(ProviderFailed);
    expect((error as Error).message).toBe('web-search: answered a malformed page (not JSON).');
    expect((error as Error).message).not.toContain(REPLAY_KEY);
    expect((await usage('web-search'))?.failures).toBe(before + 1);
  });

  it('turns a 429 into ProviderThrottled at Retry-After, blocking the provider for every company until then', async () => {
    replay.switches.throttle = { provider: 'web-search', retryAfter: '120' };
    const error = await failure(providers.webSearch?.search(`site:${domain}`, 1, call) ?? Promise.resolve());
    expect(error).toBeInstanceOf(ProviderThrottled);
    expect((error as ProviderThrottled).retryAt.getTime()).toBe(clock.now().getTime() + 120_000);
    // Blocked: the next request is not even sent until the time has come.
    const again = await failure(providers.webSearch?.search(`site:${domain}`, 1, call) ?? Promise.resolve());
    expect(again).toBeInstanceOf(ProviderThrottled);
    expect(replay.served).toHaveLength(1);
    clock.advance(121_000);
    expect((await providers.webSearch?.search(`site:${domain} ext:sql`, 1, call))?.results).toHaveLength(10);
    expect((await usage('web-search'))?.throttled).toBe(2);
  });
});

describe('code search (GitHub REST)', () => {
  it('finds files by their terms with text matches, sending the Bearer token, and pages by 100', async () => {
    const page = await providers.code?.search(`"${domain}"`, 1, call);
    expect(page?.hits.map((h) => h.repository).sort()).toEqual(['acme-dev/shop', 'other/thing']);
    expect(page).toMatchObject({ nextPage: null, total: 2, incomplete: false });
    const hit = page?.hits.find((h) => h.repository === 'acme-dev/shop');
    expect(hit?.fragments[0]).toContain(`db.${domain}`);
    expect(hit?.htmlUrl).toBe('https://github.com/acme-dev/shop/blob/c0ffee/config/settings.py');
    expect((await providers.code?.search(`org:acme-dev "${domain}"`, 1, call))?.hits).toHaveLength(1);
    expect(replay.served.every((s) => s.credential === REPLAY_KEY)).toBe(true);
    replay.switches.pageSize = 1;
    const first = await providers.code?.search(`"${domain}"`, 1, { ...call });
    expect(first?.hits).toHaveLength(1);
    expect(first?.nextPage).toBe(2);
  });

  it('reads a file (base64) and its last commit', async () => {
    const file = await providers.code?.file('acme-dev/shop', 'config/settings.py', 'c0ffee', call);
    expect(file).toEqual({ content: `DB_HOST = "db.${domain}"\nPASSWORD = "hunter2-not-real"\n`, truncated: false });
    const commit = await providers.code?.lastCommit('acme-dev/shop', 'config/settings.py', call);
    expect(commit).toEqual({ sha: 'c0ffee', author: 'dev1', date: new Date('2025-03-04T05:06:07Z') });
    expect(await providers.code?.lastCommit('acme-dev/shop', 'missing.txt', call)).toBeNull();
  });

  it('throttles on the window (10 searches a minute by default; 5 here) and on the secondary-limit 403', async () => {
    clock.advance(60_000);
    const errors: unknown[] = [];
    for (let i = 0; i < 6; i += 1)
      errors.push(await failure(providers.code?.search('hunter2', 1, call) ?? Promise.resolve()));
    expect(errors.slice(0, 5).every((e) => e instanceof Error && e.message === 'expected a failure')).toBe(true);
    expect(errors[5]).toBeInstanceOf(ProviderThrottled);
    clock.advance(60_000);
    replay.switches.throttle = { provider: 'github', header: 'secondary', retryAfter: '45' };
    const secondary = await failure(providers.code?.search('hunter2', 1, call) ?? Promise.resolve());
    expect((secondary as ProviderThrottled).retryAt.getTime()).toBe(clock.now().getTime() + 45_000);
    clock.advance(46_000);
    replay.switches.throttle = {
      provider: 'github',
      header: 'x-ratelimit-reset',
      retryAfter: String(Math.floor(clock.now().getTime() / 1000) + 300),
    };
    const primary = await failure(providers.code?.search('hunter2', 1, call) ?? Promise.resolve());
    expect((primary as ProviderThrottled).retryAt.getTime()).toBe(
      Math.floor(clock.now().getTime() / 1000) * 1000 + 300_000,
    );
    clock.advance(301_000);
  });
});

describe('web archives', () => {
  const all = async (id: string) => {
    const provider = providers.archives.find((p) => p.id === id);
    if (!provider) throw new Error(`${id} not configured`);
    const urls: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page = await provider.urls(domain, cursor, call);
      urls.push(...page.captures.map((c) => c.url));
      cursor = page.cursor;
      pages += 1;
    } while (cursor !== null && pages < 10);
    return { urls, pages };
  };

  it('reads Wayback CDX rows, paged by resume key', async () => {
    const page = await providers.archives.find((p) => p.id === 'wayback')?.urls(domain, null, call);
    expect(page?.captures[0]).toEqual({
      url: `https://www.${domain}/.env`,
      capturedAt: new Date('2024-01-31T12:00:00Z'),
      status: 200,
      mime: 'text/plain',
    });
    expect(page?.captures[2]).toMatchObject({ capturedAt: new Date('2022-06-15T00:00:00Z'), status: null });
    expect(replay.served[0]?.query).toMatchObject({ url: `*.${domain}/*`, output: 'json', collapse: 'urlkey' });
    replay.switches.pageSize = 2;
    expect(await all('wayback')).toEqual({
      urls: expect.arrayContaining([`https://shop.${domain}/backup.zip`]),
      pages: 2,
    });
  });

  it('reads the Common Crawl index (NDJSON, numbered pages), OTX (has_next) and urlscan (search_after)', async () => {
    expect(await all('commoncrawl')).toEqual({ urls: [`https://www.${domain}/db.sql`], pages: 1 });
    expect(await all('otx')).toEqual({ urls: [`https://www.${domain}/login?token=x`], pages: 1 });
    replay.switches.pageSize = 1;
    expect(await all('urlscan')).toEqual({
      urls: [`https://www.${domain}/`, `https://www.${domain}/phpmyadmin/`],
      pages: 2,
    });
    const keys = replay.served.filter((s) => s.provider === 'otx' || s.provider === 'urlscan').map((s) => s.credential);
    expect(keys.every((k) => k === REPLAY_KEY)).toBe(true);
    const none = await providers.archives.find((p) => p.id === 'commoncrawl')?.urls('unknown.test', null, call);
    expect(none).toEqual({ captures: [], cursor: null });
  });

  it('fails clearly on a page in an unexpected shape', async () => {
    replay.switches.malformed = { provider: 'otx' };
    const error = await failure(
      providers.archives.find((p) => p.id === 'otx')?.urls(domain, null, call) ?? Promise.resolve(),
    );
    expect((error as Error).message).toBe('otx: answered a malformed page (not JSON).');
  });
});

describe('RDAP', () => {
  it("reads a domain's registrar, registration, status and abuse contact, and a network; unknown is null", async () => {
    expect(await providers.rdap?.domain(domain, call)).toEqual({
      registrar: 'Example Registrar, Inc.',
      registeredAt: new Date('2024-05-06T07:08:09Z'),
      status: ['client transfer prohibited'],
      abuseEmail: 'abuse@registrar.test',
    });
    expect(await providers.rdap?.ip('192.0.2.10', call)).toEqual({ name: 'EXAMPLE-NET', country: 'BR' });
    expect(await providers.rdap?.domain('unknown.test', call)).toBeNull();
  });
});

describe('nothing leaves the machine', () => {
  it('every connection of this file went to 127.0.0.1', () => {
    expect(connections.targets().length).toBeGreaterThan(0);
    expect(outsideLoopback(connections.targets())).toEqual([]);
  });
});
