// amass 4's text output (`amass enum -d x -o out.txt`): one relation a line,
// `from (FQDN) --> a_record --> 192.0.2.1 (IPAddress)`. The file is read twice: first for the
// enumerated domains (the names amass asked for MX, NS and subdomains) and the names each host
// points to, then line by line. Names outside those domains (a mail or DNS provider, a CDN's
// CNAME chain) are kept in the details of the company's asset, never made company assets.
import type { SourceFile, Upload } from '../../platform/imports/import.types.js';
import { linesOf } from '../../platform/imports/import-lines.js';
import { AssetGraph, type LineResult } from './assets.graph.js';
import { hostName, ipAddress, netblock, registeredDomain } from './assets.values.js';
import { sniff } from './recon-lines.js';

const LINE = /^(\S+) \((\w+)\) --> (\w+) --> (\S+) \((\w+)\)$/;
/** Where an out-of-scope target of a relation is kept in the source host's details. */
const OBSERVED: Record<string, string> = {
  cname_record: 'cname',
  mx_record: 'mail_exchangers',
  ns_record: 'name_servers',
  srv_record: 'srv_targets',
};
const EDGE = { cname_record: 'cname_to', mx_record: 'mail_exchanger', ns_record: 'name_server' } as const;
const MAX_HOSTS = 50_000;
const MAX_NAMES = 20;

export interface AmassScope {
  /** The registered domains amass enumerated. */
  domains: Set<string>;
  /** Per host: the names its CNAME, MX, NS and SRV records point to, by detail key. */
  targets: Map<string, Record<string, string[]>>;
}

async function firstIsAmassText(file: SourceFile, scope: AmassScope): Promise<void> {
  let first = true;
  for await (const read of linesOf(file)) {
    const text = read.text?.trim().replace(/^\uFEFF/, '') ?? '';
    if (text === '') continue;
    if (first && sniff(text) !== 'amass-text') return;
    first = false;
    const match = LINE.exec(text);
    if (match?.[2] !== 'FQDN') continue;
    const from = hostName(match[1] ?? '');
    if (!from.ok) continue;
    const relation = match[3] ?? '';
    if (relation === 'node' || relation === 'mx_record' || relation === 'ns_record') {
      scope.domains.add(registeredDomain(from.value));
    }
    const key = OBSERVED[relation];
    const to = hostName(match[4] ?? '');
    if (!key || !to.ok) continue;
    const known = scope.targets.get(from.value) ?? {};
    if (!scope.targets.has(from.value) && scope.targets.size >= MAX_HOSTS) continue;
    const names = known[key] ?? [];
    if (names.length < MAX_NAMES && !names.includes(to.value)) known[key] = [...names, to.value];
    scope.targets.set(from.value, known);
  }
}

/** The first reading of an upload: the domains and relation targets of its amass text files. */
export async function amassScope(upload: Upload): Promise<AmassScope> {
  const scope: AmassScope = { domains: new Set(), targets: new Map() };
  for await (const file of upload.files()) await firstIsAmassText(file, scope);
  return scope;
}

/** A line parser of amass 4 text within `scope` (the first line's domain when amass named none). */
export function amassTextParser(scope: AmassScope): (text: string) => LineResult {
  const inScope = (name: string) => scope.domains.has(registeredDomain(name));
  return (text) => {
    const match = LINE.exec(text);
    if (!match) return { ok: false, reason: "Not an amass 4 line ('name (FQDN) --> relation --> name (type)')." };
    const [, rawFrom = '', fromType, relation = '', rawTo = '', toType] = match;
    const graph = new AssetGraph();
    if (fromType === 'Netblock' && toType === 'IPAddress') {
      const block = netblock(rawFrom);
      const ip = ipAddress(rawTo);
      if (!block.ok) return block;
      if (!ip.ok) return ip;
      graph.edge(graph.node('ip', ip.value), 'in_netblock', graph.node('netblock', block.value));
      return { ok: true, record: graph.record() };
    }
    if (fromType !== 'FQDN') {
      return {
        ok: false,
        reason: `A ${fromType} --> ${relation} line names no company asset (netblocks carry their own).`,
      };
    }
    const from = hostName(rawFrom);
    if (!from.ok) return from;
    if (scope.domains.size === 0) scope.domains.add(registeredDomain(from.value));
    if (!inScope(from.value)) {
      const domains = [...scope.domains].slice(0, 5).join(', ');
      return {
        ok: false,
        reason: `${from.value} is outside the enumerated domains (${domains}): not a company asset.`,
      };
    }
    const observed = Object.fromEntries(
      Object.entries(scope.targets.get(from.value) ?? {}).map(([key, names]) => [
        key,
        names.filter((n) => !inScope(n)),
      ]),
    );
    const node = graph.host(from.value, Object.fromEntries(Object.entries(observed).filter(([, n]) => n.length > 0)));
    if (toType === 'IPAddress') {
      const ip = ipAddress(rawTo);
      if (!ip.ok) return ip;
      graph.edge(node, 'resolves_to', graph.node('ip', ip.value));
    } else if (toType === 'FQDN') {
      const to = hostName(rawTo);
      if (!to.ok) return to;
      const edge = EDGE[relation as keyof typeof EDGE];
      if (inScope(to.value) && relation === 'node') graph.host(to.value);
      else if (inScope(to.value) && edge) graph.edge(node, edge, graph.host(to.value));
    }
    return { ok: true, record: graph.record() };
  };
}
