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
  // A supplier's probe run says whose: the runs of several suppliers are not one run repeated.
  const supplier = event.kind === 'probes.finished' ? event.details?.supplier_name : undefined;
  const head = found.file
    ? t('dashboard.timeline.summary.fileFound', { file: found.file, ...count })
    : typeof supplier === 'string'
      ? t('dashboard.timeline.summary.probeSupplierFound', { supplier, ...count })
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

const STATUSES = new Set<string>(['new', 'in_review', 'confirmed', 'false_positive', 'risk_accepted', 'resolved']);
const SEVERITY_SET = new Set<string>(SEVERITIES);

/** The finding's title of a change event: its title without the server's English tail, else null. */
function findingTitle(event: TimelineEvent, tail: string): string | null {
  return event.title.endsWith(tail) ? event.title.slice(0, -tail.length) : null;
}

/**
 * The line of one finding's change in the interface language: "Title: New → In review", "Title: severity
 * high → critical". The server keeps the values in `details` and an English title whose tail holds them
 * raw; null for other events (their title is shown).
 */
export function changeLine(event: TimelineEvent, t: TFunction): string | null {
  const details = event.details ?? {};
  const from = typeof details.from === 'string' ? details.from : '';
  const to = typeof details.to === 'string' ? details.to : '';
  if (event.kind === 'finding.status_changed' && STATUSES.has(from) && STATUSES.has(to)) {
    const expired = findingTitle(event, ': risk acceptance ended → in_review');
    if (expired !== null) return t('dashboard.timeline.change.riskExpired', { title: expired });
    const title = findingTitle(event, `: ${from} → ${to}`);
    if (title === null) return null;
    return t('dashboard.timeline.change.status', {
      title,
      from: t(`findings.status.${from}`),
      to: t(`findings.status.${to}`),
    });
  }
  if (
    event.kind === 'finding.updated' &&
    details.field === 'severity' &&
    SEVERITY_SET.has(from) &&
    SEVERITY_SET.has(to)
  ) {
    const title = findingTitle(event, `: severity ${from} → ${to}`);
    if (title === null) return null;
    return t('dashboard.timeline.change.severity', {
      title,
      from: t(`findings.severity.${from}`).toLocaleLowerCase(),
      to: t(`findings.severity.${to}`).toLocaleLowerCase(),
    });
  }
  if (event.kind === 'finding.updated' && details.field === 'assignee') {
    const title = findingTitle(event, ': assignee changed');
    return title === null ? null : t('dashboard.timeline.change.assignee', { title });
  }
  return null;
}

/** Whether an event stands for many findings (it leads to its module's list: no list filters by import yet). */
export function isSummaryEvent(event: Pick<TimelineEvent, 'kind'>): boolean {
  return SUMMARY_KINDS.includes(event.kind);
}
