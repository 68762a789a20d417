// The plain lists of `js-blacklist` (docs/import-formats/scripts.md): one value a line (maltrail,
// vendor IoC lists, defanged or not), hosts files and adblock rules, each line read in its own form;
// a CSV or JSON file is refused once, naming the kind that reads it.
import { isIP } from 'node:net';
import type { ParsedItem, SourceFile, Upload } from '../../../platform/imports/import.types.js';
import { linesOf } from '../../../platform/imports/import-lines.js';
import type { LineResult } from '../../../platform/imports/import-records.js';
import { normalHostName } from '../../../shared/host-name.js';
import type { BlacklistKind } from '../scripts/scripts.table.js';
import { normaliseEntry } from './js-blacklist.values.js';

export interface BlacklistRecord {
  kind: BlacklistKind;
  value: string;
  source: string | null;
  family: string | null;
  firstSeen: Date | null;
}

type Entry = LineResult<BlacklistRecord>;

const shown = (raw: string) => (raw.length > 80 ? `${raw.slice(0, 80)}…` : raw);

/** `hxxp://evil[.]example` → `http://evil.example`: IoC reports defang what they publish. */
export function refanged(raw: string): string {
  return raw
    .trim()
    .replace(
      /^hxxp(s?)(\[?:\]?|\[:\/\/\])/i,
      (_m, s: string, sep: string) => `http${s}${sep.includes('//') ? '://' : ':'}`,
    )
    .replace(/\[\.\]|\(\.\)|\{\.\}|\[dot\]/gi, '.')
    .replace(/\[:\]/g, ':');
}

function entry(kind: BlacklistKind | undefined, value: string): Entry {
  const normal = normaliseEntry(kind, value);
  return normal.ok
    ? { ok: true, record: { kind: normal.kind, value: normal.value, source: null, family: null, firstSeen: null } }
    : normal;
}

/**
 * One indicator as lists write it: a URL, a SHA-256, a host, `host:port` (the host: the blacklist
 * matches hosts), or `host/path` without a scheme (maltrail), read as the https URL a checkout page
 * may load. A bare `/path` names no address and is refused.
 */
export function indicator(raw: string): Entry {
  const text = refanged(raw);
  if (text.startsWith('/')) {
    return { ok: false, reason: `"${shown(text)}" is a path without a host: the blacklist matches addresses.` };
  }
  if (text.includes('://') || /^sha256-/.test(text) || /^[0-9a-f]{64}$/i.test(text)) return entry(undefined, text);
  const slash = text.indexOf('/');
  const authority = slash === -1 ? text : text.slice(0, slash);
  const port = /^(.+):(\d{1,5})$/.exec(authority);
  const host = isIP(authority) !== 0 ? authority : (port?.[1] ?? authority);
  if (slash !== -1) {
    const named = isIP(host) !== 0 || normalHostName(host) !== null;
    return named ? entry('url', `https://${text}`) : { ok: false, reason: `"${shown(text)}" is not a host name.` };
  }
  return entry('host', host);
}

const SINKHOLES = new Set(['0.0.0.0', '127.0.0.1', '::', '::1', '0', '255.255.255.255', 'fe80::1%lo0']);
const OWN_NAMES = /^(localhost|localhost\.localdomain|local|broadcasthost|ip6-\w+|0\.0\.0\.0)$/i;

/** A hosts-file line (`0.0.0.0 a.example b.example`): one entry per name after the address. */
function hostsLine(names: string[]): Entry[] {
  return names.map((name) =>
    OWN_NAMES.test(name)
      ? { ok: false, reason: `"${shown(name)}" is the hosts file's own entry, not an indicator.` }
      : entry('host', name),
  );
}

/** An adblock network rule: `||host^`, `||host$all`, `||host/path^$all`, `|https://…|`; others refused. */
function adblockLine(text: string): Entry {
  if (text.startsWith('@@'))
    return { ok: false, reason: 'An adblock exception rule (@@) allows an address; it is not an indicator.' };
  if (/#[@?$%]?#/.test(text))
    return { ok: false, reason: 'An adblock cosmetic rule (##) hides page elements; it names no address.' };
  const body = text.replace(/\$[^/]*$/, '').replace(/\^$/, '');
  if (body.includes('*'))
    return {
      ok: false,
      reason: `The adblock rule "${shown(text)}" has a wildcard; only exact hosts and URLs are read.`,
    };
  if (body.startsWith('||')) return indicator(body.slice(2).replace(/\^/g, ''));
  if (/^\|https?:\/\//.test(body)) return indicator(body.slice(1).replace(/\|$/, ''));
  return { ok: false, reason: `The adblock rule "${shown(text)}" is not an address rule (||host^ or ||host/path).` };
}

/** One significant line of a list: its entries (a hosts line may name several), or why it is refused. */
export function listLine(text: string): Entry[] {
  const value = text.replace(/\s+#.*$/, '').trim();
  if (value.startsWith('|') || value.startsWith('@@') || /#[@?$%]?#/.test(value)) return [adblockLine(value)];
  const tokens = value.split(/\s+/);
  const [first, ...names] = tokens;
  if (first !== undefined && names.length > 0 && (SINKHOLES.has(first) || isIP(first) !== 0)) return hostsLine(names);
  if (names.length > 0) return [{ ok: false, reason: `"${shown(value)}" holds several values; one a line.` }];
  return [indicator(value)];
}

const COMMENT = /^(#|!|\[Adblock.*\]$|\[uBlock.*\]$)/i;

/** Why a file is not a list at all, from its first significant line (a CSV header, JSON), or null. */
export function notAList(first: string): string | null {
  if (/^[[{]/.test(first))
    return 'This is a JSON document, not a list (one value a line): export the indicators as a list or a CSV.';
  const cells = first.split(',').map((c) => c.trim().replace(/^"|"$/g, '').toLowerCase());
  if (cells.length > 1 && cells.some((c) => /^(value|indicator|ioc|ioc_value|data|url|domain)$/.test(c))) {
    return 'This is a CSV file with a header line: upload it as the kind js-blacklist-csv.';
  }
  return null;
}

async function* fileEntries(file: SourceFile): AsyncGenerator<ParsedItem<BlacklistRecord>> {
  let seen = false;
  for await (const read of linesOf(file)) {
    const { line, progress } = read;
    if (read.text === null) {
      yield { kind: 'reject', file: file.path, line, reason: read.reason, progress };
      continue;
    }
    const text = read.text.trim();
    if (text === '' || COMMENT.test(text)) continue;
    if (!seen) {
      seen = true;
      const refused = notAList(text.replace(/^\uFEFF/, ''));
      if (refused) {
        yield { kind: 'reject', file: file.path, line: 0, reason: refused, progress: 1 };
        return;
      }
    }
    for (const result of listLine(text.replace(/^\uFEFF/, ''))) {
      if (result.ok) yield { kind: 'record', record: result.record, file: file.path, line, progress };
      else yield { kind: 'reject', file: file.path, line, reason: result.reason, progress };
    }
  }
}

export async function* parseBlacklistList(upload: Upload): AsyncGenerator<ParsedItem<BlacklistRecord>> {
  for await (const file of upload.files()) yield* fileEntries(file);
}
