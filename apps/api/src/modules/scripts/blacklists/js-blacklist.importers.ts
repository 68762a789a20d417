// The JS blacklist's import kinds (module `scripts`; formats in docs/import-formats/scripts.md):
// `js-blacklist-csv` (js-blacklist.csv.ts) and `js-blacklist` (js-blacklist.lists.ts). An entry seen again
// keeps its first sighting and status, takes the later last sighting, fills an empty family/source.
import { sql } from 'kysely';
import type { Executor } from '../../../db/database.js';
import {
  companyOf,
  defineImporter,
  type ParsedItem,
  type RegisteredImporter,
  type Upload,
  type WriteContext,
  type WriteOutcome,
} from '../../../platform/imports/import.types.js';
import type { DemoFile, DemoInput } from '../../../platform/monitoring/monitoring-module.js';
import { parseBlacklistCsv } from './js-blacklist.csv.js';
import { type BlacklistRecord, parseBlacklistList } from './js-blacklist.lists.js';

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
  // An entry repeated within the batch is seen again, like one from an earlier file: updated.
  return { added, updated: records.length - added, ignored: 0 };
}

const importer = (
  kind: string,
  files: string[],
  expects: string,
  parse: (upload: Upload) => AsyncIterable<ParsedItem<BlacklistRecord>>,
) =>
  defineImporter({
    kind,
    module: 'scripts',
    files,
    expects,
    prepare: async (_db, job) => companyOf(job),
    parse,
    write: (trx, context, _companyId, records) => writeBlacklist(trx, context, records),
  });

export const blacklistImporters: readonly RegisteredImporter[] = [
  importer(
    'js-blacklist-csv',
    ['.csv'],
    'a CSV of indicators with a header naming value (Vigil, Volexity) or ioc_value (ThreatFox)',
    parseBlacklistCsv,
  ),
  importer(
    'js-blacklist',
    ['.txt'],
    'a list of hosts, URLs or SHA-256 (one a line), a hosts file or adblock ||host^ rules',
    parseBlacklistList,
  ),
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
