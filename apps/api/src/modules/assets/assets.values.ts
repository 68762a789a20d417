// An asset's value in its one normal form per type (assets.table.ts), so the same asset from two
// tools is one row: host names lower-case ASCII without the final dot, IPs canonical, netblocks
// masked to their network, URLs without fragment, services `host:port/protocol`, certificates
// their SHA-256 in lower-case hex. Each check returns the value or the reason it is refused.
import { isIP } from 'node:net';
import { normalHostName } from '../../shared/host-name.js';
import type { AssetType } from './assets.table.js';

export type Checked = { ok: true; value: string } | { ok: false; reason: string };

const shown = (raw: string) => (raw.length > 80 ? `${raw.slice(0, 80)}…` : raw);
const refused = (raw: string, what: string): Checked => ({ ok: false, reason: `"${shown(raw)}" is not ${what}.` });

/** A DNS name of at least two labels (international names in their ASCII form). */
export function hostName(raw: string): Checked {
  const value = normalHostName(raw);
  return value ? { ok: true, value } : refused(raw, 'a host name');
}

/** An IPv4 (no leading zeros) or IPv6 address, IPv6 in its compressed lower-case form. */
export function ipAddress(raw: string): Checked {
  const trimmed = raw.trim().replace(/^\[(.*)\]$/, '$1');
  const version = isIP(trimmed);
  if (version === 4) return { ok: true, value: trimmed };
  if (version === 6) return { ok: true, value: new URL(`http://[${trimmed}]`).hostname.slice(1, -1) };
  return refused(raw, 'an IP address');
}

export function ipToBigInt(ip: string, version: 4 | 6): bigint {
  if (version === 4) return ip.split('.').reduce((n, part) => (n << 8n) + BigInt(part), 0n);
  const [head = '', tail = ''] = ip.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = ip.includes('::') ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right] : left;
  return groups.reduce((n, group) => (n << 16n) + BigInt(`0x${group || '0'}`), 0n);
}

export function bigIntToIp(n: bigint, version: 4 | 6): string {
  if (version === 4) return [24n, 16n, 8n, 0n].map((shift) => String((n >> shift) & 255n)).join('.');
  const groups = Array.from({ length: 8 }, (_, i) => ((n >> BigInt((7 - i) * 16)) & 0xffffn).toString(16));
  return new URL(`http://[${groups.join(':')}]`).hostname.slice(1, -1);
}

/** A CIDR block, masked to its network address (`10.1.2.3/24` is `10.1.2.0/24`). */
export function netblock(raw: string): Checked {
  const match = /^([^/]+)\/(\d{1,3})$/.exec(raw.trim());
  const ip = match ? ipAddress(match[1] ?? '') : null;
  if (!match || !ip?.ok) return refused(raw, 'a CIDR netblock');
  const version = isIP(ip.value) as 4 | 6;
  const bits = version === 4 ? 32 : 128;
  const prefix = Number(match[2]);
  if (prefix > bits) return refused(raw, 'a CIDR netblock');
  const mask = ((1n << BigInt(bits)) - 1n) ^ ((1n << BigInt(bits - prefix)) - 1n);
  return { ok: true, value: `${bigIntToIp(ipToBigInt(ip.value, version) & mask, version)}/${prefix}` };
}

/** An http(s) URL without its fragment (the host lower-case, as the URL parser gives it). */
export function urlValue(raw: string): Checked {
  try {
    const url = new URL(raw.trim());
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.hostname === '') {
      return refused(raw, 'an http(s) URL');
    }
    url.hash = '';
    return url.href.length <= 2048 ? { ok: true, value: url.href } : refused(raw, 'a URL of at most 2048 characters');
  } catch {
    return refused(raw, 'an http(s) URL');
  }
}

/** A host name or IP address. */
export function hostOrIp(raw: string): Checked {
  const ip = ipAddress(raw);
  return ip.ok ? ip : hostName(raw);
}

/** `host:port/protocol` (protocol tcp when absent; an IPv6 host in brackets). */
export function service(raw: string): Checked {
  const match = /^(\[[^\]]+\]|[^:/]+):(\d{1,5})(?:\/(tcp|udp))?$/i.exec(raw.trim());
  const host = match ? hostOrIp(match[1] ?? '') : null;
  const port = Number(match?.[2]);
  if (!match || !host?.ok || port < 1 || port > 65535) return refused(raw, 'a service (host:port/protocol)');
  return { ok: true, value: serviceValue(host.value, port, (match[3] ?? 'tcp').toLowerCase()) };
}

export function serviceValue(host: string, port: number, protocol: string): string {
  return `${isIP(host) === 6 ? `[${host}]` : host}:${port}/${protocol}`;
}

/** A certificate's SHA-256 fingerprint: 64 hex digits, colons allowed. */
export function certificate(raw: string): Checked {
  const hex = raw.trim().replace(/:/g, '').toLowerCase();
  return /^[0-9a-f]{64}$/.test(hex) ? { ok: true, value: hex } : refused(raw, 'a SHA-256 certificate fingerprint');
}

/** The value of `raw` as an asset of `type`. */
export function assetValue(type: AssetType, raw: string): Checked {
  switch (type) {
    case 'domain':
    case 'subdomain':
    case 'email_domain':
      return hostName(raw);
    case 'ip':
      return ipAddress(raw);
    case 'netblock':
      return netblock(raw);
    case 'url':
      return urlValue(raw);
    case 'service':
      return service(raw);
    case 'certificate':
      return certificate(raw);
  }
}

/**
 * Second-level labels under which a country's names are registered one label deeper (`co.uk`,
 * `com.br`, `ac.jp`): the common case of the Public Suffix List, not the whole list (ADR 0018).
 */
const secondLevels = new Set(['co', 'com', 'net', 'org', 'gov', 'edu', 'ac', 'or', 'ne', 'go', 'mil']);

function isTwoLabelSuffix(labels: string[]): boolean {
  const [second, top] = labels.slice(-2);
  return top !== undefined && /^[a-z]{2}$/.test(top) && second !== undefined && secondLevels.has(second);
}

/** The registered domain of a host name: its last two labels, three under a country's second level. */
export function registeredDomain(host: string): string {
  const labels = host.split('.');
  const depth = isTwoLabelSuffix(labels) ? 3 : 2;
  return labels.slice(-depth).join('.');
}

/** `domain` when the host is a registered domain, else `subdomain`. */
export function hostType(host: string): 'domain' | 'subdomain' {
  return registeredDomain(host) === host ? 'domain' : 'subdomain';
}
