// The demo's quarter of triage: what the demo companies' people did with their findings since they
// were first seen — resolved, accepted a risk until a date, called a false positive, put in review,
// resolved and reopened — written through the triage API's own change (findingChanges), with the
// person and the backdated time of each step. Each finding's fate is derived from its fingerprint,
// not drawn, so the same demo files always give the same history.
import type { Executor } from '../db/database.js';
import { changeFindingAs, type FindingChangeInput } from '../platform/findings/findings.service.js';
import type { FindingRow, FindingStatus } from '../platform/findings/findings.table.js';
import { DAY } from '../shared/clock.js';

const HOUR = 3_600_000;
/** Findings triaged per company at most: a team of three works through a few a day. */
export const TRIAGED_PER_COMPANY = 240;

/** A number in [0, 1) from a text (FNV-1a): the same fingerprint, the same fate. */
export function unitHash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0) / 2 ** 32;
}

export type Fate = 'resolved' | 'risk_accepted' | 'false_positive' | 'reopened' | 'in_review' | 'untouched';

/** The fate of a finding by its fingerprint: about 4 in 10 resolved, the rest spread over the other ends. */
export function fateOf(fingerprint: string): Fate {
  const h = unitHash(`${fingerprint}:fate`);
  if (h < 0.42) return 'resolved';
  if (h < 0.52) return 'risk_accepted';
  if (h < 0.6) return 'false_positive';
  if (h < 0.67) return 'reopened';
  if (h < 0.8) return 'in_review';
  return 'untouched';
}

interface Step {
  at: Date;
  change: FindingChangeInput;
}

const notes: Partial<Record<FindingStatus, string>> = {
  resolved: 'Fixed and checked again: no longer found.',
  risk_accepted: 'Compensating control in place; to be looked at again by the end date.',
  false_positive: 'Not ours: test data that matched our domain.',
  in_review: 'Looking into it.',
};

/** The steps of one finding's history: each after the one before, all before `latest`. */
export function stepsOf(row: Pick<FindingRow, 'fingerprint' | 'first_seen_at'>, latest: Date): Step[] {
  const fate = fateOf(row.fingerprint);
  const start = row.first_seen_at.getTime();
  const room = latest.getTime() - start;
  if (fate === 'untouched' || room < 2 * HOUR) return [];
  // A first look within two weeks (less when the finding is recent), at working hours' spread.
  const first = start + Math.min(room * 0.6, (2 + unitHash(`${row.fingerprint}:t1`) * 12 * 24) * HOUR);
  const second = first + (latest.getTime() - first) * (0.2 + 0.6 * unitHash(`${row.fingerprint}:t2`));
  const step = (at: number, status: FindingStatus, extra: Partial<FindingChangeInput> = {}): Step => ({
    at: new Date(Math.floor(at)),
    change: { status, comment: notes[status], ...extra },
  });
  switch (fate) {
    case 'resolved':
      // Half go through confirmation first (confirmed → resolved; in review cannot resolve).
      return unitHash(`${row.fingerprint}:via`) < 0.5
        ? [step(first, 'resolved')]
        : [step(first, 'confirmed'), step(second, 'resolved')];
    case 'risk_accepted': {
      const until = new Date(first + (120 + Math.floor(unitHash(`${row.fingerprint}:until`) * 120)) * DAY);
      return [step(first, 'risk_accepted', { risk_accepted_until: until.toISOString() })];
    }
    case 'false_positive':
      return [step(first, 'false_positive')];
    case 'reopened':
      return [step(first, 'resolved'), step(second, 'in_review', { comment: 'Seen again after the fix: reopened.' })];
    case 'in_review':
      return [step(first, 'in_review')];
  }
}

/** The demo people who triage a company's findings: its administrators and analysts. */
async function triagersOf(db: Executor, companyId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('memberships')
    .select('user_id')
    .where('company_id', '=', companyId)
    .where('role', 'in', ['administrator', 'analyst'])
    .where('deactivated_at', 'is', null)
    .orderBy('user_id')
    .execute();
  return rows.map((r) => r.user_id);
}

/** Writes one company's quarter of triage; the number of status changes written. */
export async function triageCompany(db: Executor, companyId: number, latest: Date): Promise<number> {
  const people = await triagersOf(db, companyId);
  if (people.length === 0) return 0;
  const rows = await db
    .selectFrom('findings')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('is_demo', '=', true)
    .where('status', '=', 'new')
    .execute();
  // The same findings whatever order the imports wrote them in: by their fingerprints' hash.
  const chosen = rows
    .map((row) => ({ row, key: unitHash(`${row.module}:${row.fingerprint}:pick`) }))
    .sort((a, b) => a.key - b.key || a.row.fingerprint.localeCompare(b.row.fingerprint))
    .slice(0, TRIAGED_PER_COMPANY);
  let written = 0;
  for (const { row } of chosen) {
    let current: FindingRow = row;
    const who = people[Math.floor(unitHash(`${row.fingerprint}:who`) * people.length)] ?? people[0] ?? 0;
    for (const { at, change } of stepsOf(row, latest)) {
      const refused = await changeFindingAs(db, current, change, who, at);
      if (refused !== null) break;
      written += 1;
      const status = change.status ?? current.status;
      current = {
        ...current,
        status,
        resolved_at: status === 'resolved' ? at : null,
        risk_accepted_until:
          status === 'risk_accepted' && change.risk_accepted_until ? new Date(change.risk_accepted_until) : null,
      };
    }
  }
  return written;
}
