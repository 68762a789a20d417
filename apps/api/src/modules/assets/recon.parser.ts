// Subdomain finders' outputs, read by the subfinder kind. subfinder `-oJ`: 2.3 writes host and
// ip; 2.4 host, ip and source (or sources with -cs); 2.5 on adds input (the domain asked). amass 3
// `-json`: name, domain, addresses (ip, cidr, asn, desc; null when passive), tag, source (to 3.5)
// or sources; amass 4 text lines are read by amass-text.parser. httpx lives in httpx.parser.
import type { ParsedItem, Upload } from '../../platform/imports/import.types.js';
import { text } from '../../platform/imports/import.types.js';
import { amassScope, amassTextParser } from './amass-text.parser.js';
import { AssetGraph, type AssetRecord, jsonObjectOf, type LineResult } from './assets.graph.js';
import { hostName, ipAddress, netblock } from './assets.values.js';
import { readLines, refusal } from './recon-lines.js';

export { httpxLine, parseHttpx } from './httpx.parser.js';

export const SUBFINDER_EXPECTS =
  'subfinder JSON lines (-oJ, 2.3 to 2.6), amass 3 JSON lines (-json) or amass 4 text output';

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.flatMap((v) => (typeof v === 'string' && v.trim() !== '' ? [v.trim()] : [])) : [];

/**
 * The names of a finder's `host`: crt.sh gives several names in one (separated by a newline) and
 * wildcard names (`*.shop.example` is read as shop.example, the wildcard kept in its details).
 */
function namesOf(
  raw: string,
): { ok: true; names: { name: string; wildcard?: string }[] } | { ok: false; reason: string } {
  const names: { name: string; wildcard?: string }[] = [];
  for (const part of [...new Set(raw.split(/\s+/).filter((p) => p !== ''))].slice(0, 20)) {
    const wildcard = part.startsWith('*.');
    const host = hostName(wildcard ? part.slice(2) : part);
    if (!host.ok) return host;
    names.push(wildcard ? { name: host.value, wildcard: part.toLowerCase() } : { name: host.value });
  }
  return { ok: true, names };
}

/** A subfinder or amass 3 line: the subdomains, their domain, and their addresses and netblocks. */
export function subfinderLine(line: string): LineResult {
  const json = jsonObjectOf(line);
  if (!json.ok) return json;
  const value = json.value;
  const rawHost = text(value.host) ?? text(value.name);
  if (!rawHost) return { ok: false, reason: 'Missing host (subfinder) or name (amass).' };
  const hosts = namesOf(rawHost);
  if (!hosts.ok) return hosts;
  const rawDomain = text(value.input) ?? text(value.domain);
  const domain = rawDomain ? hostName(rawDomain) : null;
  if (domain && !domain.ok) return domain;
  const outside = hosts.names.find(({ name }) => domain && name !== domain.value && !name.endsWith(`.${domain.value}`));
  if (outside && domain) return { ok: false, reason: `${outside.name} is not under ${domain.value}.` };
  const sources = [...strings(value.sources), ...(text(value.source) ? [text(value.source) as string] : [])];
  const graph = new AssetGraph();
  const ips = Array.isArray(value.addresses) ? value.addresses : [];
  for (const { name, wildcard } of hosts.names) {
    const found = sources.length > 0 ? { found_by: sources.slice(0, 10) } : {};
    const node = graph.host(name, { ...found, ...(wildcard ? { wildcard_seen: wildcard } : {}) });
    if (domain && domain.value !== name) graph.edge(node, 'subdomain_of', graph.node('domain', domain.value));
    for (const address of ips) {
      if (typeof address !== 'object' || address === null) continue;
      const entry = address as Record<string, unknown>;
      const ip = ipAddress(text(entry.ip) ?? '');
      if (!ip.ok) return { ok: false, reason: `${name}: ${ip.reason}` };
      const asn = typeof entry.asn === 'number' ? { asn: entry.asn } : {};
      const ipNode = graph.node('ip', ip.value, { ...asn, ...(text(entry.desc) ? { as_name: text(entry.desc) } : {}) });
      graph.edge(node, 'resolves_to', ipNode);
      const cidr = text(entry.cidr) ? netblock(text(entry.cidr) as string) : null;
      if (cidr?.ok) graph.edge(ipNode, 'in_netblock', graph.node('netblock', cidr.value, asn));
    }
    const ip = text(value.ip) ? ipAddress(text(value.ip) as string) : null;
    if (ip?.ok) graph.edge(node, 'resolves_to', graph.node('ip', ip.value));
  }
  return { ok: true, record: graph.record() };
}

export async function* parseSubfinder(upload: Upload): AsyncGenerator<ParsedItem<AssetRecord>> {
  const scope = await amassScope(upload);
  yield* readLines(upload.files(), {
    detect: (sniffed) => {
      if (sniffed === 'subfinder' || sniffed === 'amass-json') return subfinderLine;
      if (sniffed === 'amass-text') return amassTextParser(scope);
      return refusal(sniffed, SUBFINDER_EXPECTS);
    },
  });
}
