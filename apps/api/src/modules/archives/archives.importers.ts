// The archives module's import kinds, for results gathered offline (through the shared import jobs):
//  - `archive-urls`: a URL list as gau and waybackurls print it, every variant of their flags
//    (archive-lines.ts; `#` comments skipped);
//  - `wayback-cdx`: the Wayback CDX server's answer, JSON or plain text (archive-cdx.ts).
// URLs outside the company's domains are read and ignored; the source is `import` for both kinds.
import type { Executor } from '../../db/database.js';
import {
  companyOf,
  defineImporter,
  type ParsedItem,
  type RegisteredImporter,
  type Upload,
  type WriteContext,
  type WriteOutcome,
} from '../../platform/imports/import.types.js';
import { listRecords } from '../../platform/imports/import-records.js';
import type { ImportJobRow } from '../../platform/imports/imports.table.js';
import { parseCdx } from './archive-cdx.js';
import { urlListLine } from './archive-lines.js';
import { type ArchiveCapture, inDomains, writeArchivedUrls } from './archives.writer.js';

export function parseUrlList(upload: Upload): AsyncIterable<ParsedItem<ArchiveCapture>> {
  return listRecords(upload.files(), urlListLine);
}

async function companyDomainsOf(db: Executor, job: ImportJobRow): Promise<string[]> {
  const rows = await db
    .selectFrom('company_domains')
    .select('domain')
    .where('company_id', '=', companyOf(job))
    .execute();
  return rows.map((r) => r.domain);
}

async function writeImported(
  db: Executor,
  context: WriteContext,
  domains: string[],
  records: ArchiveCapture[],
): Promise<WriteOutcome> {
  const within = records.filter((r) => inDomains(r.url.host, domains));
  const outcome = await writeArchivedUrls(
    db,
    {
      companyId: companyOf(context.job),
      jobId: context.job.id,
      runId: null,
      source: 'import',
      isDemo: context.job.is_demo,
      now: context.now,
    },
    within,
  );
  return { added: outcome.added, updated: outcome.updated, ignored: records.length - within.length };
}

const importer = (
  kind: string,
  files: string[],
  expects: string,
  parse: (upload: Upload) => AsyncIterable<ParsedItem<ArchiveCapture>>,
) =>
  defineImporter({
    kind,
    module: 'archives',
    files,
    expects,
    prepare: companyDomainsOf,
    parse,
    write: (trx, context, domains, records) => writeImported(trx, context, domains, records),
  });

export const archiveImporters: readonly RegisteredImporter[] = [
  importer(
    'archive-urls',
    ['.txt', '.jsonl'],
    'a URL per line as waybackurls or gau print it (-dates, -get-versions, --json)',
    parseUrlList,
  ),
  importer(
    'wayback-cdx',
    ['.json', '.txt'],
    'a Wayback CDX answer: output=json rows with a header, or its plain text lines',
    parseCdx,
  ),
];
