// How secrets are written, from a code search or an imported gitleaks report: each secret is
// hashed (HMAC-SHA256 under the deployment's key) and redacted the moment it arrives, and only
// those are stored; one finding of kind `secret` per hash (a resolved one whose secret shows up
// again reopens, as every upsert does), its incident row, and one occurrence per repository, file
// and line. The counts on the incident are recomputed from its occurrences.
import { sql } from 'kysely';
import type { Executor } from '../../db/database.js';
import { type IngestResult, type IngestScope, upsertFindings } from '../../platform/findings/findings.ingest.js';
import type { Severity } from '../../platform/findings/findings.table.js';
import { hmac } from '../../shared/secrets.js';
import { redact } from './rules/detector.js';

/** One secret where it was seen; `secret` is in clear and never leaves this file. */
export interface SecretSighting {
  ruleId: string;
  ruleDescription: string;
  severity: Severity;
  secret: string;
  entropy: number | null;
  provider: string;
  repository: string;
  filePath: string;
  line: number;
  commitSha: string | null;
  author: string | null;
  committedAt: Date | null;
  url: string | null;
  /** Already redacted. */
  fragment: string;
  seenAt: Date;
  /** What identifies the incident instead of the secret, when the report masked it (gitleaks --redact). */
  identity?: string;
}

export interface SecretWriteScope extends IngestScope {
  /** secretHashKey(ctx.codeKey). */
  hashKey: string;
  runId: number | null;
}

/** The deployment's key for secret hashes (one purpose, derived from the server key). */
export function secretHashKey(codeKey: string): string {
  return hmac(codeKey, 'vigil code secret hashes');
}

export interface SecretWriteResult {
  incidents: IngestResult[];
  newOccurrences: number;
  occurrences: number;
}

const clip = (text: string, max: number) => (text.length > max ? text.slice(0, max) : text);

export async function writeSightings(
  db: Executor,
  scope: SecretWriteScope,
  sightings: readonly SecretSighting[],
): Promise<SecretWriteResult> {
  if (sightings.length === 0) return { incidents: [], newOccurrences: 0, occurrences: 0 };
  const rows = sightings.map(({ secret, identity, ...rest }) => ({
    ...rest,
    hash: hmac(scope.hashKey, identity ?? secret),
    redacted: redact(secret),
  }));
  const byHash = new Map<string, (typeof rows)[number]>();
  for (const row of rows) {
    const seen = byHash.get(row.hash);
    if (!seen || seen.seenAt < row.seenAt) byHash.set(row.hash, row);
  }
  const incidents = await upsertFindings(
    db,
    scope,
    [...byHash.values()].map((r) => ({
      fingerprint: `secret:${r.hash}`,
      title: `${r.ruleDescription}: ${r.redacted}`,
      severity: r.severity,
      seenAt: r.seenAt,
    })),
  );
  const idOf = new Map(incidents.map((i) => [i.fingerprint.slice('secret:'.length), i.id]));
  await db
    .insertInto('secret_incidents')
    .values(
      [...byHash.values()].map((r) => ({
        finding_id: idOf.get(r.hash) ?? 0,
        company_id: scope.companyId,
        rule_id: r.ruleId,
        secret_hash: r.hash,
        redacted: r.redacted,
        entropy: r.entropy,
      })),
    )
    .onConflict((oc) => oc.column('finding_id').doNothing())
    .execute();
  const occurrences = new Map<string, (typeof rows)[number] & { findingId: number }>();
  for (const row of rows) {
    const findingId = idOf.get(row.hash) ?? 0;
    occurrences.set(JSON.stringify([findingId, row.repository, row.filePath, row.line]), { ...row, findingId });
  }
  const list = [...occurrences.values()];
  const seen = (r: (typeof list)[number]) => (r.seenAt > scope.now ? scope.now : r.seenAt);
  const written = await db
    .insertInto('secret_occurrences')
    .values(
      list.map((r) => ({
        company_id: scope.companyId,
        finding_id: r.findingId,
        provider: r.provider,
        repository: clip(r.repository, 300),
        file_path: clip(r.filePath, 1000),
        line: Math.min(Math.max(r.line, 0), 100_000_000),
        commit_sha: r.commitSha,
        author: r.author === null ? null : clip(r.author, 200),
        committed_at: r.committedAt,
        url: r.url === null ? null : clip(r.url, 2000),
        fragment: clip(r.fragment, 400),
        first_seen_at: seen(r),
        last_seen_at: seen(r),
        last_run_id: scope.runId,
        is_demo: scope.isDemo,
      })),
    )
    .onConflict((oc) =>
      oc.columns(['finding_id', 'repository', 'file_path', 'line']).doUpdateSet({
        last_seen_at: sql`greatest(secret_occurrences.last_seen_at, excluded.last_seen_at)`,
        commit_sha: sql`coalesce(excluded.commit_sha, secret_occurrences.commit_sha)`,
        author: sql`coalesce(excluded.author, secret_occurrences.author)`,
        committed_at: sql`coalesce(excluded.committed_at, secret_occurrences.committed_at)`,
        url: sql`coalesce(excluded.url, secret_occurrences.url)`,
        fragment: sql`excluded.fragment`,
        last_run_id: sql`coalesce(excluded.last_run_id, secret_occurrences.last_run_id)`,
      }),
    )
    .returning(sql<boolean>`(xmax = 0)`.as('inserted'))
    .execute();
  const ids = [...new Set(list.map((r) => r.findingId))];
  const { companyId } = scope;
  await sql`update secret_incidents si set
      occurrences = (select count(*) from secret_occurrences o where o.finding_id = si.finding_id),
      repositories = (select count(distinct o.repository) from secret_occurrences o where o.finding_id = si.finding_id)
    where si.company_id = ${companyId} and si.finding_id = any(${ids}::int[])`.execute(db);
  return {
    incidents,
    newOccurrences: written.filter((w) => w.inserted).length,
    occurrences: written.length,
  };
}
