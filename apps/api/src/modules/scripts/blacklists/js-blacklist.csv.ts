// The CSV exports of `js-blacklist-csv` (docs/import-formats/scripts.md): Vigil's own header, vendor
// IoC CSVs (Volexity `value,type,notes`, `value,entity_type,description`) and abuse.ch exports with
// the header in a `#` comment (ThreatFox); columns found by name, vendor types mapped to three kinds.
import {
  checkDate,
  type ParsedItem,
  type SourceFile,
  type Upload,
  utcDate,
} from '../../../platform/imports/import.types.js';
import { linesOf } from '../../../platform/imports/import-lines.js';
import { csvCells, type LineResult } from '../../../platform/imports/import-records.js';
import type { BlacklistKind } from '../scripts/scripts.table.js';
import { type BlacklistRecord, indicator, refanged } from './js-blacklist.lists.js';
import { normaliseEntry } from './js-blacklist.values.js';

type Column = 'kind' | 'value' | 'source' | 'family' | 'first_seen';
export type Columns = Partial<Record<Column, number>>;

const ALIASES: Record<Column, readonly string[]> = {
  value: ['value', 'indicator', 'ioc', 'ioc_value', 'data'],
  kind: ['kind', 'type', 'entity_type', 'ioc_type', 'indicator_type', 'indicator type'],
  source: ['source'],
  family: ['family', 'malware_printable', 'malware'],
  first_seen: ['first_seen', 'first_seen_utc', 'dateadded'],
};

export function columnsOf(cells: string[]): Columns | null {
  const columns: Columns = {};
  cells.forEach((name, i) => {
    const key = name
      .replace(/^\uFEFF/, '')
      .trim()
      .toLowerCase();
    for (const [column, names] of Object.entries(ALIASES) as [Column, readonly string[]][]) {
      if (names.includes(key) && columns[column] === undefined) columns[column] = i;
    }
  });
  return columns.value === undefined ? null : columns;
}

const KINDS: Record<string, BlacklistKind | 'file' | 'refused'> = {
  host: 'host',
  hostname: 'host',
  domain: 'host',
  fqdn: 'host',
  ip: 'host',
  ipaddress: 'host',
  ipv4: 'host',
  ipv6: 'host',
  'ip:port': 'host',
  'ip-dst': 'host',
  'ip-src': 'host',
  url: 'url',
  uri: 'url',
  sha256: 'sha256',
  sha256_hash: 'sha256',
  'filehash-sha256': 'sha256',
  file: 'file',
  md5: 'refused',
  md5_hash: 'refused',
  sha1: 'refused',
  sha1_hash: 'refused',
  'filehash-md5': 'refused',
  'filehash-sha1': 'refused',
};

/** A row's value read under its type; the type's own reason when the blacklist cannot hold it. */
function typed(type: string, raw: string): LineResult<BlacklistRecord> {
  const given = type.trim().toLowerCase();
  const kind = given === '' ? undefined : KINDS[given];
  if (given !== '' && kind === undefined) {
    const known = 'host, url, sha256; or a vendor type: hostname, domain, ipaddress, ip:port, sha256_hash, file';
    return { ok: false, reason: `Unknown kind "${given.slice(0, 60)}" (one of ${known}).` };
  }
  if (kind === 'refused') return { ok: false, reason: `A ${given} is not read: scripts are matched by SHA-256.` };
  if (kind === 'file') {
    // Volexity's `file` rows hold "sha256,sha1,md5" in one cell, or a file name (never an address).
    const sha = raw
      .split(',')
      .map((v) => v.trim())
      .find((v) => /^[0-9a-f]{64}$/i.test(v));
    return sha
      ? indicator(sha)
      : { ok: false, reason: `The file "${raw.slice(0, 60)}" has no SHA-256: a file name is not an address.` };
  }
  if (kind === undefined) return indicator(raw);
  if (kind === 'host') {
    const read = indicator(raw);
    return !read.ok || read.record.kind === 'host'
      ? read
      : { ok: false, reason: `"${raw.slice(0, 80)}" is not a host name.` };
  }
  const normal = normaliseEntry(kind, refanged(raw));
  return normal.ok
    ? { ok: true, record: { kind: normal.kind, value: normal.value, source: null, family: null, firstSeen: null } }
    : normal;
}

const FIELD = /^[\p{L}\p{N}][\p{L}\p{N} ._:/()+-]{0,59}$/u;

function label(what: string, text: string): { ok: true; value: string | null } | { ok: false; reason: string } {
  if (text === '' || text.toLowerCase() === 'none') return { ok: true, value: null };
  return FIELD.test(text)
    ? { ok: true, value: text }
    : {
        ok: false,
        reason: `The ${what} "${text.slice(0, 60)}" is not a name (at most 60 letters, digits, spaces, . _ : / ( ) + -).`,
      };
}

/** A date, or a date-time with or without its offset (abuse.ch writes UTC without one). */
function firstSeenOf(raw: string): { ok: true; date: Date } | { ok: false; reason: string } {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/.exec(raw);
  if (!m) return checkDate('first_seen', raw, null);
  const [, y, mo, d, h = '0', mi = '0', s = '0', zone] = m;
  const utc = utcDate(Number(y), Number(mo), Number(d), Number(h), Number(mi), Number(s));
  const offset =
    zone && zone !== 'Z'
      ? (zone.startsWith('-') ? -1 : 1) * (Number(zone.slice(1, 3)) * 60 + Number(zone.slice(-2)))
      : 0;
  return checkDate('first_seen', raw, utc && new Date(utc.getTime() - offset * 60_000));
}

export function csvRow(cells: string[], columns: Columns): LineResult<BlacklistRecord> {
  const cell = (column: Column) => (columns[column] === undefined ? '' : (cells[columns[column]] ?? ''));
  if (cell('value') === '') return { ok: false, reason: 'Missing value.' };
  const entry = typed(cell('kind'), cell('value'));
  if (!entry.ok) return entry;
  const source = label('source', cell('source'));
  if (!source.ok) return source;
  const family = label('family', cell('family'));
  if (!family.ok) return family;
  let firstSeen: Date | null = null;
  if (cell('first_seen') !== '') {
    const checked = firstSeenOf(cell('first_seen'));
    if (!checked.ok) return checked;
    firstSeen = checked.date;
  }
  return { ok: true, record: { ...entry.record, source: source.value, family: family.value, firstSeen } };
}

const HEADER_MISSING =
  'Expected a header line naming the column "value" (or indicator, ioc_value; and optionally kind or type, source, family, first_seen).';

async function* fileRows(file: SourceFile): AsyncGenerator<ParsedItem<BlacklistRecord>> {
  let columns: Columns | null = null;
  for await (const read of linesOf(file)) {
    const { line, progress } = read;
    if (read.text === null) {
      yield { kind: 'reject', file: file.path, line, reason: read.reason, progress };
      continue;
    }
    const text = read.text.replace(/^\uFEFF/, '').trim();
    if (text === '') continue;
    if (text.startsWith('#')) {
      // abuse.ch exports name their columns in a comment line; any other comment is skipped.
      const header = columns ? null : csvCells(text.replace(/^#\s*/, ''));
      if (header) columns = columnsOf(header);
      continue;
    }
    const cells = csvCells(text);
    if (!cells) {
      yield { kind: 'reject', file: file.path, line, reason: 'Unclosed quote (one record per line).', progress };
      continue;
    }
    if (!columns) {
      columns = columnsOf(cells);
      if (columns) continue;
      const reason =
        cells.length === 1
          ? `${HEADER_MISSING} This looks like a plain list (one value a line): upload it as the kind js-blacklist.`
          : HEADER_MISSING;
      yield { kind: 'reject', file: file.path, line, reason, progress: 1 };
      return;
    }
    const parsed = csvRow(cells, columns);
    if (parsed.ok) yield { kind: 'record', record: parsed.record, file: file.path, line, progress };
    else yield { kind: 'reject', file: file.path, line, reason: parsed.reason, progress };
  }
}

export async function* parseBlacklistCsv(upload: Upload): AsyncGenerator<ParsedItem<BlacklistRecord>> {
  for await (const file of upload.files()) yield* fileRows(file);
}
