// The queue's policy, which every kind shares: how a full group is skipped by the claim, how long a
// retried kind waits, and the group of a module's reference-data writers. Kinds themselves are
// registered by their features (platform features in src/modules.ts, modules in their descriptor),
// so jobs/ imports no feature that queues work (ADR 0011).
import type { JobKind } from './job-kind.types.js';

/** The kinds whose group has `running` jobs at its limit (the claim skips them). */
export function kindsAtLimit(
  jobKinds: Readonly<Record<string, JobKind>>,
  runningByKind: ReadonlyMap<string, number>,
): string[] {
  const byGroup = new Map<string, number>();
  for (const [kind, count] of runningByKind) {
    const group = jobKinds[kind]?.group ?? kind;
    byGroup.set(group, (byGroup.get(group) ?? 0) + count);
  }
  return Object.entries(jobKinds)
    .filter(([, kind]) => (byGroup.get(kind.group) ?? 0) >= kind.concurrency)
    .map(([name]) => name);
}

/** The wait before attempt `attempt + 1` of a retried kind: 30 s, 1 min, 2 min… at most an hour. */
export function backoffMs(attempt: number): number {
  return Math.min(60 * 60_000, 30_000 * 2 ** Math.max(0, attempt - 1));
}

/** The group of a module's reference-data writers (its platform imports and feeds): one at a time. */
export function referenceGroup(module: string): string {
  return `reference:${module}`;
}
