// Writes one successful scan in its transaction: the page's inventory (page_scripts, their content
// once per company and hash, the hosts they contacted), the history of what changed, the rules'
// hits, the blacklist's hit counts, and the plan's findings through the shared findings machinery
// (scan-plan.ts decides what they are), each linked to its page and script (script_findings).
import type { Executor } from '../../../db/database.js';
import { type FindingTally, tallyOf, upsertFindings } from '../../../platform/findings/findings.ingest.js';
import { countBlacklistHits } from '../blacklists/js-blacklist.match.js';
import type { ScanResult } from '../scanner/scan.types.js';
import type { ScriptChangeKind } from '../scripts/scripts.table.js';
import { headersOf } from './headers.js';
import type { KnownScript, PlannedFinding, PlannedScript, PreviousScan, ScanPlan } from './scan-plan.js';

export interface ScanContext {
  companyId: number;
  pageId: number;
  scanId: number;
  jobId: number | null;
  isDemo: boolean;
  now: Date;
}

export interface ScanCounts {
  scripts: number;
  newScripts: number;
  changedScripts: number;
  removedScripts: number;
  newDestinations: number;
  findingsOpened: number;
  tally: FindingTally;
}

interface Change {
  page_script_id: number | null;
  change: ScriptChangeKind;
  field?: string | null;
  from?: string | null;
  to?: string | null;
}

/** The page's inventory and what its last successful scan saw, to compare this scan with. */
export async function loadPrevious(db: Executor, scan: ScanContext): Promise<PreviousScan> {
  const [scripts, destinations, last] = await Promise.all([
    db
      .selectFrom('page_scripts')
      .selectAll()
      .where('company_id', '=', scan.companyId)
      .where('page_id', '=', scan.pageId)
      .execute(),
    db
      .selectFrom('script_destinations')
      .select('host')
      .distinct()
      .where('company_id', '=', scan.companyId)
      .where('page_id', '=', scan.pageId)
      .where('kind', '!=', 'script')
      .execute(),
    db
      .selectFrom('script_scans')
      .select('headers')
      .where('company_id', '=', scan.companyId)
      .where('page_id', '=', scan.pageId)
      .where('status', '=', 'done')
      .where('id', '!=', scan.scanId)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst(),
  ]);
  return {
    baseline: last !== undefined,
    headers: last ? headersOf(last.headers) : {},
    destinations: new Set(destinations.map((d) => d.host)),
    scripts: scripts.map(
      (s): KnownScript => ({
        id: s.id,
        key: s.script_key,
        sha256: s.sha256,
        removedAt: s.removed_at,
        authorisation: s.authorisation,
        authorisedByHash: s.authorised_by_hash,
        authorisedSha256: s.authorised_sha256,
        authorisedHost: s.authorised_host,
        justification: s.justification,
        approvedBy: s.approved_by,
        approvedAt: s.approved_at,
      }),
    ),
  };
}

async function writeContents(db: Executor, scan: ScanContext, result: ScanResult) {
  const rows = [...new Map(result.scripts.filter((s) => s.content !== null).map((s) => [s.sha256, s])).values()];
  if (rows.length === 0) return;
  await db
    .insertInto('script_contents')
    .values(
      rows.map((s) => ({
        company_id: scan.companyId,
        sha256: s.sha256,
        content: s.content ?? '',
        size: s.size,
        first_seen_at: scan.now,
      })),
    )
    .onConflict((oc) => oc.columns(['company_id', 'sha256']).doNothing())
    .execute();
}

/** The inherited authorisation of a new script from a host authorised by host on the page. */
function inherited(p: PlannedScript) {
  const from = p.inherits;
  if (!from) return {};
  return {
    authorisation: 'authorised' as const,
    authorised_by_hash: false,
    authorised_host: from.authorisedHost,
    authorised_sha256: p.script.sha256,
    justification: from.justification,
    approved_by: from.approvedBy,
    approved_at: from.approvedAt,
  };
}

/** Each scanned script inserted or updated; its id by key. */
async function writeScripts(db: Executor, scan: ScanContext, plan: ScanPlan, changes: Change[]) {
  const ids = new Map<string, number>();
  for (const p of plan.scripts) {
    const { script } = p;
    const seen = {
      kind: script.kind,
      url: script.url,
      host: script.host,
      party: script.party,
      loaded_by: script.loadedBy,
      sha256: script.sha256,
      sri: script.sri,
      size: script.size,
      behaviours: p.behaviours,
      last_seen_at: scan.now,
      removed_at: null,
      last_scan_id: scan.scanId,
    };
    const row = await db
      .insertInto('page_scripts')
      .values({
        ...seen,
        ...inherited(p),
        company_id: scan.companyId,
        page_id: scan.pageId,
        script_key: script.key,
        first_seen_at: scan.now,
        is_demo: scan.isDemo,
      })
      .onConflict((oc) => oc.columns(['page_id', 'script_key']).doUpdateSet(seen))
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.set(script.key, row.id);
    const previousSha = p.known?.sha256 ?? null;
    if (p.status === 'new') changes.push({ page_script_id: row.id, change: 'new', field: 'sha256', to: script.sha256 });
    if (p.status === 'returned') {
      changes.push({
        page_script_id: row.id,
        change: 'returned',
        field: 'sha256',
        from: previousSha,
        to: script.sha256,
      });
    }
    if (p.status === 'changed') {
      changes.push({
        page_script_id: row.id,
        change: 'changed',
        field: 'sha256',
        from: previousSha,
        to: script.sha256,
      });
    }
    if (p.inherits) {
      const host = p.inherits.authorisedHost;
      changes.push({
        page_script_id: row.id,
        change: 'authorised',
        field: 'host',
        from: host,
        to: p.inherits.justification,
      });
    }
  }
  return ids;
}

async function writeRemoved(db: Executor, scan: ScanContext, removed: KnownScript[], changes: Change[]) {
  if (removed.length === 0) return;
  await db
    .updateTable('page_scripts')
    .set({ removed_at: scan.now })
    .where('company_id', '=', scan.companyId)
    .where(
      'id',
      'in',
      removed.map((r) => r.id),
    )
    .execute();
  for (const r of removed) changes.push({ page_script_id: r.id, change: 'removed', field: 'sha256', from: r.sha256 });
}

async function writeDestinations(db: Executor, scan: ScanContext, result: ScanResult, ids: Map<string, number>) {
  const rows = new Map<
    string,
    { page_script_id: number | null; host: string; kind: ScanResult['connections'][number]['kind'] }
  >();
  for (const c of result.connections) {
    const scriptId = c.initiator === null ? null : (ids.get(c.initiator) ?? null);
    rows.set(`${scriptId}|${c.host}|${c.kind}`, { page_script_id: scriptId, host: c.host, kind: c.kind });
  }
  for (const row of rows.values()) {
    await db
      .insertInto('script_destinations')
      .values({
        ...row,
        company_id: scan.companyId,
        page_id: scan.pageId,
        first_seen_at: scan.now,
        last_seen_at: scan.now,
        last_scan_id: scan.scanId,
      })
      .onConflict((oc) =>
        oc
          .columns(['page_id', 'page_script_id', 'host', 'kind'])
          .doUpdateSet({ last_seen_at: scan.now, last_scan_id: scan.scanId }),
      )
      .execute();
  }
}

async function writeRuleHits(db: Executor, scan: ScanContext, plan: ScanPlan, ids: Map<string, number>) {
  const rows = plan.scripts.flatMap((p) =>
    p.ruleHits.map((hit) => ({
      company_id: scan.companyId,
      rule_id: hit.rule.id,
      rule_version: hit.rule.version,
      page_script_id: ids.get(p.script.key) ?? 0,
      scan_id: scan.scanId,
      evidence: JSON.stringify(hit.evidence),
      at: scan.now,
    })),
  );
  if (rows.length === 0) return;
  await db
    .insertInto('js_rule_hits')
    .values(rows)
    .onConflict((oc) => oc.columns(['scan_id', 'page_script_id', 'rule_id']).doNothing())
    .execute();
}

/** `<kind>:s<script id>:<discriminator>` or `<kind>:p<page id>:<discriminator>`. */
function fingerprintOf(scan: ScanContext, f: PlannedFinding, scriptId: number | null): string {
  const owner = scriptId === null ? `p${scan.pageId}` : `s${scriptId}`;
  return f.discriminator === '' ? `${f.kind}:${owner}` : `${f.kind}:${owner}:${f.discriminator}`;
}

async function writeFindings(db: Executor, scan: ScanContext, plan: ScanPlan, ids: Map<string, number>) {
  const found = plan.findings.map((f) => {
    const scriptId = f.scriptKey === null ? null : (ids.get(f.scriptKey) ?? null);
    return { ...f, scriptId, fingerprint: fingerprintOf(scan, f, scriptId) };
  });
  const scope = { companyId: scan.companyId, module: 'scripts', jobId: scan.jobId, isDemo: scan.isDemo, now: scan.now };
  const results = await upsertFindings(
    db,
    scope,
    found.map((f) => ({ fingerprint: f.fingerprint, title: f.title, severity: f.severity, seenAt: scan.now })),
  );
  const byFingerprint = new Map(found.map((f) => [f.fingerprint, f]));
  for (const r of results) {
    const f = byFingerprint.get(r.fingerprint);
    if (!f) continue;
    const link = {
      finding_id: r.id,
      company_id: scan.companyId,
      page_id: scan.pageId,
      page_script_id: f.scriptId,
      scan_id: scan.scanId,
      kind: f.kind,
      evidence: JSON.stringify(f.evidence),
    };
    // The scan that opened (or reopened) a finding stays its scan; a later sighting refreshes the evidence.
    const opened = r.inserted || r.reopened;
    await db
      .insertInto('script_findings')
      .values(link)
      .onConflict((oc) =>
        oc
          .column('finding_id')
          .doUpdateSet(opened ? { scan_id: scan.scanId, evidence: link.evidence } : { evidence: link.evidence }),
      )
      .execute();
  }
  return results;
}

async function insertChanges(db: Executor, scan: ScanContext, changes: Change[]) {
  for (let i = 0; i < changes.length; i += 1000) {
    await db
      .insertInto('script_changes')
      .values(
        changes.slice(i, i + 1000).map((c) => ({
          company_id: scan.companyId,
          page_id: scan.pageId,
          page_script_id: c.page_script_id,
          scan_id: scan.scanId,
          change: c.change,
          field: c.field ?? null,
          from_value: c.from ?? null,
          to_value: c.to ?? null,
          actor_user_id: null,
          at: scan.now,
        })),
      )
      .execute();
  }
}

export async function writeScan(
  db: Executor,
  scan: ScanContext,
  result: ScanResult,
  plan: ScanPlan,
): Promise<ScanCounts> {
  const changes: Change[] = [];
  await writeContents(db, scan, result);
  const ids = await writeScripts(db, scan, plan, changes);
  await writeRemoved(db, scan, plan.removed, changes);
  await writeDestinations(db, scan, result, ids);
  for (const d of plan.newDestinations) {
    const scriptId = d.initiator === null ? null : (ids.get(d.initiator) ?? null);
    changes.push({ page_script_id: scriptId, change: 'new_destination', field: d.kind, to: d.host });
  }
  for (const h of plan.headerChanges) {
    changes.push({ page_script_id: null, change: 'header_changed', field: h.header, from: h.from, to: h.to });
  }
  await insertChanges(db, scan, changes);
  await writeRuleHits(db, scan, plan, ids);
  if (plan.blacklistEntryIds.length > 0) await countBlacklistHits(db, scan.companyId, plan.blacklistEntryIds);
  const results = await writeFindings(db, scan, plan, ids);
  const tally = tallyOf(results);
  return {
    scripts: plan.scripts.length,
    newScripts: plan.scripts.filter((p) => p.status === 'new' || p.status === 'returned').length,
    changedScripts: plan.scripts.filter((p) => p.status === 'changed').length,
    removedScripts: plan.removed.length,
    newDestinations: plan.newDestinations.length,
    findingsOpened: results.filter((r) => r.inserted || r.reopened).length,
    tally,
  };
}
