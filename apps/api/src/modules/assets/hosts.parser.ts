// The host list: one host name, IP, CIDR netblock, URL or host:port per line, `#` comments (what
// subfinder, assetfinder or amass write without JSON), and amass 3's `-src` lines
// (`[Source]   name`, with `-ip` its addresses after it). A URL brings its host (`hosts_url`), a
// service its host (`has_service`), a subdomain its registered domain (`subdomain_of`). The
// assets CSV is read by assets-csv.parser.
import { isIP } from 'node:net';
import type { ParsedItem, Upload } from '../../platform/imports/import.types.js';
import { AssetGraph, type AssetRecord, type LineResult } from './assets.graph.js';
import type { AssetType } from './assets.table.js';
import { assetValue, hostOrIp, ipAddress, netblock, service } from './assets.values.js';
import { readLines, refusal } from './recon-lines.js';

export const HOSTS_EXPECTS =
  'a plain list, one host name, IP, netblock, URL or host:port a line (amass -src lines too)';
/** amass 3 with -src: `[Source]   name`, and with -ip the addresses after the name. */
const AMASS_SOURCE = /^\[([^\]]{1,60})\]\s+(\S+)(?:\s+(\S+))?$/;

/** Adds the asset `raw` names (of `type`, or recognised from its form) to the graph. */
export function addAsset(
  graph: AssetGraph,
  raw: string,
  type?: AssetType,
): { ok: true; node: number } | { ok: false; reason: string } {
  const kind = type ?? guessType(raw);
  const checked = assetValue(kind, raw);
  if (!checked.ok) return checked;
  if (kind === 'url') {
    const url = graph.node('url', checked.value);
    const host = hostOrIp(new URL(checked.value).hostname);
    if (host.ok) graph.edge(graph.host(host.value), 'hosts_url', url);
    return { ok: true, node: url };
  }
  if (kind === 'service') {
    const node = graph.node('service', checked.value);
    const host = hostOrIp(checked.value.replace(/:\d+\/\w+$/, ''));
    if (host.ok) graph.edge(graph.host(host.value), 'has_service', node);
    return { ok: true, node };
  }
  // A declared domain stays one; a host name otherwise takes its type from its form.
  if (kind === 'domain' && type) return { ok: true, node: graph.node('domain', checked.value) };
  if (kind === 'domain' || kind === 'subdomain') return { ok: true, node: graph.host(checked.value) };
  return { ok: true, node: graph.node(kind, checked.value) };
}

function guessType(raw: string): AssetType {
  const text = raw.trim();
  if (text.includes('://')) return 'url';
  if (text.includes('/') && netblock(text).ok) return 'netblock';
  if (isIP(text.replace(/^\[(.*)\]$/, '$1')) !== 0) return 'ip';
  if (/:\d{1,5}(\/(tcp|udp))?$/i.test(text) && service(text).ok) return 'service';
  return 'subdomain';
}

export function hostLine(text: string): LineResult {
  const graph = new AssetGraph();
  const amass = AMASS_SOURCE.exec(text);
  const added = addAsset(graph, amass?.[2] ?? text);
  if (!added.ok) return added;
  const node = graph.nodes[added.node];
  if (amass && node) node.details.found_by = [amass[1]?.trim()];
  for (const raw of amass?.[3]?.split(',') ?? []) {
    const ip = ipAddress(raw);
    if (!ip.ok) return { ok: false, reason: `${amass?.[2]}: ${ip.reason}` };
    graph.edge(added.node, 'resolves_to', graph.node('ip', ip.value));
  }
  return { ok: true, record: graph.record() };
}

export function parseHosts(upload: Upload): AsyncIterable<ParsedItem<AssetRecord>> {
  return readLines(upload.files(), {
    comments: true,
    detect: (sniffed) => (sniffed === 'text' ? hostLine : refusal(sniffed, HOSTS_EXPECTS)),
  });
}
