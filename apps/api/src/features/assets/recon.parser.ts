// Discovery tools' JSON lines. subfinder (`-oJ`: host, input, source, ip when resolved) and amass
// (`-json`: name, domain, addresses with ip, cidr, asn and desc, sources) give subdomains of a
// domain and what they resolve to; httpx (`-json`) gives what answers on HTTP(S): the URL with its
// status, title, server and technologies, the host's addresses and CNAMEs, the TLS certificate
// and the final URL of redirects.
import { checkDate, type ParsedItem, text, type Upload } from '../imports/import.types.js';
import { AssetGraph, type AssetRecord, jsonObjectOf, type LineResult, parseLines } from './assets.graph.js';
import { certificate, hostName, hostOrIp, ipAddress, netblock, serviceValue, urlValue } from './assets.values.js';

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.flatMap((v) => (typeof v === 'string' && v.trim() !== '' ? [v.trim()] : [])) : [];

/** A subfinder or amass line: the subdomain, its domain, and (amass) its addresses and netblocks. */
export function subfinderLine(line: string): LineResult {
  const json = jsonObjectOf(line);
  if (!json.ok) return json;
  const value = json.value;
  const rawHost = text(value.host) ?? text(value.name);
  if (!rawHost) return { ok: false, reason: 'Missing host (subfinder) or name (amass).' };
  const host = hostName(rawHost);
  if (!host.ok) return host;
  const rawDomain = text(value.input) ?? text(value.domain);
  const domain = rawDomain ? hostName(rawDomain) : null;
  if (domain && !domain.ok) return domain;
  if (domain && host.value !== domain.value && !host.value.endsWith(`.${domain.value}`)) {
    return { ok: false, reason: `${host.value} is not under ${domain.value}.` };
  }
  const sources = [...strings(value.sources), ...(text(value.source) ? [text(value.source) as string] : [])];
  const graph = new AssetGraph();
  const node = graph.host(host.value, sources.length > 0 ? { found_by: sources.slice(0, 10) } : {});
  if (domain && domain.value !== host.value) {
    graph.edge(node, 'subdomain_of', graph.node('domain', domain.value));
  }
  const addresses = Array.isArray(value.addresses) ? value.addresses : [];
  for (const address of addresses) {
    if (typeof address !== 'object' || address === null) continue;
    const entry = address as Record<string, unknown>;
    const ip = ipAddress(text(entry.ip) ?? '');
    if (!ip.ok) return { ok: false, reason: `${host.value}: ${ip.reason}` };
    const asn = typeof entry.asn === 'number' ? { asn: entry.asn } : {};
    const ipNode = graph.node('ip', ip.value, { ...asn, ...(text(entry.desc) ? { as_name: text(entry.desc) } : {}) });
    graph.edge(node, 'resolves_to', ipNode);
    const cidr = text(entry.cidr) ? netblock(text(entry.cidr) as string) : null;
    if (cidr?.ok) graph.edge(ipNode, 'in_netblock', graph.node('netblock', cidr.value, asn));
  }
  const ip = text(value.ip) ? ipAddress(text(value.ip) as string) : null;
  if (ip?.ok) graph.edge(node, 'resolves_to', graph.node('ip', ip.value));
  return { ok: true, record: graph.record() };
}

export function parseSubfinder(upload: Upload): AsyncIterable<ParsedItem<AssetRecord>> {
  return parseLines(upload.files(), subfinderLine);
}

/** httpx's timestamp (nanoseconds cut to milliseconds), or the reason it is refused. */
function stampOf(raw: string | undefined): { ok: true; date: Date | null } | { ok: false; reason: string } {
  if (!raw) return { ok: true, date: null };
  return checkDate('timestamp', raw, new Date(raw.replace(/(\.\d{3})\d+/, '$1')));
}

function tlsOf(graph: AssetGraph, host: number, tls: unknown): void {
  if (typeof tls !== 'object' || tls === null) return;
  const t = tls as Record<string, unknown>;
  const hashes = typeof t.fingerprint_hash === 'object' && t.fingerprint_hash !== null ? t.fingerprint_hash : {};
  const sha256 = certificate(text((hashes as Record<string, unknown>).sha256) ?? '');
  if (!sha256.ok) return;
  const details = {
    subject_cn: text(t.subject_cn) ?? null,
    subject_an: strings(t.subject_an).slice(0, 50),
    issuer_cn: text(t.issuer_cn) ?? null,
    issuer_dn: text(t.issuer_dn) ?? null,
    not_before: text(t.not_before) ?? null,
    not_after: text(t.not_after) ?? null,
    tls_version: text(t.tls_version) ?? null,
    cipher: text(t.cipher) ?? null,
  };
  graph.edge(host, 'serves_certificate', graph.node('certificate', sha256.value, details));
}

/** One httpx result: the URL, its host (addresses, CNAMEs, service, certificate) and redirects. */
export function httpxLine(line: string): LineResult {
  const json = jsonObjectOf(line);
  if (!json.ok) return json;
  const value = json.value;
  if (value.failed === true)
    return { ok: false, reason: `${text(value.input) ?? 'The input'}: httpx could not reach it.` };
  const url = urlValue(text(value.url) ?? '');
  if (!url.ok) return text(value.url) ? url : { ok: false, reason: 'Missing url.' };
  const stamp = stampOf(text(value.timestamp));
  if (!stamp.ok) return stamp;
  const parsed = new URL(url.value);
  const host = hostOrIp(parsed.hostname);
  if (!host.ok) return host;
  const graph = new AssetGraph();
  const status = typeof value.status_code === 'number' ? value.status_code : null;
  const urlNode = graph.node('url', url.value, {
    status_code: status,
    title: text(value.title)?.slice(0, 300) ?? null,
    webserver: text(value.webserver)?.slice(0, 200) ?? null,
    content_type: text(value.content_type) ?? null,
    content_length: typeof value.content_length === 'number' ? value.content_length : null,
    tech: strings(value.tech).slice(0, 30),
  });
  const hostNode = graph.host(host.value);
  graph.edge(hostNode, 'hosts_url', urlNode);
  const port = Number(text(value.port) ?? (parsed.port || (parsed.protocol === 'https:' ? 443 : 80)));
  if (Number.isInteger(port) && port > 0 && port < 65536) {
    const scheme = parsed.protocol.replace(':', '');
    graph.edge(hostNode, 'has_service', graph.node('service', serviceValue(host.value, port, 'tcp'), { name: scheme }));
  }
  for (const a of [...strings(value.a), ...strings(value.aaaa)]) {
    const ip = ipAddress(a);
    if (ip.ok) graph.edge(hostNode, 'resolves_to', graph.node('ip', ip.value));
  }
  for (const c of strings(value.cname)) {
    const cname = hostName(c);
    if (cname.ok) graph.edge(hostNode, 'cname_to', graph.host(cname.value));
  }
  tlsOf(graph, hostNode, value.tls);
  const final = text(value.final_url) ? urlValue(text(value.final_url) as string) : null;
  if (final?.ok && final.value !== url.value) graph.edge(urlNode, 'redirects_to', graph.node('url', final.value));
  return { ok: true, record: graph.record(stamp.date) };
}

export function parseHttpx(upload: Upload): AsyncIterable<ParsedItem<AssetRecord>> {
  return parseLines(upload.files(), httpxLine);
}
