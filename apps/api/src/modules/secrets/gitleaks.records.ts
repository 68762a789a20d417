// One finding of a gitleaks JSON report mapped to the record the writer stores, for both shapes
// gitleaks has written: gitleaks 8 (`RuleID`, `Secret`, `Match`, `StartLine`, `File`, `Commit`…)
// and gitleaks 4 to 7 (`rule`, `offender`, `line`, `lineNumber` from 5 on, `file`, `commit`…).
// A reject's reason never quotes the secret.
import { checkDate, isRecord, text } from '../../platform/imports/import.types.js';

export interface GitleaksRecord {
  ruleId: string;
  description: string | null;
  /** In clear: for the writer to hash and redact. */
  secret: string;
  /** gitleaks masked the secret itself (`--redact`): the secret cannot tell one leak from another. */
  maskedByProducer: boolean;
  /** The match (or the line) the secret is in, for the redacted fragment. */
  match: string;
  filePath: string;
  line: number;
  commitSha: string | null;
  author: string | null;
  committedAt: Date | null;
  entropy: number | null;
  /** `owner/name` from a GitHub link, else the scanned repository's name, else the report file's name. */
  repository: string;
  url: string | null;
}

export type RecordResult = { ok: true; record: GitleaksRecord } | { ok: false; reason: string };

export type GitleaksShape = 'v8' | 'legacy';

const MAX_SECRET = 10_000;
const MAX_LINE = 100_000_000;

/** Which shape a finding has, from its keys; null when it is neither. */
export function shapeOf(value: unknown): GitleaksShape | null {
  if (!isRecord(value)) return null;
  if ('RuleID' in value || ('Secret' in value && 'StartLine' in value)) return 'v8';
  if ('offender' in value || ('rule' in value && 'file' in value)) return 'legacy';
  return null;
}

/** `https://github.com/<owner>/<name>` (then `/blob/…` or nothing) → owner/name. */
function githubRepository(link: string | undefined): string | null {
  const match = link
    ? /^https:\/\/github\.com\/([\w.-]{1,100}\/[\w.-]{1,100}?)(?:\.git)?(?:\/blob\/.*)?\/?$/.exec(link)
    : null;
  return match?.[1] ?? null;
}

function reportName(reportPath: string): string {
  const name = reportPath.split('/').pop() ?? reportPath;
  return name.replace(/\.json$/i, '') || 'gitleaks report';
}

// gitleaks 4 to 7 wrote Go's zero time (0001-01-01T00:00:00Z) for a scan without git history.
function dateOf(
  raw: string | undefined,
  ruleId: string,
): { ok: true; date: Date | null } | { ok: false; reason: string } {
  if (!raw || raw.startsWith('0001-01-01')) return { ok: true, date: null };
  const date = checkDate('Date', raw, new Date(raw));
  return date.ok ? date : { ok: false, reason: `${ruleId}: ${date.reason}` };
}

interface Common {
  ruleId: string;
  secret: unknown;
  file: unknown;
  line: unknown;
  lineField: string;
  commit: unknown;
  date: unknown;
}

/** The checks both shapes share: the secret, the file, the line, the commit and the date. */
function checkCommon(c: Common, fields: { secret: string; file: string; commit: string }) {
  const secret = typeof c.secret === 'string' ? c.secret : '';
  if (secret.trim() === '' || secret.length > MAX_SECRET) {
    return {
      ok: false as const,
      reason: `${c.ruleId}: ${fields.secret} is missing or longer than ${MAX_SECRET} characters.`,
    };
  }
  const filePath = text(c.file);
  if (!filePath) return { ok: false as const, reason: `${c.ruleId}: ${fields.file} is missing.` };
  const line = c.line;
  if (typeof line !== 'number' || !Number.isInteger(line) || line < 0 || line > MAX_LINE) {
    return { ok: false as const, reason: `${c.ruleId}: ${c.lineField} must be a whole number from 0 to ${MAX_LINE}.` };
  }
  const commit = text(c.commit);
  if (commit && !/^[0-9a-f]{7,64}$/i.test(commit)) {
    return { ok: false as const, reason: `${c.ruleId}: ${fields.commit} is not a hash.` };
  }
  const date = dateOf(text(c.date), c.ruleId);
  if (!date.ok) return date;
  return {
    ok: true as const,
    secret,
    filePath,
    line,
    commitSha: commit?.toLowerCase() ?? null,
    committedAt: date.date,
  };
}

function authorOf(author: string | undefined, email: string | undefined): string | null {
  return author ? (email ? `${author} <${email}>` : author) : (email ?? null);
}

/** A gitleaks 8 finding. */
export function v8RecordOf(value: unknown, reportPath: string): RecordResult {
  if (!isRecord(value)) return { ok: false, reason: 'A finding must be an object.' };
  const ruleId = text(value.RuleID);
  if (!ruleId || ruleId.length > 100)
    return { ok: false, reason: 'A finding needs a RuleID (at most 100 characters).' };
  const common = checkCommon(
    {
      ruleId,
      secret: value.Secret,
      file: value.File,
      line: value.StartLine,
      lineField: 'StartLine',
      commit: value.Commit,
      date: value.Date,
    },
    { secret: 'Secret', file: 'File', commit: 'Commit' },
  );
  if (!common.ok) return common;
  const link = text(value.Link);
  const { secret } = common;
  return {
    ok: true,
    record: {
      ruleId,
      description: text(value.Description) ?? null,
      secret,
      // gitleaks 8 --redact writes REDACTED, --redact=N the secret's start then "…" as three dots.
      maskedByProducer: secret === 'REDACTED' || secret.endsWith('...'),
      match: typeof value.Match === 'string' ? value.Match : (text(value.Line) ?? ''),
      filePath: common.filePath,
      line: common.line,
      commitSha: common.commitSha,
      author: authorOf(text(value.Author), text(value.Email)),
      committedAt: common.committedAt,
      entropy: typeof value.Entropy === 'number' && Number.isFinite(value.Entropy) ? value.Entropy : null,
      repository: githubRepository(link) ?? reportName(reportPath),
      url: link && /^https?:\/\//.test(link) ? link : null,
    },
  };
}

/** gitleaks 4 to 7 name rules in words; those of its default set that Vigil has, by Vigil's id. */
const LEGACY_RULES: Record<string, string> = {
  'aws access key': 'aws-access-key-id',
  'aws secret key': 'aws-secret-access-key',
  'github personal access token': 'github-pat',
  'github oauth access token': 'github-oauth',
  'github app token': 'github-app-token',
  'asymmetric private key': 'private-key',
  'google api key': 'google-api-key',
  'sendgrid api key': 'sendgrid-api-key',
  slack: 'slack-token',
  'slack webhook': 'slack-webhook-url',
  'stripe api key': 'stripe-live-secret-key',
  'twilio api key': 'twilio-api-key',
  'shopify access token': 'shopify-access-token',
};

function legacyRuleId(rule: string): string {
  const lower = rule.toLowerCase();
  return LEGACY_RULES[lower] ?? lower.replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
}

/** A gitleaks 4 to 7 leak (gitleaks 4 has no lineNumber: its line is 0, unknown). */
export function legacyRecordOf(value: unknown, reportPath: string): RecordResult {
  if (!isRecord(value)) return { ok: false, reason: 'A leak must be an object.' };
  const rule = text(value.rule);
  const ruleId = rule ? legacyRuleId(rule) : '';
  if (!rule || rule.length > 100 || ruleId === '') {
    return { ok: false, reason: 'A gitleaks 4–7 leak needs its rule (at most 100 characters).' };
  }
  const common = checkCommon(
    {
      ruleId,
      secret: value.offender,
      file: value.file,
      line: value.lineNumber ?? 0,
      lineField: 'lineNumber',
      commit: value.commit,
      date: value.date,
    },
    { secret: 'offender', file: 'file', commit: 'commit' },
  );
  if (!common.ok) return common;
  const leakUrl = text(value.leakURL);
  const repo = text(value.repo);
  const entropy = value.offenderEntropy;
  return {
    ok: true,
    record: {
      ruleId,
      description: rule,
      secret: common.secret,
      maskedByProducer: common.secret === 'REDACTED',
      match: typeof value.line === 'string' ? value.line : '',
      filePath: common.filePath,
      line: common.line,
      commitSha: common.commitSha,
      author: authorOf(text(value.author), text(value.email)),
      committedAt: common.committedAt,
      // -1 is gitleaks 7's "entropy not checked".
      entropy: typeof entropy === 'number' && Number.isFinite(entropy) && entropy >= 0 ? entropy : null,
      repository:
        githubRepository(text(value.repoURL)) ??
        githubRepository(leakUrl) ??
        (repo && repo !== '.' ? repo : reportName(reportPath)),
      url: leakUrl && /^https?:\/\//.test(leakUrl) ? leakUrl : null,
    },
  };
}
