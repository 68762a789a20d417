// Matching a mention against the company's keywords, the way an analyst reads a post: brands,
// executives' names and other terms as whole words, case and accents ignored (shared/text-match);
// a domain as any host name in the text that is the domain or under it (shop.acme.com, an e-mail's
// @acme.com; never acme.com.evil.example); a card BIN at the start of a number, its digits plain or
// grouped by four (4571 73…); an IP range by every IPv4 or IPv6 address in the text that falls in
// it. Ranges are UTF-16 offsets into the original title and text, for the web to mark.
import { BlockList, isIP } from 'node:net';
import { isWithinDomain, normalHostName } from '../../shared/host-name.js';
import { findMatches, highlightRanges, type TextRange } from '../../shared/text-match.js';
import type { KeywordClass } from './mentions.table.js';

export interface Keyword {
  id: number;
  class: KeywordClass;
  term: string;
}

export type Normalised = { ok: true; term: string } | { ok: false; reason: string };

function cidrOf(raw: string): { address: string; prefix: number; family: 4 | 6 } | null {
  const [address = '', prefixText, extra] = raw.split('/');
  const family = isIP(address);
  if (extra !== undefined || (family !== 4 && family !== 6)) return null;
  const max = family === 4 ? 32 : 128;
  if (prefixText !== undefined && !/^\d{1,3}$/.test(prefixText)) return null;
  const prefix = prefixText === undefined ? max : Number(prefixText);
  return prefix <= max ? { address: address.toLowerCase(), prefix, family } : null;
}

/** A keyword as it is stored and matched, or why its class refuses it (the 422's reason). */
export function normaliseKeyword(keywordClass: KeywordClass, raw: string): Normalised {
  const value = raw.trim().replace(/\s+/g, ' ');
  if (keywordClass === 'domain') {
    const host = normalHostName(value.replace(/^\*\./, ''));
    return host ? { ok: true, term: host } : { ok: false, reason: 'Enter a domain name, e.g. acme.com.' };
  }
  if (keywordClass === 'card_bin') {
    const digits = value.replace(/[\s-]/g, '');
    return /^\d{6,8}$/.test(digits)
      ? { ok: true, term: digits }
      : { ok: false, reason: 'Enter a card BIN: 6 to 8 digits.' };
  }
  if (keywordClass === 'ip_range') {
    const cidr = cidrOf(value);
    return cidr
      ? { ok: true, term: `${cidr.address}/${cidr.prefix}` }
      : { ok: false, reason: 'Enter an IP address or range, e.g. 203.0.113.0/24 or 2001:db8::/32.' };
  }
  if (value.length < 3) return { ok: false, reason: 'Enter at least 3 characters.' };
  return /[\p{L}\p{N}]/u.test(value) ? { ok: true, term: value } : { ok: false, reason: 'Enter a word or a name.' };
}

// Host names: labels of letters, digits and hyphens joined by dots, ending in a letter label.
const HOST =
  /(?<![\p{L}\p{N}.-])(?:[\p{L}\p{N}](?:[\p{L}\p{N}-]{0,61}[\p{L}\p{N}])?\.)+\p{L}[\p{L}\p{N}-]{0,62}(?![\p{L}\p{N}-]|\.[\p{L}\p{N}])/gu;
// IPv4 (a port may follow) and IPv6 candidates, checked by node:net.
const ADDRESS =
  /(?<![\p{L}\p{N}.])\d{1,3}(?:\.\d{1,3}){3}(?![\p{L}\p{N}]|\.\d)|(?<![\p{L}\p{N}.:])[0-9a-f]{0,4}(?::[0-9a-f]{0,4}){2,7}(?![\p{L}\p{N}:])/giu;

function domainRanges(text: string, domain: string): TextRange[] {
  const ranges: TextRange[] = [];
  for (const match of text.matchAll(HOST)) {
    const host = normalHostName(match[0]);
    if (host && isWithinDomain(host, domain)) ranges.push({ start: match.index, end: match.index + match[0].length });
  }
  return ranges;
}

function ipRanges(text: string, term: string): TextRange[] {
  const cidr = cidrOf(term);
  if (!cidr) return [];
  const type = cidr.family === 4 ? 'ipv4' : 'ipv6';
  const list = new BlockList();
  list.addSubnet(cidr.address, cidr.prefix, type);
  const ranges: TextRange[] = [];
  for (const match of text.matchAll(ADDRESS)) {
    const family = isIP(match[0]);
    if (family === cidr.family && list.check(match[0], type)) {
      ranges.push({ start: match.index, end: match.index + match[0].length });
    }
  }
  return ranges;
}

/** A BIN as card numbers are written: 457173, 4571 73…, 4571-73…, at the start of a number. */
function binRanges(text: string, bin: string): TextRange[] {
  const grouped = `${bin.slice(0, 4)} ${bin.slice(4)}`;
  return highlightRanges(text, [bin, grouped, `${bin.slice(0, 4)}-${bin.slice(4)}`], { prefix: true });
}

/** Where one keyword occurs in a text. */
export function rangesOf(keyword: Pick<Keyword, 'class' | 'term'>, text: string): TextRange[] {
  if (text === '') return [];
  switch (keyword.class) {
    case 'domain':
      return domainRanges(text, keyword.term);
    case 'ip_range':
      return ipRanges(text, keyword.term);
    case 'card_bin':
      return binRanges(text, keyword.term);
    default:
      return findMatches(text, keyword.term);
  }
}

export interface KeywordMatch {
  keyword: Keyword;
  titleRanges: TextRange[];
  textRanges: TextRange[];
}

/** The keywords a mention matches, with their ranges in its title and text. */
export function matchMention(keywords: readonly Keyword[], title: string | null, body: string): KeywordMatch[] {
  return keywords.flatMap((keyword) => {
    const titleRanges = rangesOf(keyword, title ?? '');
    const textRanges = rangesOf(keyword, body);
    return titleRanges.length + textRanges.length > 0 ? [{ keyword, titleRanges, textRanges }] : [];
  });
}
