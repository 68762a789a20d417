// Lookalike domains of a store's domain, as a clone's operator registers them (dnstwist's fuzzers):
// a letter left out, doubled, replaced by a keyboard neighbour, swapped with the next, a neighbour
// inserted or a letter appended, look-alike characters (ASCII and Cyrillic: international names in
// their punycode form), a hyphen or a dot added inside the name, another TLD, one bit flipped.
// Each permutation is a valid host name (shared/host-name.ts) other than the original, the first
// fuzzer that produced it wins, and the list is bounded: the resolution and the captures of a run
// stay bounded whatever the domain.
import { normalHostName } from '../../../shared/host-name.js';
import { registrableDomain } from '../rules/typosquat.js';

export const permutationKinds = [
  'omission',
  'repetition',
  'replacement',
  'transposition',
  'insertion',
  'addition',
  'homoglyph',
  'hyphenation',
  'subdomain',
  'tld',
  'bitsquatting',
] as const;
export type PermutationKind = (typeof permutationKinds)[number];

export interface Permutation {
  domain: string;
  kind: PermutationKind;
}

/** At most this many permutations of one domain. */
export const MAX_PERMUTATIONS = 400;

const ROWS = ['1234567890-', 'qwertyuiop', 'asdfghjkl', 'zxcvbnm'];

/** The keys around each key of a QWERTY keyboard (same row and the rows above and below). */
const NEIGHBOURS: Record<string, string> = (() => {
  const around: Record<string, string> = {};
  ROWS.forEach((row, r) => {
    [...row].forEach((key, c) => {
      const near = [
        row[c - 1],
        row[c + 1],
        ROWS[r - 1]?.[c],
        ROWS[r - 1]?.[c + 1],
        ROWS[r + 1]?.[c],
        ROWS[r + 1]?.[c - 1],
      ];
      around[key] = near.filter((k): k is string => k !== undefined).join('');
    });
  });
  return around;
})();

/** Characters that read like another (ASCII first; Cyrillic ones make international names). */
const HOMOGLYPHS: Record<string, string[]> = {
  a: ['4', 'а'],
  b: ['d', '6'],
  c: ['с'],
  d: ['b', 'cl'],
  e: ['3', 'е'],
  g: ['q', '9'],
  h: ['lh'],
  i: ['1', 'l', 'і'],
  k: ['lk'],
  l: ['1', 'i', 'ӏ'],
  m: ['rn', 'nn'],
  n: ['m', 'r'],
  o: ['0', 'о'],
  p: ['р'],
  q: ['g'],
  s: ['5', 'ѕ'],
  t: ['7'],
  u: ['v'],
  v: ['u'],
  w: ['vv'],
  x: ['х'],
  y: ['у'],
  z: ['2'],
};

/** TLDs a clone of a store moves to. */
export const SWAP_TLDS = ['com', 'com.br', 'net', 'org', 'store', 'shop', 'online', 'site', 'co', 'io', 'info', 'top'];

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

function* variants(name: string, tld: string): Generator<[PermutationKind, string]> {
  const at = (i: number, replaced: string, skip = 1) => `${name.slice(0, i)}${replaced}${name.slice(i + skip)}`;
  const chars = [...name];
  for (let i = 0; i < chars.length; i += 1) yield ['omission', at(i, '')];
  for (let i = 0; i < chars.length; i += 1) yield ['repetition', at(i, `${chars[i]}${chars[i]}`)];
  for (let i = 0; i < chars.length; i += 1) {
    for (const key of NEIGHBOURS[chars[i] ?? ''] ?? '') yield ['replacement', at(i, key)];
  }
  for (let i = 0; i + 1 < chars.length; i += 1) yield ['transposition', at(i, `${chars[i + 1]}${chars[i]}`, 2)];
  for (let i = 0; i < chars.length; i += 1) {
    for (const key of NEIGHBOURS[chars[i] ?? ''] ?? '') {
      yield ['insertion', at(i, `${key}${chars[i]}`)];
      yield ['insertion', at(i, `${chars[i]}${key}`)];
    }
  }
  for (const letter of LETTERS) yield ['addition', `${name}${letter}`];
  for (let i = 0; i < chars.length; i += 1) {
    for (const glyph of HOMOGLYPHS[chars[i] ?? ''] ?? []) yield ['homoglyph', at(i, glyph)];
  }
  for (let i = 1; i < chars.length; i += 1) yield ['hyphenation', at(i, `-${chars[i]}`)];
  for (let i = 1; i < chars.length; i += 1) yield ['subdomain', at(i, `.${chars[i]}`)];
  for (let i = 1; i < chars.length; i += 1) if (chars[i] === '-') yield ['subdomain', at(i, '.')];
  for (const other of SWAP_TLDS) if (other !== tld) yield ['tld', `${name}@${other}`];
  for (let i = 0; i < chars.length; i += 1) {
    const code = chars[i]?.charCodeAt(0) ?? 0;
    for (let bit = 0; bit < 8; bit += 1) {
      const flipped = String.fromCharCode(code ^ (1 << bit));
      if (/^[a-z0-9-]$/.test(flipped)) yield ['bitsquatting', at(i, flipped)];
    }
  }
}

/**
 * The lookalike permutations of `domain` (its registrable part), at most `max`: the kinds take
 * turns, so a long name's many insertions never crowd out its homoglyphs or TLD swaps.
 */
export function permutations(domain: string, max = MAX_PERMUTATIONS): Permutation[] {
  const original = normalHostName(domain);
  if (original === null) return [];
  const registrable = registrableDomain(original);
  const name = registrable.slice(0, registrable.indexOf('.'));
  const tld = registrable.slice(name.length + 1);
  const seen = new Set([registrable]);
  const byKind = new Map<PermutationKind, string[]>(permutationKinds.map((kind) => [kind, []]));
  for (const [kind, variant] of variants(name, tld)) {
    // `name@tld` marks a TLD swap; every other variant keeps the domain's own TLD.
    const host = normalHostName(variant.includes('@') ? variant.replace('@', '.') : `${variant}.${tld}`);
    if (host === null || seen.has(host)) continue;
    seen.add(host);
    byKind.get(kind)?.push(host);
  }
  const taken: Permutation[] = [];
  for (let turn = 0; taken.length < max; turn += 1) {
    const round = permutationKinds.flatMap((kind) => {
      const host = byKind.get(kind)?.[turn];
      return host === undefined ? [] : [{ domain: host, kind }];
    });
    if (round.length === 0) break;
    taken.push(...round.slice(0, max - taken.length));
  }
  return taken;
}
