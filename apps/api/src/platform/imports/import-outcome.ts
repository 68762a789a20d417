// An import's honest outcome: a job that read no record, or kept none of those it read, ends
// `failed` with the reason (its first reject, or what the kind expects); one that kept some and
// rejected some ends `succeeded` but partial (its rejected count is above zero), everywhere it is shown.
import type { Executor } from '../../db/database.js';
import type { RegisteredImporter } from './import.types.js';

export interface KindWords {
  /** What the kind reads ("nuclei JSON lines…"). */
  expects: string;
  /** What a record read and not kept is, in the plural ("records outside the company's domains"). */
  ignoredAs: string;
}

export function describeKind(importer: Pick<RegisteredImporter, 'kind' | 'expects' | 'ignoredAs'>): KindWords {
  return {
    expects: importer.expects ?? `a ${importer.kind} file`,
    ignoredAs: importer.ignoredAs ?? "records outside the company's domains",
  };
}

export interface Counts {
  read: number;
  kept: number;
  rejected: number;
  /** Records read that the writer did not keep (outside the scope). */
  ignored: number;
}

function shorten(text: string, max = 300): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

/**
 * Why a job ended with nothing kept, or null when it kept something (or read records that were
 * already there unchanged, or its files are reports of nothing found). `fileRefused` is a whole file's refusal (a reject on line 0), which says
 * best what the file is; else the first reject is quoted.
 */
export function nothingKept(
  counts: Counts,
  words: KindWords,
  firstReject: { file_path: string; line: number; reason: string } | undefined,
  fileRefused: string | undefined,
  emptyReports = 0,
): string | null {
  const records = counts.read - counts.rejected;
  if (counts.read === 0) return emptyReports > 0 ? null : `No records found: expected ${words.expects}.`;
  if (records === 0) {
    if (fileRefused) return fileRefused;
    const first = firstReject
      ? ` First: ${firstReject.file_path} line ${firstReject.line}: ${shorten(firstReject.reason)}`
      : '';
    return `Nothing was kept: all ${counts.rejected} records were rejected.${first}`;
  }
  if (counts.kept === 0 && counts.ignored >= records) {
    const rejected = counts.rejected > 0 ? ` (and ${counts.rejected} rejected)` : '';
    return `Nothing was kept: all ${records} records read were ${words.ignoredAs}${rejected}.`;
  }
  return null;
}

/** Reads the job's committed counts and its first reject, then `nothingKept`. */
export async function whyNothingWasKept(
  db: Executor,
  jobId: number,
  run: KindWords & { ignored: number; fileRefused: string | undefined; emptyReports: number },
): Promise<string | null> {
  const job = await db
    .selectFrom('jobs')
    .select(['read_count', 'added_count', 'updated_count', 'rejected_count'])
    .where('id', '=', jobId)
    .executeTakeFirst();
  if (!job) return null;
  const firstReject = await db
    .selectFrom('import_rejects')
    .select(['file_path', 'line', 'reason'])
    .where('job_id', '=', jobId)
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  const counts = {
    read: job.read_count,
    kept: job.added_count + job.updated_count,
    rejected: job.rejected_count,
    ignored: run.ignored,
  };
  return nothingKept(counts, run, firstReject, run.fileRefused, run.emptyReports);
}
