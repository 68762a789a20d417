// A gitleaks report (`gitleaks detect --report-format json`): a JSON array of findings with
// RuleID, Description, File, StartLine, Commit, Author, Email, Date, Secret, Match, Entropy and
// (newer versions) Link. Read as a stream, one finding at a time. The secret travels only as far as
// the writer, which hashes and redacts it; a rejected finding's reason never quotes it.
import { checkDate, isRecord, type ParsedItem, text, type Upload } from '../imports/import.types.js';
import { jsonElements } from '../imports/import-json.js';

export interface GitleaksRecord {
  ruleId: string;
  description: string | null;
  /** In clear: for the writer to hash and redact. */
  secret: string;
  /** The match (or the line) the secret is in, for the redacted fragment. */
  match: string;
  filePath: string;
  line: number;
  commitSha: string | null;
  author: string | null;
  committedAt: Date | null;
  entropy: number | null;
  /** `owner/name` from the Link, else the report file's name. */
  repository: string;
  url: string | null;
}

const MAX_SECRET = 10_000;

/** `https://github.com/<owner>/<name>/blob/…` → owner/name. */
function repositoryOf(link: string | undefined, reportPath: string): string {
  const match = link ? /^https:\/\/github\.com\/([\w.-]{1,100}\/[\w.-]{1,100})\/blob\//.exec(link) : null;
  if (match?.[1]) return match[1];
  const name = reportPath.split('/').pop() ?? reportPath;
  return name.replace(/\.json$/i, '') || 'gitleaks report';
}

export function gitleaksRecordOf(
  value: unknown,
  reportPath: string,
): { ok: true; record: GitleaksRecord } | { ok: false; reason: string } {
  if (!isRecord(value)) return { ok: false, reason: 'A finding must be an object.' };
  const ruleId = text(value.RuleID);
  if (!ruleId || ruleId.length > 100)
    return { ok: false, reason: 'A finding needs a RuleID (at most 100 characters).' };
  const secret = typeof value.Secret === 'string' ? value.Secret : '';
  if (secret.trim() === '' || secret.length > MAX_SECRET) {
    return { ok: false, reason: `${ruleId}: Secret is missing or longer than ${MAX_SECRET} characters.` };
  }
  const filePath = text(value.File);
  if (!filePath) return { ok: false, reason: `${ruleId}: File is missing.` };
  const line = value.StartLine;
  if (typeof line !== 'number' || !Number.isInteger(line) || line < 0 || line > 100_000_000) {
    return { ok: false, reason: `${ruleId}: StartLine must be a whole number from 0 to 100000000.` };
  }
  const commit = text(value.Commit);
  if (commit && !/^[0-9a-f]{7,64}$/i.test(commit)) return { ok: false, reason: `${ruleId}: Commit is not a hash.` };
  const rawDate = text(value.Date);
  const date = rawDate ? checkDate('Date', rawDate, new Date(rawDate)) : undefined;
  if (date && !date.ok) return { ok: false, reason: `${ruleId}: ${date.reason}` };
  const link = text(value.Link);
  const author = text(value.Author);
  const email = text(value.Email);
  return {
    ok: true,
    record: {
      ruleId,
      description: text(value.Description) ?? null,
      secret,
      match: typeof value.Match === 'string' ? value.Match : (text(value.Line) ?? ''),
      filePath,
      line,
      commitSha: commit?.toLowerCase() ?? null,
      author: author ? (email ? `${author} <${email}>` : author) : (email ?? null),
      committedAt: date?.date ?? null,
      entropy: typeof value.Entropy === 'number' && Number.isFinite(value.Entropy) ? value.Entropy : null,
      repository: repositoryOf(link, reportPath),
      url: link && /^https?:\/\//.test(link) ? link : null,
    },
  };
}

export async function* parseGitleaks(upload: Upload): AsyncGenerator<ParsedItem<GitleaksRecord>> {
  for await (const file of upload.files()) {
    for await (const event of jsonElements(file, '$.*')) {
      if (event.kind === 'error') {
        yield { kind: 'reject', file: file.path, line: 0, reason: event.reason, progress: 1 };
        break;
      }
      if (event.kind === 'end') {
        if (event.root !== 'array') {
          yield {
            kind: 'reject',
            file: file.path,
            line: 0,
            reason: 'Not a gitleaks JSON report (an array).',
            progress: 1,
          };
        }
        break;
      }
      if (typeof event.key !== 'number') continue;
      const line = event.index + 1;
      const parsed = gitleaksRecordOf(event.value, file.path);
      yield parsed.ok
        ? { kind: 'record', record: parsed.record, file: file.path, line, progress: event.progress }
        : { kind: 'reject', file: file.path, line, reason: parsed.reason, progress: event.progress };
    }
  }
}
