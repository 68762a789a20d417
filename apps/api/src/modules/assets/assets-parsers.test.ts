// The assets parsers on fixtures in each tool's real format (fixtures/), read in 100-byte chunks as
// uploads are: what each line gives, and each malformed line rejected with its line and reason.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { ParsedItem, Upload } from '../../platform/imports/import.types.js';
import type { StoredFile } from '../../platform/imports/import-files.repository.js';
import { openUpload } from '../../platform/imports/import-unpack.js';
import type { AssetRecord } from './assets.graph.js';
import { hostName, netblock, registeredDomain, service } from './assets.values.js';
import { parseAssetsCsv } from './assets-csv.parser.js';
import { parseHosts } from './hosts.parser.js';
import { parseNmap } from './nmap.parser.js';
import { parseHttpx, parseSubfinder } from './recon.parser.js';

function fixture(name: string): Upload {
  const content = readFileSync(new URL(`./fixtures/${name}`, import.meta.url));
  const stored: StoredFile = {
    size: content.length,
    async *read(start = 0, end = content.length) {
      for (let at = start; at < end; at += 100) yield content.subarray(at, Math.min(end, at + 100));
    },
  };
  return openUpload(stored, name, false);
}

async function parse(parser: (upload: Upload) => AsyncIterable<ParsedItem<AssetRecord>>, name: string) {
  const records: AssetRecord[] = [];
  const rejects: { line: number; reason: string }[] = [];
  for await (const item of parser(fixture(name))) {
    if (item.kind === 'record') records.push(item.record);
    else if (item.kind === 'reject') rejects.push({ line: item.line, reason: item.reason });
  }
  return { records, rejects };
}

/** A record's nodes as `type value` and edges as `from kind to` (values), to compare at a glance. */
function shape(record: AssetRecord) {
  const name = (i: number) => record.nodes[i]?.value;
  return {
    nodes: record.nodes.map((n) => `${n.type} ${n.value}`),
    edges: record.edges.map((e) => `${name(e.from)} ${e.kind} ${name(e.to)}`),
  };
}

describe('asset values', () => {
  it('normalises each type to one form and refuses what is not one', () => {
    expect(hostName('WWW.Example.COM.')).toEqual({ ok: true, value: 'www.example.com' });
    expect(hostName('localhost').ok).toBe(false);
    expect(netblock('10.1.2.3/8')).toEqual({ ok: true, value: '10.0.0.0/8' });
    expect(netblock('2001:db8::1/32')).toEqual({ ok: true, value: '2001:db8::/32' });
    expect(netblock('10.0.0.0/33').ok).toBe(false);
    expect(service('[2001:db8::1]:443')).toEqual({ ok: true, value: '[2001:db8::1]:443/tcp' });
    expect(service('host.example:0').ok).toBe(false);
    expect(registeredDomain('a.b.shop.co.uk')).toBe('shop.co.uk');
    expect(registeredDomain('a.b.example.com')).toBe('example.com');
  });
});

describe('host list', () => {
  it('reads host names, IPs, netblocks, URLs and services, each with its parents', async () => {
    const { records, rejects } = await parse(parseHosts, 'hosts.txt');
    expect(records.map(shape)).toEqual([
      { nodes: ['domain example-shop.example'], edges: [] },
      {
        nodes: ['subdomain www.example-shop.example', 'domain example-shop.example'],
        edges: ['www.example-shop.example subdomain_of example-shop.example'],
      },
      {
        nodes: ['subdomain api.example-shop.example', 'domain example-shop.example'],
        edges: ['api.example-shop.example subdomain_of example-shop.example'],
      },
      {
        nodes: [
          'url https://portal.example-shop.example/login',
          'subdomain portal.example-shop.example',
          'domain example-shop.example',
        ],
        edges: [
          'portal.example-shop.example subdomain_of example-shop.example',
          'portal.example-shop.example hosts_url https://portal.example-shop.example/login',
        ],
      },
      { nodes: ['ip 198.51.100.7'], edges: [] },
      { nodes: ['ip 2001:db8::1'], edges: [] },
      { nodes: ['netblock 198.51.100.0/24'], edges: [] },
      {
        nodes: [
          'service vpn.example-shop.example:8443/tcp',
          'subdomain vpn.example-shop.example',
          'domain example-shop.example',
        ],
        edges: [
          'vpn.example-shop.example subdomain_of example-shop.example',
          'vpn.example-shop.example has_service vpn.example-shop.example:8443/tcp',
        ],
      },
      {
        nodes: ['subdomain xn--bcher-kva.example-shop.example', 'domain example-shop.example'],
        edges: ['xn--bcher-kva.example-shop.example subdomain_of example-shop.example'],
      },
    ]);
    expect(rejects).toEqual([
      { line: 11, reason: '"not a host" is not a host name.' },
      { line: 12, reason: '"-bad-.example-shop.example" is not a host name.' },
      { line: 13, reason: '"localhost" is not a host name.' },
    ]);
  });
});

describe('assets CSV', () => {
  it('reads typed rows with tags and owner; refuses unknown types, bad values, quotes and tags', async () => {
    const { records, rejects } = await parse(parseAssetsCsv, 'assets.csv');
    expect(
      records.map((r) => `${r.nodes[0]?.type} ${r.nodes[0]?.value} [${r.nodes[0]?.tags}] ${r.nodes[0]?.owner}`),
    ).toEqual([
      'domain example-shop.example [crown-jewel,brand] IT Operations',
      'subdomain shop.example-shop.example [pci] E-commerce, Payments',
      'email_domain example-shop.example [mail] null',
      'netblock 203.0.113.0/25 [datacenter] Network Team',
      'service mail.example-shop.example:25/tcp [] Mail Team',
      `certificate ${'abcdef0123456789'.repeat(4)} [] null`,
      'subdomain www.example-shop.example [public] Web Team',
    ]);
    expect(rejects).toEqual([
      { line: 9, reason: expect.stringMatching(/^Unknown type "printer"/) },
      { line: 10, reason: '"999.1.1.1" is not an IP address.' },
      { line: 11, reason: 'Unclosed quote (one record per line).' },
      { line: 12, reason: expect.stringMatching(/^Tag "bad tag!" is not a tag/) },
    ]);
  });

  it('refuses a file without a header naming the value column', async () => {
    const upload = openUpload(
      {
        size: 20,
        async *read() {
          yield Buffer.from('www.example.com,pci\n');
        },
      },
      'x.csv',
      false,
    );
    const items: ParsedItem<AssetRecord>[] = [];
    for await (const item of parseAssetsCsv(upload)) items.push(item);
    expect(items).toMatchObject([
      // Refused once for the whole file (line 0), saying what it reads.
      { kind: 'reject', line: 0, reason: expect.stringMatching(/header names the column "value"/) },
    ]);
  });
});

describe('subfinder and amass JSON lines', () => {
  it('reads subfinder lines with their source and resolved IP', async () => {
    const { records, rejects } = await parse(parseSubfinder, 'subfinder.jsonl');
    expect(records.map(shape)[2]).toEqual({
      nodes: ['subdomain dev.example-shop.example', 'domain example-shop.example', 'ip 198.51.100.20'],
      edges: [
        'dev.example-shop.example subdomain_of example-shop.example',
        'dev.example-shop.example resolves_to 198.51.100.20',
      ],
    });
    expect(records[0]?.nodes[0]?.details).toEqual({ found_by: ['crtsh'] });
    expect(rejects).toEqual([
      { line: 4, reason: 'www.other.example is not under example-shop.example.' },
      { line: 5, reason: 'Missing host (subfinder) or name (amass).' },
      { line: 6, reason: 'Not valid JSON.' },
      { line: 7, reason: 'Line is not a JSON object.' },
    ]);
  });

  it('reads amass lines with addresses, netblocks and ASNs', async () => {
    const { records, rejects } = await parse(parseSubfinder, 'amass.jsonl');
    expect(records.map(shape)[0]).toEqual({
      nodes: [
        'subdomain api.example-shop.example',
        'domain example-shop.example',
        'ip 198.51.100.10',
        'netblock 198.51.100.0/24',
      ],
      edges: [
        'api.example-shop.example subdomain_of example-shop.example',
        'api.example-shop.example resolves_to 198.51.100.10',
        '198.51.100.10 in_netblock 198.51.100.0/24',
      ],
    });
    expect(records[0]?.nodes[2]?.details).toEqual({ asn: 64500, as_name: 'EXAMPLE-NET - Example Networks' });
    expect(records[1]?.nodes.map((n) => n.value)).toContain('2001:db8::/32');
    expect(rejects).toEqual([{ line: 3, reason: 'x.example-shop.example: "300.1.1.1" is not an IP address.' }]);
  });
});

describe('httpx JSON lines', () => {
  it('reads the URL, host, addresses, CNAME, service, certificate and redirect', async () => {
    const { records, rejects } = await parse(parseHttpx, 'httpx.jsonl');
    const first = records[0];
    expect(first && shape(first).edges).toEqual([
      'www.example-shop.example subdomain_of example-shop.example',
      'www.example-shop.example hosts_url https://www.example-shop.example/',
      'www.example-shop.example has_service www.example-shop.example:443/tcp',
      'www.example-shop.example resolves_to 198.51.100.10',
      'www.example-shop.example serves_certificate 9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08',
      'https://www.example-shop.example/ redirects_to https://www.example-shop.example/home',
    ]);
    // The CDN's CNAME is a third party's name: a detail of the host, not a company asset.
    expect(first?.nodes.find((n) => n.value === 'www.example-shop.example')?.details).toEqual({
      cname: ['shop.cdn-provider.example'],
    });
    expect(first?.seenAt?.toISOString()).toBe('2026-11-20T10:15:42.123Z');
    expect(first?.nodes[0]?.details).toMatchObject({
      status_code: 301,
      title: 'Example Shop',
      webserver: 'nginx/1.24.0',
    });
    const certificate = first?.nodes.find((n) => n.type === 'certificate');
    expect(certificate?.details).toMatchObject({ issuer_cn: 'R11', not_after: '2026-12-01T00:00:00Z' });
    expect(records[1] && shape(records[1]).nodes).toEqual([
      'url http://198.51.100.11:8080/',
      'ip 198.51.100.11',
      'service 198.51.100.11:8080/tcp',
    ]);
    expect(rejects).toEqual([
      { line: 3, reason: 'down.example-shop.example: httpx could not reach it.' },
      { line: 4, reason: 'timestamp "not a date" is not a date.' },
      { line: 5, reason: '"ftp://files.example-shop.example" is not an http(s) URL.' },
    ]);
  });
});

describe('nmap XML', () => {
  it('reads each host: one that is up gives its address, scanned names and open ports as services', async () => {
    const { records, rejects } = await parse(parseNmap, 'nmap.xml');
    expect(records.map(shape)).toEqual([
      {
        nodes: [
          'ip 198.51.100.1',
          'subdomain gw.example-shop.example',
          'domain example-shop.example',
          'service 198.51.100.1:22/tcp',
          'service 198.51.100.1:443/tcp',
        ],
        edges: [
          'gw.example-shop.example subdomain_of example-shop.example',
          'gw.example-shop.example resolves_to 198.51.100.1',
          '198.51.100.1 has_service 198.51.100.1:22/tcp',
          '198.51.100.1 has_service 198.51.100.1:443/tcp',
        ],
      },
      // The host that is down: read, nothing kept (the writer counts it as ignored).
      { nodes: [], edges: [] },
      {
        nodes: ['ip 2001:db8::5', 'service [2001:db8::5]:53/udp'],
        edges: ['2001:db8::5 has_service [2001:db8::5]:53/udp'],
      },
    ]);
    expect(records[0]?.nodes[3]?.details).toEqual({
      name: 'ssh',
      product: 'OpenSSH',
      version: '8.9p1 Ubuntu 3ubuntu0.6',
      extrainfo: 'Ubuntu Linux; protocol 2.0',
    });
    expect(records[0]?.seenAt?.toISOString()).toBe('2026-11-20T10:00:01.000Z');
    expect(rejects).toEqual([{ line: 33, reason: 'Host without an IPv4 or IPv6 address.' }]);
  });

  it('keeps the hosts before a truncated document and rejects the rest with the line and reason', async () => {
    const { records, rejects } = await parse(parseNmap, 'nmap-truncated.xml');
    expect(records.map((r) => r.nodes[0]?.value)).toEqual(['198.51.100.1']);
    expect(rejects).toHaveLength(1);
    expect(rejects[0]?.line).toBeGreaterThanOrEqual(9);
    expect(rejects[0]?.reason).toMatch(/^Not well-formed XML: /);
  });
});
