// The JS blacklist's import kinds, through the shared import jobs (module `scripts`):
//  - `js-blacklist-csv`: a header naming `value` and optionally kind, source, family, first_seen
//    (kind read from the value when absent; first_seen a date or date-time);
//  - `js-blacklist`: a plain list, one host, URL or SHA-256 per line, `#` comments (whole lines,
//    or after a space), the file's name as the source.
// Values are normalised (blacklist.values.ts); an entry seen again keeps its first sighting and
// status, takes the later last sighting and fills its family and source when they were empty.
import { sql } from 'kysely';
import type { Executor } from '../../../db/database.js';
import {
  checkDate,
  companyOf,
  defineImporter,
  type ParsedItem,
  type RegisteredImporter,
  type Upload,
  type WriteContext,
  type WriteOutcome,
} from '../../imports/import.types.js';
import { csvRecords, type LineResult, listRecords } from '../../imports/import-records.js';
import type { DemoFile, DemoInput } from '../../monitoring/monitoring-module.js';
import type { BlacklistKind } from '../scripts.table.js';
import { normaliseEntry } from './blacklist.values.js';

export interface BlacklistRecord {
  kind: BlacklistKind;
  value: string;
  source: string | null;
  family: string | null;
  firstSeen: Date | null;
}

const FIELD = /^[\p{L}\p{N}][\p{L}\p{N} ._:/()+-]{0,59}$/u;

function label(what: string, text: string): { ok: true; value: string | null } | { ok: false; reason: string } {
  if (text === '') return { ok: true, value: null };
  return FIELD.test(text)
    ? { ok: true, value: text }
    : {
        ok: false,
        reason: `The ${what} "${text.slice(0, 60)}" is not a name (at most 60 letters, digits, spaces, . _ : / ( ) + -).`,
      };
}

/** One plain-list line: the value, without a trailing ` # comment`. */
export function listLine(text: string): LineResult<BlacklistRecord> {
  const value = text.replace(/\s+#.*$/, '').trim();
  const entry = normaliseEntry(undefined, value);
  return entry.ok
    ? { ok: true, record: { kind: entry.kind, value: entry.value, source: null, family: null, firstSeen: null } }
    : entry;
}

type Columns = Partial<Record<'kind' | 'value' | 'source' | 'family' | 'first_seen', number>>;
const columnNames = ['kind', 'value', 'source', 'family', 'first_seen'] as const;

function columnsOf(cells: string[]): Columns | null {
  const columns: Columns = {};
  cells.forEach((name, i) => {
    const key = name.toLowerCase().replace(/^\uFEFF/, '') as (typeof columnNames)[number];
    if (columnNames.includes(key)) columns[key] = i;
  });
  return columns.value === undefined ? null : columns;
}

export function csvRow(cells: string[], columns: Columns): LineResult<BlacklistRecord> {
  const cell = (column: keyof Columns) => (columns[column] === undefined ? '' : (cells[columns[column]] ?? ''));
  const entry = normaliseEntry(cell('kind'), cell('value'));
  if (!entry.ok) return entry;
  const source = label('source', cell('source'));
  if (!source.ok) return source;
  const family = label('family', cell('family'));
  if (!family.ok) return family;
  let firstSeen: Date | null = null;
  if (cell('first_seen') !== '') {
    const raw = cell('first_seen');
    const date = /^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(raw) ? new Date(raw) : null;
    const checked = checkDate('first_seen', raw, date);
    if (!checked.ok) return checked;
    firstSeen = checked.date;
  }
  return {
    ok: true,
    record: { kind: entry.kind, value: entry.value, source: source.value, family: family.value, firstSeen },
  };
}

export function parseBlacklistList(upload: Upload): AsyncIterable<ParsedItem<BlacklistRecord>> {
  return listRecords(upload.files(), listLine);
}

export function parseBlacklistCsv(upload: Upload): AsyncIterable<ParsedItem<BlacklistRecord>> {
  return csvRecords(upload.files(), {
    header: columnsOf,
    headerMissing:
      'Expected a header line naming the column "value" (and optionally kind, source, family, first_seen).',
    row: csvRow,
  });
}

/** Upserts one batch; `source` stands for records that name none (the file, or the import kind). */
export async function writeBlacklist(
  db: Executor,
  context: WriteContext,
  records: BlacklistRecord[],
): Promise<WriteOutcome> {
  const companyId = companyOf(context.job);
  const unique = new Map(records.map((r) => [`${r.kind}|${r.value}`, r]));
  const rows = [...unique.values()];
  if (rows.length === 0) return { added: 0, updated: 0, ignored: 0 };
  const fallback = context.job.file_name.slice(0, 120) || context.job.kind;
  const seen = context.seenAt;
  const result = await sql<{ inserted: boolean }>`
    insert into js_blacklist as b (company_id, kind, value, source, family, first_seen_at, last_seen_at, job_id,
      is_demo, created_at, updated_at)
    select ${companyId}, t.kind, t.value, coalesce(t.source, ${fallback}), t.family, coalesce(t.first_seen, ${seen}::timestamptz),
      ${seen}::timestamptz, ${context.job.id}, ${context.job.is_demo}, ${context.now}::timestamptz, ${context.now}::timestamptz
    from unnest(${rows.map((r) => r.kind)}::text[], ${rows.map((r) => r.value)}::text[], ${rows.map((r) => r.source)}::text[],
      ${rows.map((r) => r.family)}::text[], ${rows.map((r) => r.firstSeen?.toISOString() ?? null)}::timestamptz[])
      as t(kind, value, source, family, first_seen)
    on conflict (company_id, kind, value) do update set
      source = coalesce(nullif(b.source, ''), excluded.source),
      family = coalesce(b.family, excluded.family),
      first_seen_at = least(b.first_seen_at, excluded.first_seen_at),
      last_seen_at = greatest(b.last_seen_at, excluded.last_seen_at),
      job_id = excluded.job_id,
      updated_at = excluded.updated_at
    returning (xmax = 0) as inserted`.execute(db);
  const added = result.rows.filter((r) => r.inserted).length;
  return { added, updated: result.rows.length - added, ignored: records.length - rows.length };
}

const importer = (kind: string, parse: (upload: Upload) => AsyncIterable<ParsedItem<BlacklistRecord>>) =>
  defineImporter({
    kind,
    module: 'scripts',
    prepare: async (_db, job) => companyOf(job),
    parse,
    write: (trx, context, _companyId, records) => writeBlacklist(trx, context, records),
  });

export const blacklistImporters: readonly RegisteredImporter[] = [
  importer('js-blacklist-csv', parseBlacklistCsv),
  importer('js-blacklist', parseBlacklistList),
];

/**
 * A demo company's blacklist, a plain list: the demo store's skimmer exfiltration host (so the demo
 * scan's skimmer is a blacklist hit too) and indicator-style entries under reserved names
 * (`.test`, `.example`, RFC 5737 addresses), which exist nowhere.
 */
export function blacklistDemo({ company }: DemoInput): DemoFile[] {
  if (!company) return [];
  const lines = [
    '# Magecart indicators shared by the payments ISAC (demo list: reserved names only)',
    'collect.evil.test # the demo store skimmer collection host',
    'cdn.jquery-static.test',
    'google-analytlcs.example',
    'static-cloudflare.example',
    'https://cdn-js.example/jquery.min.js',
    'wss://socket-cdn.example/ws',
    '198.51.100.23',
    '9f2c5e0b3a7d41c68e1f5a2b7c3d9e0f4a6b8c1d2e3f405162738495a6b7c8d9',
  ];
  return [
    {
      kind: 'js-blacklist',
      fileName: 'magecart-indicators.txt',
      content: Buffer.from(`${lines.join('\n')}\n`),
      options: {},
    },
  ];
}
