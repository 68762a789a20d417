// The shared triage verbs: list, read, change (one or many), comment. Every change writes its
// history rows and events in the same transaction as the change.

import type { Updateable } from 'kysely';
import type { AppContext } from '../../app-context.js';
import type { Executor } from '../../db/database.js';
import type { AuthContext } from '../../identity/session/session.service.js';
import { ServiceError, validationError } from '../../shared/service-error.js';
import { requireScope, type TenantScope } from '../../shared/tenant.js';
import { insertEvents, type NewEvent } from '../events/events.repository.js';
import { toFindingCore } from './findings.mapper.js';
import { iso } from './findings.query.js';
import {
  type FindingListInput,
  findFinding,
  insertChanges,
  insertComment,
  isMember,
  listChanges,
  listComments,
  listFindingRows,
  listMembers,
  listTickets,
  lockFindings,
  type NewChange,
  updateFindingRow,
} from './findings.repository.js';
import type { FindingRow, FindingStatus, FindingsTable, Module, Severity } from './findings.table.js';
import { allowedStatuses, type ChangeRefusal, checkTransition } from './findings.workflow.js';

interface Verb<I = undefined> {
  ctx: AppContext;
  auth: AuthContext;
  input: I;
}

export async function listFindings({ ctx, auth, input }: Verb<FindingListInput>) {
  const scope = requireScope(auth.scope);
  const { rows, meta } = await listFindingRows(ctx.db, scope, input);
  return { data: rows.map(toFindingCore), meta };
}

/** A member named by a change; null when the join found none (no person, or a former member). */
function personRef(id: number | null, name: string | null, email: string | null) {
  return id === null || email === null ? null : { id, name: name ?? '', email };
}

export async function getFinding({ ctx, auth, input }: Verb<{ id: number }>) {
  return { data: await findingDetail(ctx.db, requireScope(auth.scope), input.id) };
}

export async function findingDetail(db: Executor, scope: TenantScope, id: number) {
  const row = await findFinding(db, scope, id);
  if (!row) throw new ServiceError('not_found', 'Finding not found.');
  const [changes, comments, tickets] = await Promise.all([
    listChanges(db, scope, id),
    listComments(db, scope, id),
    listTickets(db, scope, id),
  ]);
  return {
    ...toFindingCore(row),
    fingerprint: row.fingerprint,
    reference: row.fingerprint.includes(':')
      ? row.fingerprint.slice(row.fingerprint.indexOf(':') + 1)
      : row.fingerprint,
    allowed_statuses: allowedStatuses(row.status),
    history: changes.map((c) => ({
      id: c.id,
      field: c.field,
      from: c.from_value,
      to: c.to_value,
      at: c.at.toISOString(),
      actor: c.actor_user_id !== null && c.actor_name !== null ? { id: c.actor_user_id, name: c.actor_name } : null,
      import_id: c.job_id,
      from_user: personRef(c.from_user_id, c.from_user_name, c.from_user_email),
      to_user: personRef(c.to_user_id, c.to_user_name, c.to_user_email),
    })),
    comments: comments.map((c) => ({
      id: c.id,
      body: c.body,
      author: c.author_id !== null && c.author_name !== null ? { id: c.author_id, name: c.author_name } : null,
      created_at: c.created_at.toISOString(),
    })),
    tickets: tickets.map((k) => ({
      key: k.issue_key,
      url: k.url,
      resolved_at: k.resolved_at ? k.resolved_at.toISOString() : null,
    })),
  };
}

export async function listAssignees({ ctx, auth }: Verb) {
  return { data: await listMembers(ctx.db, requireScope(auth.scope)) };
}

export interface FindingChangeInput {
  status?: FindingStatus | undefined;
  severity?: Severity | undefined;
  assignee_id?: number | null | undefined;
  risk_accepted_until?: string | null | undefined;
  comment?: string | undefined;
}

type Planned =
  | { ok: false; reason: string; refusal: ChangeRefusal }
  | { ok: true; set: Updateable<FindingsTable>; changes: NewChange[]; events: NewEvent[] };

/** What a user's change does to one finding: the new values, history rows and events, or why not. */
function planChange(row: FindingRow, input: FindingChangeInput, userId: number, now: Date): Planned {
  const set: Updateable<FindingsTable> = {};
  const changes: NewChange[] = [];
  const events: NewEvent[] = [];
  const base = { companyId: row.company_id, findingId: row.id, actorUserId: userId, at: now };
  const event = (kind: NewEvent['kind'], title: string, details: Record<string, unknown>) =>
    events.push({
      ...base,
      module: row.module as Module,
      kind,
      severity: (set.severity ?? row.severity) as Severity,
      title,
      details,
    });
  const until =
    input.risk_accepted_until === undefined || input.risk_accepted_until === null
      ? null
      : new Date(input.risk_accepted_until);
  if (input.status !== undefined) {
    const check = checkTransition(row.status, input.status, until, now);
    if (!check.ok) return { ok: false, reason: check.reason, refusal: check.refusal };
    set.status = input.status;
    set.resolved_at = input.status === 'resolved' ? now : null;
    set.risk_accepted_until = input.status === 'risk_accepted' ? until : null;
    changes.push({ ...base, field: 'status', from: row.status, to: input.status });
    if (input.status === 'risk_accepted') {
      changes.push({ ...base, field: 'risk_accepted_until', from: iso(row.risk_accepted_until), to: iso(until) });
    }
    event('finding.status_changed', `${row.title}: ${row.status} → ${input.status}`, {
      from: row.status,
      to: input.status,
      ...(until && input.status === 'risk_accepted' ? { risk_accepted_until: until.toISOString() } : {}),
    });
  } else if (input.risk_accepted_until !== undefined) {
    if (row.status !== 'risk_accepted' || !until || until <= now) {
      return {
        ok: false,
        refusal: 'invalid_data',
        reason: 'risk_accepted_until changes only a risk-accepted finding, to a future date.',
      };
    }
    set.risk_accepted_until = until;
    changes.push({ ...base, field: 'risk_accepted_until', from: iso(row.risk_accepted_until), to: iso(until) });
  }
  if (input.severity !== undefined && input.severity !== row.severity) {
    set.severity = input.severity;
    changes.push({ ...base, field: 'severity', from: row.severity, to: input.severity });
    event('finding.updated', `${row.title}: severity ${row.severity} → ${input.severity}`, {
      field: 'severity',
      from: row.severity,
      to: input.severity,
    });
  }
  if (input.assignee_id !== undefined && input.assignee_id !== row.assignee_id) {
    set.assignee_id = input.assignee_id;
    changes.push({
      ...base,
      field: 'assignee',
      from: row.assignee_id === null ? null : String(row.assignee_id),
      to: input.assignee_id === null ? null : String(input.assignee_id),
    });
    event('finding.updated', `${row.title}: assignee changed`, {
      field: 'assignee',
      from: row.assignee_id,
      to: input.assignee_id,
    });
  }
  if (changes.length > 0) set.updated_at = now;
  return { ok: true, set, changes, events };
}

async function applyPlanned(
  trx: Executor,
  scope: TenantScope,
  row: FindingRow,
  plan: Extract<Planned, { ok: true }>,
  comment: string | undefined,
  userId: number,
  now: Date,
): Promise<void> {
  if (Object.keys(plan.set).length > 0) await updateFindingRow(trx, scope, row.id, plan.set);
  await insertChanges(trx, plan.changes);
  const events = [...plan.events];
  if (comment?.trim()) {
    await insertComment(trx, scope, { findingId: row.id, authorId: userId, body: comment.trim(), at: now });
    if (events.length === 0) {
      events.push({
        companyId: scope.companyId,
        module: row.module as Module,
        kind: 'finding.commented',
        severity: row.severity as Severity,
        title: `${row.title}: new comment`,
        findingId: row.id,
        actorUserId: userId,
        at: now,
      });
    }
  }
  await insertEvents(trx, events);
}

async function checkAssignee(ctx: AppContext, scope: TenantScope, assigneeId: number | null | undefined) {
  if (assigneeId === undefined || assigneeId === null) return;
  if (!(await isMember(ctx.db, scope, assigneeId))) {
    throw validationError({ assignee_id: ['The assignee must be a member of the company.'] });
  }
}

export async function updateFinding({ ctx, auth, input }: Verb<{ id: number; changes: FindingChangeInput }>) {
  const scope = requireScope(auth.scope);
  await checkAssignee(ctx, scope, input.changes.assignee_id);
  const now = ctx.clock.now();
  await ctx.db.transaction().execute(async (trx) => {
    const [row] = await lockFindings(trx, scope, [input.id]);
    if (!row) throw new ServiceError('not_found', 'Finding not found.');
    const plan = planChange(row, input.changes, auth.user.id, now);
    if (!plan.ok && plan.refusal === 'invalid_data') throw validationError({ risk_accepted_until: [plan.reason] });
    if (!plan.ok) {
      throw new ServiceError('conflict', {
        message: plan.reason,
        details: { allowed_statuses: allowedStatuses(row.status) },
      });
    }
    await applyPlanned(trx, scope, row, plan, input.changes.comment, auth.user.id, now);
  });
  return { data: await findingDetail(ctx.db, scope, input.id) };
}

/**
 * One person's change of one finding at `now`, as the triage API makes it (the row, its history
 * and its event), in the caller's transaction; the workflow's refusal as a reason. The demo's
 * quarter of triage (demo-history) writes its backdated changes through it.
 */
export async function changeFindingAs(
  trx: Executor,
  row: FindingRow,
  changes: FindingChangeInput,
  userId: number,
  now: Date,
): Promise<string | null> {
  const plan = planChange(row, changes, userId, now);
  if (!plan.ok) return plan.reason;
  await applyPlanned(trx, { userId, companyId: row.company_id }, row, plan, changes.comment, userId, now);
  return null;
}

export async function bulkUpdateFindingStatus({
  ctx,
  auth,
  input,
}: Verb<{ ids: number[]; status: FindingStatus; risk_accepted_until?: string | null; comment?: string }>) {
  const scope = requireScope(auth.scope);
  const now = ctx.clock.now();
  const ids = [...new Set(input.ids)];
  const updated: number[] = [];
  const refused: { id: number; reason: string }[] = [];
  await ctx.db.transaction().execute(async (trx) => {
    const rows = new Map((await lockFindings(trx, scope, ids)).map((r) => [r.id, r]));
    for (const id of ids) {
      const row = rows.get(id);
      if (!row) {
        refused.push({ id, reason: 'Finding not found.' });
        continue;
      }
      const plan = planChange(
        row,
        { status: input.status, risk_accepted_until: input.risk_accepted_until },
        auth.user.id,
        now,
      );
      if (!plan.ok) {
        refused.push({ id, reason: plan.reason });
        continue;
      }
      await applyPlanned(trx, scope, row, plan, input.comment, auth.user.id, now);
      updated.push(id);
    }
  });
  return { updated, refused };
}

export async function addFindingComment({ ctx, auth, input }: Verb<{ id: number; body: string }>) {
  const scope = requireScope(auth.scope);
  const now = ctx.clock.now();
  const id = await ctx.db.transaction().execute(async (trx) => {
    const [row] = await lockFindings(trx, scope, [input.id]);
    if (!row) throw new ServiceError('not_found', 'Finding not found.');
    const commentId = await insertComment(trx, scope, {
      findingId: row.id,
      authorId: auth.user.id,
      body: input.body.trim(),
      at: now,
    });
    await insertEvents(trx, [
      {
        companyId: scope.companyId,
        module: row.module as Module,
        kind: 'finding.commented',
        severity: row.severity as Severity,
        title: `${row.title}: new comment`,
        findingId: row.id,
        actorUserId: auth.user.id,
        at: now,
      },
    ]);
    return commentId;
  });
  return {
    data: {
      id,
      body: input.body.trim(),
      author: { id: auth.user.id, name: auth.user.name },
      created_at: now.toISOString(),
    },
  };
}
