// The FIRST EPSS daily CSV: `#model_version:v2025.03.14,score_date:2025-03-15T00:00:00+0000`,
// then `cve,epss,percentile` and one line per CVE (the upload may be the .csv.gz as published).
import { checkDay, type ParsedItem, type Upload } from '../imports/import.types.js';
import { linesOf } from '../imports/import-lines.js';
import { cveIdPattern } from './nvd.parser.js';

export interface EpssRecord {
  cveId: string;
  epss: number;
  percentile: number;
  model: string | null;
  scoreDate: string | null;
}

export function parseEpssMeta(line: string): { model: string | null; scoreDate: string | null } {
  const model = /model_version:([^,\s]+)/.exec(line)?.[1] ?? null;
  const date = /score_date:(\d{4}-\d{2}-\d{2})/.exec(line)?.[1];
  return { model, scoreDate: date && checkDay('score_date', date).ok ? date : null };
}

export async function* parseEpss(upload: Upload): AsyncGenerator<ParsedItem<EpssRecord>> {
  for await (const file of upload.files()) {
    let meta: { model: string | null; scoreDate: string | null } = { model: null, scoreDate: null };
    let header = false;
    for await (const read of linesOf(file)) {
      const { line, progress } = read;
      if (read.text === null) {
        yield { kind: 'reject', file: file.path, line, reason: read.reason, progress };
        continue;
      }
      const trimmed = read.text.trim();
      if (trimmed === '') continue;
      if (trimmed.startsWith('#')) {
        meta = parseEpssMeta(trimmed);
        continue;
      }
      if (!header) {
        if (!/^cve,epss,percentile$/i.test(trimmed.replace(/\s/g, ''))) {
          yield {
            kind: 'reject',
            file: file.path,
            line,
            reason: 'Expected the header "cve,epss,percentile".',
            progress: 1,
          };
          break;
        }
        header = true;
        continue;
      }
      const [cveId = '', epssText = '', percentileText = ''] = trimmed.split(',');
      const epss = Number(epssText);
      const percentile = Number(percentileText);
      if (!cveIdPattern.test(cveId))
        yield { kind: 'reject', file: file.path, line, reason: `Bad CVE id "${cveId.slice(0, 40)}".`, progress };
      else if (epssText === '' || !(epss >= 0 && epss <= 1))
        yield { kind: 'reject', file: file.path, line, reason: `${cveId}: epss must be between 0 and 1.`, progress };
      else if (percentileText === '' || !(percentile >= 0 && percentile <= 1))
        yield {
          kind: 'reject',
          file: file.path,
          line,
          reason: `${cveId}: percentile must be between 0 and 1.`,
          progress,
        };
      else yield { kind: 'record', file: file.path, line, progress, record: { cveId, epss, percentile, ...meta } };
    }
  }
}
