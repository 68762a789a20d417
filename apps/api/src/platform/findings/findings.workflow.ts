// The one triage workflow of every module. Pure: which status may follow which, and what a
// change needs. Automatic changes (an import seeing a resolved finding again) bypass it by design.
import type { ServiceErrorCode } from '../../shared/service-error.js';
import type { FindingStatus } from './findings.table.js';

// A new finding may be closed at once: a team that already rotated a leaked password, or accepts a
// known risk, should not step through review first (issue 33).
const transitions: Record<FindingStatus, FindingStatus[]> = {
  new: ['in_review', 'confirmed', 'false_positive', 'risk_accepted', 'resolved'],
  in_review: ['new', 'confirmed', 'false_positive', 'risk_accepted'],
  confirmed: ['in_review', 'risk_accepted', 'resolved'],
  false_positive: ['in_review'],
  risk_accepted: ['in_review', 'confirmed', 'resolved'],
  resolved: ['in_review'],
};

export function allowedStatuses(from: FindingStatus): FindingStatus[] {
  return transitions[from];
}

/**
 * Why a change is refused: `conflict`, the workflow refuses the move; `invalid_data`, the move needs a
 * value that is missing or wrong (the error handler answers them 409 and 422).
 */
export type ChangeRefusal = Extract<ServiceErrorCode, 'conflict' | 'invalid_data'>;

export type TransitionCheck = { ok: true } | { ok: false; reason: string; refusal: ChangeRefusal };

/** Whether `from → to` is allowed at `now`; risk acceptance needs an end date in the future. */
export function checkTransition(
  from: FindingStatus,
  to: FindingStatus,
  riskAcceptedUntil: Date | null | undefined,
  now: Date,
): TransitionCheck {
  if (from === to) return { ok: false, refusal: 'conflict', reason: `The finding is already ${to}.` };
  if (!transitions[from].includes(to)) {
    return {
      ok: false,
      refusal: 'conflict',
      reason: `A finding cannot go from ${from} to ${to}; allowed: ${transitions[from].join(', ')}.`,
    };
  }
  if (to === 'risk_accepted' && (!riskAcceptedUntil || riskAcceptedUntil <= now)) {
    return { ok: false, refusal: 'invalid_data', reason: 'Risk acceptance needs risk_accepted_until in the future.' };
  }
  return { ok: true };
}

const severityRank: Record<string, number> = { critical: 5, high: 4, medium: 3, low: 2, info: 1 };

export function severityOrder(severity: string): number {
  return severityRank[severity] ?? 0;
}
