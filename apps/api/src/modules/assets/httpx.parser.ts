// httpx JSON lines (`-json`), every version's field names: 1.0 to 1.2.4 wrote `status-code`,
// `content-length`, `content-type`, `technologies`, `cnames`, `final-url` and `tls-grab`; 1.2.5 on
// write `status_code`, `tech`, `cname`, `final_url` and `tls` (tlsx); up to 1.7 `host` is the IP
// dialled, from 1.8 it is the host name and the IP is `host_ip`. The URL's host is the asset the
// company scanned; a CNAME target or a redirect outside its registered domain is a third party's
// name, kept in the asset's details, never made a company asset.
import { checkDate, isRecord, type ParsedItem, text, type Upload } from '../../platform/imports/import.types.js';
import { AssetGraph, type AssetRecord, jsonObjectOf, type LineResult } from './assets.graph.js';
import {
  certificate,
  hostName,
  hostOrIp,
  ipAddress,
  registeredDomain,
  serviceValue,
  urlValue,
} from './assets.values.js';
import { readLines, refusal } from './recon-lines.js';

export const HTTPX_EXPECTS = 'httpx JSON lines (-json, httpx 1.0 to 1.8)';
/** A line with the response body (-irr) is read whole; only the fields below are kept. */
const MAX_HTTPX_LINE_BYTES = 16 * 1024 * 1024;

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.flatMap((v) => (typeof v === 'string' && v.trim() !== '' ? [v.trim()] : [])) : [];

/** The first of `keys` the line has (the snake_case name, then the 1.0–1.2.4 kebab-case one). */
function field(value: Record<string, unknown>, ...keys: string[]): unknown {
  for (const key of keys) if (value[key] !== undefined && value[key] !== null) return value[key];
  return undefined;
}

const numberOf = (raw: unknown) => (typeof raw === 'number' && Number.isFinite(raw) ? raw : null);

function stampOf(raw: string | undefined): { ok: true; date: Date | null } | { ok: false; reason: string } {
  if (!raw) return { ok: true, date: null };
  return checkDate('timestamp', raw, new Date(raw.replace(/(\.\d{3})\d+/, '$1')));
}

/** The certificate: tlsx's `tls` (1.2.5 on) or the older `tls-grab`, its names as details only. */
function tlsOf(graph: AssetGraph, host: number, value: Record<string, unknown>): void {
  const tls = field(value, 'tls', 'tls-grab');
  if (!isRecord(tls)) return;
  const hashes = isRecord(tls.fingerprint_hash) ? tls.fingerprint_hash : {};
  const sha256 = certificate(text(hashes.sha256) ?? text(tls.fingerprint_sha256) ?? '');
  if (!sha256.ok) return;
  const first = (raw: unknown) => text(raw) ?? strings(raw)[0] ?? null;
  const details = {
    subject_cn: first(tls.subject_cn ?? tls.common_name),
    subject_an: strings(tls.subject_an ?? tls.dns_names).slice(0, 50),
    issuer_cn: first(tls.issuer_cn ?? tls.issuer_common_name),
    issuer_dn: text(tls.issuer_dn) ?? null,
    not_before: text(tls.not_before) ?? null,
    not_after: text(tls.not_after) ?? null,
    tls_version: text(tls.tls_version) ?? null,
    cipher: text(tls.cipher) ?? null,
  };
  graph.edge(host, 'serves_certificate', graph.node('certificate', sha256.value, details));
}

/** The IPs the host resolved to: `a`, `aaaa`, `host_ip` (1.8) or `host` when it is an IP (to 1.7). */
function addressesOf(value: Record<string, unknown>): string[] {
  const raw = [...strings(value.a), ...strings(value.aaaa), text(value.host_ip), text(value.host)];
  const ips = raw.flatMap((a) => {
    const ip = a ? ipAddress(a) : null;
    return ip?.ok ? [ip.value] : [];
  });
  return [...new Set(ips)];
}

/** One httpx result: the URL, its host (addresses, service, certificate), CNAMEs and redirects. */
export function httpxLine(line: string): LineResult {
  const json = jsonObjectOf(line);
  if (!json.ok) return json;
  const value = json.value;
  if (value.failed === true) {
    const error = text(value.error) ? ` (${text(value.error)?.slice(0, 200)})` : '';
    return { ok: false, reason: `${text(value.input) ?? 'The input'}: httpx could not reach it${error}.` };
  }
  const url = urlValue(text(value.url) ?? '');
  if (!url.ok) return text(value.url) ? url : { ok: false, reason: 'Missing url.' };
  const stamp = stampOf(text(value.timestamp));
  if (!stamp.ok) return stamp;
  const parsed = new URL(url.value);
  const host = hostOrIp(parsed.hostname);
  if (!host.ok) return host;
  const ours = (name: string) => registeredDomain(name) === registeredDomain(host.value);
  const graph = new AssetGraph();
  const final = urlValue(text(field(value, 'final_url', 'final-url', 'location')) ?? '');
  const redirect = final.ok && final.value !== url.value ? final.value : null;
  const redirectHost = redirect ? new URL(redirect).hostname : null;
  const thirdPartyRedirect = redirect !== null && redirectHost !== null && !ours(redirectHost);
  const urlNode = graph.node('url', url.value, {
    status_code: numberOf(field(value, 'status_code', 'status-code')),
    title: text(value.title)?.slice(0, 300) ?? null,
    webserver: text(value.webserver)?.slice(0, 200) ?? null,
    content_type: text(field(value, 'content_type', 'content-type'))?.slice(0, 200) ?? null,
    content_length: numberOf(field(value, 'content_length', 'content-length')),
    tech: strings(field(value, 'tech', 'technologies')).slice(0, 30),
    ...(thirdPartyRedirect ? { redirects_to: redirect } : {}),
  });
  const cnames = strings(field(value, 'cname', 'cnames')).flatMap((c) => {
    const name = hostName(c);
    return name.ok ? [name.value] : [];
  });
  const theirs = cnames.filter((c) => !ours(c));
  const hostNode = graph.host(host.value, theirs.length > 0 ? { cname: theirs.slice(0, 20) } : {});
  graph.edge(hostNode, 'hosts_url', urlNode);
  const port = Number(text(value.port) ?? (parsed.port || (parsed.protocol === 'https:' ? 443 : 80)));
  if (Number.isInteger(port) && port > 0 && port < 65536) {
    const scheme = parsed.protocol.replace(':', '');
    graph.edge(hostNode, 'has_service', graph.node('service', serviceValue(host.value, port, 'tcp'), { name: scheme }));
  }
  for (const ip of addressesOf(value)) if (ip !== host.value) graph.edge(hostNode, 'resolves_to', graph.node('ip', ip));
  for (const cname of cnames.filter(ours)) graph.edge(hostNode, 'cname_to', graph.host(cname));
  tlsOf(graph, hostNode, value);
  if (redirect && !thirdPartyRedirect) graph.edge(urlNode, 'redirects_to', graph.node('url', redirect));
  return { ok: true, record: graph.record(stamp.date) };
}

export function parseHttpx(upload: Upload): AsyncIterable<ParsedItem<AssetRecord>> {
  return readLines(upload.files(), {
    maxBytes: MAX_HTTPX_LINE_BYTES,
    detect: (sniffed) => (sniffed === 'httpx' ? httpxLine : refusal(sniffed, HTTPX_EXPECTS)),
  });
}
