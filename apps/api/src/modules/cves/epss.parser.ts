// The FIRST EPSS daily CSV, of every model version (the upload may be the .csv.gz as published):
// since 2022-02-04 (v2022.01.01, v2023.03.01, v2025.03.14, v2026.06.15) a comment line
// `#model_version:…,score_date:…` then `cve,epss,percentile`; from 2021-09 to 2022-02 the header
// row alone; before that (2021-04 to 2021-08) `cve,epss`, without a percentile.
import { checkDay, type ParsedItem, type Upload } from '../../platform/imports/import.types.js';
import { linesOf } from '../../platform/imports/import-lines.js';
import { cveIdPattern } from './nvd.parser.js';

export interface EpssRecord {
  cveId: string;
  epss: number;
  /** Null in the 2021 files that had no percentile column. */
  percentile: number | null;
  model: string | null;
  scoreDate: string | null;
}

export function parseEpssMeta(line: string): { model: string | null; scoreDate: string | null } {
  const model = /model_version:([^,\s]{1,40})/.exec(line)?.[1] ?? null;
  const date = /score_date:(\d{4}-\d{2}-\d{2})/.exec(line)?.[1];
  return { model, scoreDate: date && checkDay('score_date', date).ok ? date : null };
}

/** The positions of the columns the header names, or null when it is not an EPSS header. */
function columnsOf(header: string): { cve: number; epss: number; percentile: number | null } | null {
  const names = header
    .replace(/^\uFEFF/, '')
    .split(',')
    .map((n) => n.trim().toLowerCase());
  const cve = names.indexOf('cve');
  const epss = names.indexOf('epss');
  const percentile = names.indexOf('percentile');
  return cve < 0 || epss < 0 ? null : { cve, epss, percentile: percentile < 0 ? null : percentile };
}

export async function* parseEpss(upload: Upload): AsyncGenerator<ParsedItem<EpssRecord>> {
  for await (const file of upload.files()) {
    let meta: { model: string | null; scoreDate: string | null } = { model: null, scoreDate: null };
    let columns: ReturnType<typeof columnsOf> = null;
    for await (const read of linesOf(file)) {
      const { line, progress } = read;
      const reject = (reason: string) => ({ kind: 'reject' as const, file: file.path, line, reason, progress });
      if (read.text === null) {
        yield reject(read.reason);
        continue;
      }
      const trimmed = read.text.replace(/^\uFEFF/, '').trim();
      if (trimmed === '') continue;
      if (trimmed.startsWith('#')) {
        meta = parseEpssMeta(trimmed);
        continue;
      }
      if (!columns) {
        columns = columnsOf(trimmed);
        if (columns) continue;
        yield {
          ...reject(
            'Not an EPSS scores file: expected the header "cve,epss,percentile" (or the 2021 files\' "cve,epss"), after an optional "#model_version:…,score_date:…" line.',
          ),
          progress: 1,
        };
        break;
      }
      const cells = trimmed.split(',');
      const cveId = (cells[columns.cve] ?? '').trim();
      const epssText = (cells[columns.epss] ?? '').trim();
      const percentileText = columns.percentile === null ? null : (cells[columns.percentile] ?? '').trim();
      const epss = Number(epssText);
      const percentile = percentileText === null ? null : Number(percentileText);
      if (!cveIdPattern.test(cveId)) yield reject(`Bad CVE id "${cveId.slice(0, 40)}".`);
      else if (epssText === '' || !(epss >= 0 && epss <= 1)) yield reject(`${cveId}: epss must be between 0 and 1.`);
      else if (percentile !== null && (percentileText === '' || !(percentile >= 0 && percentile <= 1)))
        yield reject(`${cveId}: percentile must be between 0 and 1.`);
      else yield { kind: 'record', file: file.path, line, progress, record: { cveId, epss, percentile, ...meta } };
    }
  }
}
