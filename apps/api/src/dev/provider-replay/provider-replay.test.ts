// The replay server itself: fixture files merged per provider folder, each provider's credential
// checked as the provider does (the adapters' refusal is a clear failure without the key), and the
// development start's demo providers (only those the operator left unconfigured, labelled demo).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../testing/test-app.js';
import { type ProviderReplay, startProviderReplay } from './provider-replay.js';
import { withDemoProviders } from './with-demo-providers.js';

const dir = mkdtempSync(join(tmpdir(), 'vigil-replay-'));
const write = (path: string, body: unknown) => {
  mkdirSync(join(dir, path, '..'), { recursive: true });
  writeFileSync(join(dir, path), JSON.stringify(body));
};
const servers: ProviderReplay[] = [];
afterAll(async () => {
  for (const server of servers) await server.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the replay server', () => {
  it('merges every fixture file of a provider folder and answers in the provider shape', async () => {
    const result = (n: number) => ({ link: `https://a.test/${n}`, title: `t${n}`, snippet: '' });
    write('web-search/one.json', { entries: [{ site: 'a.test', results: [result(1)] }] });
    write('web-search/more/two.json', { entries: [{ site: 'a.test', contains: ['ext:sql'], results: [result(2)] }] });
    write('rdap/x.json', { domains: { 'a.test': { objectClassName: 'domain', ldhName: 'a.test' } } });
    const replay = await startProviderReplay({ fixturesDir: dir });
    servers.push(replay);
    const search = async (q: string) => {
      const response = await fetch(`${replay.url('web-search')}/customsearch/v1?key=k&cx=c&q=${encodeURIComponent(q)}`);
      return ((await response.json()) as { items?: { link: string }[] }).items?.map((i) => i.link) ?? [];
    };
    expect(await search('site:a.test')).toEqual(['https://a.test/1']);
    expect((await search('site:a.test ext:sql')).sort()).toEqual(['https://a.test/1', 'https://a.test/2']);
    const rdap = await fetch(`${replay.url('rdap')}/domain/a.test`);
    expect(rdap.headers.get('content-type')).toBe('application/rdap+json');
    expect(await rdap.json()).toMatchObject({ ldhName: 'a.test' });
    expect((await fetch(`${replay.url('rdap')}/domain/b.test`)).status).toBe(404);
  });

  it('refuses a request without the credential as each provider does', async () => {
    const replay = await startProviderReplay({ fixtures: false });
    servers.push(replay);
    const status = async (path: string, headers: Record<string, string> = {}) =>
      (await fetch(`http://127.0.0.1:${replay.port}${path}`, { headers })).status;
    expect(await status('/web-search/customsearch/v1?cx=c&q=x')).toBe(400);
    expect(await status('/github/search/code?q=x')).toBe(401);
    expect(await status('/github/search/code?q=x', { authorization: 'Bearer t' })).toBe(200);
    expect(await status('/otx/api/v1/indicators/domain/a.test/url_list')).toBe(403);
    expect(await status('/urlscan/api/v1/search/?q=domain:a.test')).toBe(401);
    expect(await status('/urlscan/api/v1/search/?q=domain:a.test', { 'api-key': 'k' })).toBe(200);
    expect(await status('/nowhere/x')).toBe(404);
    expect(replay.served.map((s) => s.credential)).toEqual([null, null, 't', null, null, 'k']);
  });
});

describe('the demo providers of a development start', () => {
  it('point every provider the operator left unconfigured at the replay server, labelled demo, without a quota', async () => {
    const base = testConfig({ GITHUB_API_URL: 'https://github.example', GITHUB_TOKEN: 'operator-token' });
    const { config, replay } = await withDemoProviders(base);
    servers.push(replay);
    expect(config.providers.github).toEqual({ url: 'https://github.example', token: 'operator-token' });
    expect(config.providers.webSearch?.url).toBe(replay.url('web-search'));
    expect([...config.providers.demo].sort()).toEqual([
      'commoncrawl',
      'otx',
      'rdap',
      'urlscan',
      'wayback',
      'web-search',
    ]);
  });
});
