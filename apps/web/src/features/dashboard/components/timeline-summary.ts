import type { Schemas } from '@vigil/api-client';
import type { TFunction } from 'i18next';
import { SEVERITIES } from '@/components/ui/finding-badges';
import type { TimelineEvent } from '../api/dashboard-api';

/** Events that stand for many findings at once: an import's one event, the CVE watch's bulk event, a probe run's, a page scan's. */
const SUMMARY_KINDS = [
  'import.succeeded',
  'import.cancelled',
  'findings.created',
  'probes.finished',
  'scripts.scanned',
];

/** The head of a summary without a file: who found the findings. */
const FOUND_BY: Record<string, string> = { 'probes.finished': 'probeFound', 'scripts.scanned': 'scanFound' };

interface Found {
  file: string | null;
  newFindings: number;
  reopened: number;
  bySeverity: [Schemas['Severity'], number][];
}

/** What a summary event found, from its details; null for other events and for older ones without counts. */
function foundOf(event: TimelineEvent): Found | null {
  const details = event.details ?? {};
  if (!SUMMARY_KINDS.includes(event.kind) || typeof details.new_findings !== 'number') return null;
  const counts = typeof details.by_severity === 'object' && details.by_severity !== null ? details.by_severity : {};
  const bySeverity = SEVERITIES.map((s): [Schemas['Severity'], number] => {
    const n = (counts as Record<string, unknown>)[s];
    return [s, typeof n === 'number' ? n : 0];
  }).filter(([, n]) => n > 0);
  return {
    file: typeof details.file_name === 'string' ? details.file_name : null,
    newFindings: details.new_findings,
    reopened: typeof details.reopened === 'number' ? details.reopened : 0,
    bySeverity,
  };
}

/**
 * The line a summary event shows: "leak.txt: 200,000 new findings, 12 critical, 199,988 high,
 * 3 reopened", in the interface language; null when the event speaks for one finding (its title).
 */
export function summaryLine(event: TimelineEvent, t: TFunction, number: (n: number) => string): string | null {
  const found = foundOf(event);
  if (!found) return null;
  const count = { count: found.newFindings, n: number(found.newFindings) };
  const head = found.file
    ? t('dashboard.timeline.summary.fileFound', { file: found.file, ...count })
    : t(`dashboard.timeline.summary.${FOUND_BY[event.kind] ?? 'watchFound'}`, count);
  // Lower case: "12 critical", "crítica: 12" (each language orders the two its way).
  const parts = found.bySeverity.map(([severity, n]) =>
    t('dashboard.timeline.summary.bySeverity', {
      n: number(n),
      severity: t(`findings.severity.${severity}`).toLocaleLowerCase(),
    }),
  );
  if (found.reopened > 0) {
    parts.push(t('dashboard.timeline.summary.reopened', { count: found.reopened, n: number(found.reopened) }));
  }
  return [head, ...parts].join(', ');
}

/** Whether an event stands for many findings (it leads to its module's list: no list filters by import yet). */
export function isSummaryEvent(event: Pick<TimelineEvent, 'kind'>): boolean {
  return SUMMARY_KINDS.includes(event.kind);
}
