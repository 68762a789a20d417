// What an assessor asks of one monitored page (PCI DSS 6.4.3 and 11.6.1): its script inventory
// with each authorisation (who, when, justification), the history of its scripts and of their
// authorisations, its scan history, its script findings and how each was handled (status history
// and comments).
// Bounded: the newest EVIDENCE_LIMITS of each, so an export never holds an unbounded set.
import type { Executor } from '../../../db/database.js';
import { type TenantScope, tenantFilter } from '../../../shared/tenant.js';

export const EVIDENCE_LIMITS = {
  scripts: 2000,
  changes: 5000,
  scans: 1000,
  findings: 1000,
  findingChanges: 5000,
  comments: 2000,
};

function scripts(db: Executor, scope: TenantScope, pageId: number) {
  return db
    .selectFrom('page_scripts as s')
    .leftJoin('users as u', 'u.id', 's.approved_by')
    .select([
      's.id',
      's.script_key',
      's.kind',
      's.url',
      's.party',
      's.loaded_by',
      's.sha256',
      's.sri',
      's.behaviours',
      's.first_seen_at',
      's.last_seen_at',
      's.removed_at',
      's.authorisation',
      's.authorised_by_hash',
      's.authorised_sha256',
      's.authorised_host',
      's.justification',
      'u.name as approver',
      's.approved_at',
    ])
    .where(tenantFilter('s', scope))
    .where('s.page_id', '=', pageId)
    .orderBy('s.removed_at', (ob) => ob.desc().nullsFirst())
    .orderBy('s.first_seen_at')
    .orderBy('s.id')
    .limit(EVIDENCE_LIMITS.scripts)
    .execute();
}

function changes(db: Executor, scope: TenantScope, pageId: number) {
  return db
    .selectFrom('script_changes as c')
    .leftJoin('page_scripts as s', 's.id', 'c.page_script_id')
    .leftJoin('users as u', 'u.id', 'c.actor_user_id')
    .select([
      'c.id',
      'c.at',
      'c.change',
      'c.field',
      'c.from_value',
      'c.to_value',
      'c.scan_id',
      's.script_key',
      'u.name as actor',
    ])
    .where(tenantFilter('c', scope))
    .where('c.page_id', '=', pageId)
    .orderBy('c.id', 'desc')
    .limit(EVIDENCE_LIMITS.changes)
    .execute();
}

function scans(db: Executor, scope: TenantScope, pageId: number) {
  return db
    .selectFrom('script_scans')
    .select([
      'id',
      'status',
      'started_at',
      'finished_at',
      'final_url',
      'http_status',
      'scripts',
      'new_scripts',
      'changed_scripts',
      'removed_scripts',
      'new_destinations',
      'header_changes',
      'findings_opened',
      'error',
    ])
    .where(tenantFilter('script_scans', scope))
    .where('page_id', '=', pageId)
    .orderBy('id', 'desc')
    .limit(EVIDENCE_LIMITS.scans)
    .execute();
}

function findings(db: Executor, scope: TenantScope, pageId: number) {
  return db
    .selectFrom('script_findings as sf')
    .innerJoin('findings as f', 'f.id', 'sf.finding_id')
    .leftJoin('page_scripts as s', 's.id', 'sf.page_script_id')
    .leftJoin('users as a', 'a.id', 'f.assignee_id')
    .select([
      'f.id',
      'sf.kind',
      'f.title',
      'f.severity',
      'f.status',
      'f.first_seen_at',
      'f.last_seen_at',
      'f.resolved_at',
      'a.name as assignee',
      's.script_key',
    ])
    .where(tenantFilter('sf', scope))
    .where('sf.page_id', '=', pageId)
    .orderBy('f.id', 'desc')
    .limit(EVIDENCE_LIMITS.findings)
    .execute();
}

function findingChanges(db: Executor, scope: TenantScope, findingIds: number[]) {
  if (findingIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('finding_changes as fc')
    .leftJoin('users as u', 'u.id', 'fc.actor_user_id')
    .select(['fc.id', 'fc.finding_id', 'fc.at', 'fc.field', 'fc.from_value', 'fc.to_value', 'u.name as actor'])
    .where(tenantFilter('fc', scope))
    .where('fc.finding_id', 'in', findingIds)
    .orderBy('fc.id')
    .limit(EVIDENCE_LIMITS.findingChanges)
    .execute();
}

function findingComments(db: Executor, scope: TenantScope, findingIds: number[]) {
  if (findingIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('finding_comments as c')
    .leftJoin('users as u', 'u.id', 'c.author_id')
    .select(['c.id', 'c.finding_id', 'c.created_at', 'c.body', 'u.name as author'])
    .where(tenantFilter('c', scope))
    .where('c.finding_id', 'in', findingIds)
    .orderBy('c.id')
    .limit(EVIDENCE_LIMITS.comments)
    .execute();
}

export async function evidenceRecords(db: Executor, scope: TenantScope, pageId: number) {
  const found = await findings(db, scope, pageId);
  const findingIds = found.map((f) => f.id);
  return {
    scripts: await scripts(db, scope, pageId),
    changes: await changes(db, scope, pageId),
    scans: await scans(db, scope, pageId),
    findings: found,
    findingChanges: await findingChanges(db, scope, findingIds),
    comments: await findingComments(db, scope, findingIds),
  };
}

export type EvidenceRecords = Awaited<ReturnType<typeof evidenceRecords>>;
