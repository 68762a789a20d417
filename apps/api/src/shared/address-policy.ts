// The one address policy for every contact the platform makes on a user's behalf (webhooks, the
// page scanner's gate, the probes): whether an IP address is an ordinary public target. An IPv6
// form that carries an IPv4 address is first reduced to that IPv4 address (IPv4-mapped, -compatible
// and -translated, NAT64 64:ff9b::/96, 6to4 2002::/16, Teredo 2001::/32 whose client address is
// inverted), so `::ffff:10.0.0.1`, `::10.0.0.1`, `64:ff9b::a00:1` and `2002:a00:1::` are all
// 10.0.0.1. The address is then classified against the IANA special-purpose registries (RFC 6890
// and its updates; the most specific row wins); an address in no row is public when it is IPv4
// unicast or IPv6 global unicast (2000::/3). Anything that is not an IP address is never public.
import { isIP } from 'node:net';

export interface SpecialRange {
  cidr: string;
  name: string;
  /** Where it is defined. */
  rfc: string;
  /** Whether an address of the range may be contacted as a public target. */
  reachable: boolean;
}

/** How an IPv6 address carries the IPv4 address it was reduced to. */
export type EmbeddedForm = 'ipv4-mapped' | 'ipv4-compatible' | 'ipv4-translated' | 'nat64' | '6to4' | 'teredo';

export interface AddressVerdict {
  /** The address as given. */
  address: string;
  /** The IPv4 address an IPv6 form carries (classified instead of the IPv6 address). */
  ipv4?: string;
  form?: EmbeddedForm;
  /** The most specific special-purpose range the (reduced) address lies in; null: none. */
  range: SpecialRange | null;
  /** Whether the address may be contacted as a public target. */
  reachable: boolean;
}

const row = (cidr: string, name: string, rfc: string, reachable = false): SpecialRange => ({
  cidr,
  name,
  rfc,
  reachable,
});

/** IANA IPv4 Special-Purpose Address Registry, with multicast (RFC 5771). */
export const IPV4_SPECIAL: readonly SpecialRange[] = [
  row('0.0.0.0/8', '"this network"', 'RFC 791'),
  row('0.0.0.0/32', '"this host on this network"', 'RFC 1122'),
  row('10.0.0.0/8', 'private-use', 'RFC 1918'),
  row('100.64.0.0/10', 'shared address space (carrier-grade NAT)', 'RFC 6598'),
  row('127.0.0.0/8', 'loopback', 'RFC 1122'),
  row('169.254.0.0/16', 'link-local', 'RFC 3927'),
  row('172.16.0.0/12', 'private-use', 'RFC 1918'),
  row('192.0.0.0/24', 'IETF protocol assignments', 'RFC 6890'),
  row('192.0.0.0/29', 'IPv4 service continuity prefix', 'RFC 7335'),
  row('192.0.0.8/32', 'IPv4 dummy address', 'RFC 7600'),
  row('192.0.0.9/32', 'Port Control Protocol anycast', 'RFC 7723', true),
  row('192.0.0.10/32', 'TURN anycast', 'RFC 8155', true),
  row('192.0.0.170/31', 'NAT64/DNS64 discovery', 'RFC 7050'),
  row('192.0.2.0/24', 'documentation (TEST-NET-1)', 'RFC 5737'),
  row('192.31.196.0/24', 'AS112-v4', 'RFC 7535', true),
  row('192.52.193.0/24', 'AMT', 'RFC 7450', true),
  row('192.88.99.0/24', 'deprecated 6to4 relay anycast', 'RFC 7526'),
  row('192.168.0.0/16', 'private-use', 'RFC 1918'),
  row('192.175.48.0/24', 'direct delegation AS112 service', 'RFC 7534', true),
  row('198.18.0.0/15', 'benchmarking', 'RFC 2544'),
  row('198.51.100.0/24', 'documentation (TEST-NET-2)', 'RFC 5737'),
  row('203.0.113.0/24', 'documentation (TEST-NET-3)', 'RFC 5737'),
  row('224.0.0.0/4', 'multicast', 'RFC 5771'),
  row('240.0.0.0/4', 'reserved', 'RFC 1112'),
  row('255.255.255.255/32', 'limited broadcast', 'RFC 919'),
];

/** IANA IPv6 Special-Purpose Address Registry, with multicast and the deprecated site-local range. */
export const IPV6_SPECIAL: readonly SpecialRange[] = [
  row('::/128', 'unspecified', 'RFC 4291'),
  row('::1/128', 'loopback', 'RFC 4291'),
  row('64:ff9b:1::/48', 'local-use IPv4/IPv6 translation', 'RFC 8215'),
  row('100::/64', 'discard-only', 'RFC 6666'),
  row('100:0:0:1::/64', 'dummy IPv6 prefix', 'RFC 9780'),
  row('2001::/23', 'IETF protocol assignments', 'RFC 2928'),
  row('2001:1::1/128', 'Port Control Protocol anycast', 'RFC 7723', true),
  row('2001:1::2/128', 'TURN anycast', 'RFC 8155', true),
  row('2001:1::3/128', 'DNS-SD service registration protocol anycast', 'RFC 9665', true),
  row('2001:2::/48', 'benchmarking', 'RFC 5180'),
  row('2001:3::/32', 'AMT', 'RFC 7450', true),
  row('2001:4:112::/48', 'AS112-v6', 'RFC 7535', true),
  row('2001:10::/28', 'deprecated ORCHID', 'RFC 4843'),
  // Identifiers, not locators: never routed (RFC 7343 §2, RFC 9374 §3).
  row('2001:20::/28', 'ORCHIDv2', 'RFC 7343'),
  row('2001:30::/28', 'drone remote ID entity tags', 'RFC 9374'),
  row('2001:db8::/32', 'documentation', 'RFC 3849'),
  row('2620:4f:8000::/48', 'direct delegation AS112 service', 'RFC 7534', true),
  row('3fff::/20', 'documentation', 'RFC 9637'),
  row('5f00::/16', 'segment routing SIDs', 'RFC 9602'),
  row('fc00::/7', 'unique-local', 'RFC 4193'),
  row('fe80::/10', 'link-local unicast', 'RFC 4291'),
  row('fec0::/10', 'deprecated site-local', 'RFC 3879'),
  row('ff00::/8', 'multicast', 'RFC 4291'),
];

interface Compiled {
  range: SpecialRange;
  base: bigint;
  mask: bigint;
  prefix: number;
}

function parseV4(text: string): bigint {
  return text.split('.').reduce((value, part) => (value << 8n) | BigInt(Number(part)), 0n);
}

function parseV6(text: string): bigint {
  let body = text;
  const quad = /(\d+\.\d+\.\d+\.\d+)$/.exec(body)?.[1];
  if (quad) {
    const v4 = parseV4(quad);
    body = `${body.slice(0, -quad.length)}${(v4 >> 16n).toString(16)}:${(v4 & 0xffffn).toString(16)}`;
  }
  const [head = '', tail] = body.split('::');
  const words = (part: string) => (part === '' ? [] : part.split(':'));
  const left = words(head);
  const right = tail === undefined ? [] : words(tail);
  const all = [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  return all.reduce((value, word) => (value << 16n) | BigInt(Number.parseInt(word, 16)), 0n);
}

function compile(ranges: readonly SpecialRange[], width: number, parse: (text: string) => bigint): Compiled[] {
  const all = (1n << BigInt(width)) - 1n;
  return ranges
    .map((range) => {
      const [address = '', bits = ''] = range.cidr.split('/');
      const prefix = Number(bits);
      const mask = (all << BigInt(width - prefix)) & all;
      return { range, base: parse(address) & mask, mask, prefix };
    })
    .sort((a, b) => b.prefix - a.prefix);
}

const V4 = compile(IPV4_SPECIAL, 32, parseV4);
const V6 = compile(IPV6_SPECIAL, 128, parseV6);

const inRange = (value: bigint, base: bigint, prefix: number, width: number) =>
  value >> BigInt(width - prefix) === base >> BigInt(width - prefix);

function mostSpecific(value: bigint, table: Compiled[]): SpecialRange | null {
  return table.find((c) => (value & c.mask) === c.base)?.range ?? null;
}

const v4Text = (value: bigint) => [24n, 16n, 8n, 0n].map((shift) => String((value >> shift) & 0xffn)).join('.');

function classifyV4(value: bigint): { range: SpecialRange | null; reachable: boolean } {
  const range = mostSpecific(value, V4);
  return { range, reachable: range ? range.reachable : true };
}

/** The IPv4 address an IPv6 value carries, how, and whether that form is routed at all. */
function embedded(value: bigint): { ipv4: bigint; form: EmbeddedForm; routed: boolean; also?: bigint } | null {
  const low = value & 0xffffffffn;
  const high96 = value >> 32n;
  if (high96 === 0xffffn) return { ipv4: low, form: 'ipv4-mapped', routed: true };
  if (high96 === 0xffff0000n) return { ipv4: low, form: 'ipv4-translated', routed: false };
  // ::a.b.c.d (deprecated, RFC 4291 §2.5.5.1); :: and ::1 are their own rows.
  if (high96 === 0n && low > 1n) return { ipv4: low, form: 'ipv4-compatible', routed: false };
  if (inRange(value, parseV6('64:ff9b::'), 96, 128)) return { ipv4: low, form: 'nat64', routed: true };
  if (value >> 112n === 0x2002n) return { ipv4: (value >> 80n) & 0xffffffffn, form: '6to4', routed: true };
  if (value >> 96n === 0x20010000n) {
    // Teredo (RFC 4380 §4): the server's address in bits 32-63, the client's inverted in the last 32.
    return { ipv4: low ^ 0xffffffffn, form: 'teredo', routed: true, also: (value >> 64n) & 0xffffffffn };
  }
  return null;
}

/** What an IP address is (null when the text is not an IP address). A zone (`%eth0`) is ignored. */
export function classifyAddress(address: string): AddressVerdict | null {
  const bare = address.replace(/^\[(.*)\]$/, '$1').replace(/%.*$/, '');
  const family = isIP(bare);
  if (family === 4) return { address, ...classifyV4(parseV4(bare)) };
  if (family !== 6) return null;
  const value = parseV6(bare);
  const carried = embedded(value);
  if (carried) {
    const inner = classifyV4(carried.ipv4);
    const other = carried.also === undefined ? true : classifyV4(carried.also).reachable;
    return {
      address,
      ipv4: v4Text(carried.ipv4),
      form: carried.form,
      range: inner.range,
      reachable: carried.routed && inner.reachable && other,
    };
  }
  const range = mostSpecific(value, V6);
  const globalUnicast = value >> 125n === 1n;
  return { address, range, reachable: range ? range.reachable : globalUnicast };
}

/** Whether an address may NOT be contacted as a public target (anything that is not an IP address included). */
export function isInternalAddress(address: string): boolean {
  return !(classifyAddress(address)?.reachable ?? false);
}

/** Whether the address is this machine's loopback: 127.0.0.0/8, ::1, or 127.x written IPv4-mapped. */
export function isLoopbackAddress(address: string): boolean {
  const verdict = classifyAddress(address);
  if (!verdict || (verdict.form !== undefined && verdict.form !== 'ipv4-mapped')) return false;
  return verdict.range?.name === 'loopback';
}
