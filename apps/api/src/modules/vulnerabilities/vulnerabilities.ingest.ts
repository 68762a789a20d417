// nuclei writer: fingerprint template-id (+ matcher name) + matched-at, so a re-scan updates and a
// fixed-then-seen finding reopens; SLA due date from the company's policy at first sight. A result
// repeated in one file counts as an update of the finding its first sighting added.
import { sql } from 'kysely';
import type { Executor } from '../../db/database.js';
import { upsertFindings } from '../../platform/findings/findings.ingest.js';
import { companyOf, type WriteContext, type WriteOutcome } from '../../platform/imports/import.types.js';
import type { NucleiRecord } from './nuclei.parser.js';
import { dueDate, type SlaDays } from './vulnerabilities.sla.js';

/** The matcher is part of it as in nuclei's own dedupe: each missing header of one URL is its own finding. */
export function nucleiFingerprint(r: Pick<NucleiRecord, 'templateId' | 'matcherName' | 'matchedAt'>): string {
  return r.matcherName === null
    ? `nuclei:${r.templateId}|${r.matchedAt}`
    : `nuclei:${r.templateId}:${r.matcherName}|${r.matchedAt}`;
}

function titleOf(r: NucleiRecord): string {
  return r.matcherName === null ? `${r.name} on ${r.host}` : `${r.name} (${r.matcherName}) on ${r.host}`;
}

export async function writeNuclei(
  db: Executor,
  context: WriteContext,
  sla: SlaDays,
  records: NucleiRecord[],
): Promise<WriteOutcome> {
  const items = records.map((r) => {
    const seenAt = r.timestamp && r.timestamp < context.now ? r.timestamp : context.seenAt;
    return { r, seenAt, fingerprint: nucleiFingerprint(r) };
  });
  const results = await upsertFindings(
    db,
    {
      companyId: companyOf(context.job),
      module: 'vulnerabilities',
      jobId: context.job.id,
      isDemo: context.job.is_demo,
      now: context.now,
    },
    items.map((i) => ({
      fingerprint: i.fingerprint,
      title: titleOf(i.r),
      severity: i.r.severity,
      seenAt: i.seenAt,
      dueAt: dueDate(sla, i.r.severity, i.seenAt),
    })),
  );
  const byFingerprint = new Map(items.map((i) => [i.fingerprint, i]));
  const rows = results.flatMap((result) => {
    const i = byFingerprint.get(result.fingerprint);
    return i ? [{ id: result.id, ...i }] : [];
  });
  if (rows.length > 0) {
    await sql`
      insert into vulnerability_findings (finding_id, company_id, template_id, name, host, matched_at, cve_id, cvss_score, scanned_at, evidence)
      select t.id, ${companyOf(context.job)}, t.template_id, t.name, t.host, t.matched_at, t.cve_id, t.cvss, t.scanned, t.evidence
      from unnest(${rows.map((r) => r.id)}::int[], ${rows.map((r) => r.r.templateId)}::text[], ${rows.map((r) => r.r.name)}::text[],
        ${rows.map((r) => r.r.host)}::text[], ${rows.map((r) => r.r.matchedAt)}::text[], ${rows.map((r) => r.r.cveId)}::text[],
        ${rows.map((r) => r.r.cvssScore)}::numeric[], ${rows.map((r) => r.seenAt.toISOString())}::timestamptz[],
        ${rows.map((r) => (r.r.evidence ? JSON.stringify(r.r.evidence) : null))}::text[])
        as t(id, template_id, name, host, matched_at, cve_id, cvss, scanned, evidence)
      on conflict (finding_id) do update set scanned_at = greatest(vulnerability_findings.scanned_at, excluded.scanned_at),
        cvss_score = coalesce(excluded.cvss_score, vulnerability_findings.cvss_score),
        evidence = coalesce(excluded.evidence, vulnerability_findings.evidence)`.execute(db);
  }
  const added = results.filter((r) => r.inserted).length;
  return { added, updated: records.length - added, ignored: 0 };
}
