// The local DNS server answers real DNS messages: Node's resolver (c-ares) asks it over UDP, and
// over TCP when an answer is too long for UDP; names it does not hold are NXDOMAIN, a CNAME to one
// of them is dangling, a wildcard covers the rest of its domain.
import { Resolver } from 'node:dns/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DnsServer, startDnsServer } from './dns-server.js';

let server: DnsServer;
const resolver = new Resolver({ timeout: 2000, tries: 1 });

beforeAll(async () => {
  server = await startDnsServer({
    'a.example': [
      { type: 'A', data: '127.0.0.1' },
      { type: 'MX', data: { preference: 10, exchange: 'mx.a.example' } },
      { type: 'CAA', data: { flags: 0, tag: 'issue', value: 'ca.example' } },
    ],
    'old.a.example': [{ type: 'CNAME', data: 'gone.elsewhere.example' }],
    'big.a.example': Array.from({ length: 20 }, (_, i) => ({
      type: 'TXT' as const,
      data: `record ${i} ${'x'.repeat(40)}`,
    })),
    '*.wild.example': [{ type: 'A', data: '127.0.0.1' }],
    '*.deep.example': [{ type: 'A', data: '127.0.0.1' }],
  });
  resolver.setServers([`127.0.0.1:${server.port}`]);
});
afterAll(async () => {
  await server?.close();
});

describe('the local DNS server', () => {
  it('answers A, MX and CAA over UDP', async () => {
    expect(await resolver.resolve4('a.example')).toEqual(['127.0.0.1']);
    expect(await resolver.resolveMx('a.example')).toEqual([{ priority: 10, exchange: 'mx.a.example' }]);
    expect(await resolver.resolveCaa('a.example')).toEqual([{ critical: 0, issue: 'ca.example' }]);
  });

  it('answers a long answer over TCP after a truncated UDP one', async () => {
    const before = server.questions.filter((q) => q === 'big.a.example TXT').length;
    expect(await resolver.resolveTxt('big.a.example')).toHaveLength(20);
    // Asked twice: once over UDP (truncated), once over TCP.
    expect(server.questions.filter((q) => q === 'big.a.example TXT').length - before).toBe(2);
  });

  it('says NXDOMAIN for unknown names and through a dangling CNAME, and follows a wildcard', async () => {
    await expect(resolver.resolve4('nowhere.a.example')).rejects.toMatchObject({ code: 'ENOTFOUND' });
    expect(await resolver.resolveCname('old.a.example')).toEqual(['gone.elsewhere.example']);
    await expect(resolver.resolve4('old.a.example')).rejects.toMatchObject({ code: 'ENOTFOUND' });
    await expect(resolver.resolveTxt('a.example')).rejects.toMatchObject({ code: 'ENODATA' });
    expect(await resolver.resolve4('anything.wild.example')).toEqual(['127.0.0.1']);
    expect(await resolver.resolve4('two.levels.deep.example')).toEqual(['127.0.0.1']);
  });
});
