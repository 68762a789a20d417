// The `gitleaks-json` import kind: a gitleaks report brought in for results found offline (a
// deployment without code search, a scan of a private repository). Each finding passes the
// company's allow-list, then is written like a code search's (hashed, redacted), provider
// `gitleaks`; a rule of Vigil's set gives its severity and description, another rule is high.
import { companyOf, defineImporter } from '../../platform/imports/import.types.js';
import { type GitleaksRecord, parseGitleaks } from './gitleaks.parser.js';
import { isAllowed, redactedFragment } from './rules/detector.js';
import { vigilRules } from './rules/rule-set.js';
import { companyAllowlist } from './secrets.allowlist.js';
import { type SecretSighting, secretHashKey, writeSightings } from './secrets.ingest.js';

export function sightingOf(record: GitleaksRecord, seenAt: Date): SecretSighting {
  const rule = vigilRules().rules.find((r) => r.id === record.ruleId);
  return {
    ruleId: record.ruleId,
    ruleDescription: rule?.description ?? record.description ?? record.ruleId,
    severity: rule?.severity ?? 'high',
    secret: record.secret,
    entropy: record.entropy,
    provider: 'gitleaks',
    repository: record.repository,
    filePath: record.filePath,
    line: record.line,
    commitSha: record.commitSha,
    author: record.author,
    committedAt: record.committedAt,
    url: record.url,
    fragment: redactedFragment(record.match || record.secret, record.secret),
    seenAt,
    // A masked secret ("REDACTED") is the same for every leak: each place is then its own incident.
    identity: record.maskedByProducer
      ? `masked:${record.ruleId}:${record.repository}:${record.filePath}:${record.line}`
      : undefined,
  };
}

export const gitleaksImporter = defineImporter({
  kind: 'gitleaks-json',
  module: 'secrets',
  files: ['.json'],
  expects:
    "a gitleaks JSON report (a JSON array of findings, from gitleaks 8's --report-format json or gitleaks 4 to 7)",
  ignoredAs: "findings the company's allow-list clears",
  prepare: async (db, job, ctx) => ({
    allow: await companyAllowlist(db, companyOf(job)),
    hashKey: secretHashKey(ctx.codeKey),
  }),
  parse: (upload) => parseGitleaks(upload),
  write: async (trx, { job, now, seenAt }, state, records: GitleaksRecord[]) => {
    const kept = records.filter(
      (r) =>
        !isAllowed(state.allow.lists, { secret: r.secret, match: r.match, line: r.match, path: r.filePath }) &&
        !state.allow.fingerprints.has(`${r.repository}:${r.filePath}:${r.ruleId}:${r.line}`),
    );
    const result = await writeSightings(
      trx,
      {
        companyId: companyOf(job),
        module: 'secrets',
        jobId: job.id,
        isDemo: job.is_demo,
        now,
        hashKey: state.hashKey,
        runId: null,
      },
      kept.map((r) => sightingOf(r, seenAt)),
    );
    // A finding of the report at a place another finding already holds (a later commit) updates it.
    return {
      added: result.newOccurrences,
      updated: kept.length - result.newOccurrences,
      ignored: records.length - kept.length,
    };
  },
});
