// The end of a page's scan, in the scan's transaction: the scan's row (status, counts, headers, header
// changes), the page's last scan and next due time, the scan's one timeline event, the alert
// evaluation of what it found (as an import's end does), the rating refresh and the job's end.
import type { Executor } from '../../../db/database.js';
import { queueEvaluation } from '../../../platform/alerts/alerts.queue.js';
import { insertEvents } from '../../../platform/events/events.repository.js';
import { describeTally, type FindingTally, summaryOf, worstOf } from '../../../platform/findings/findings.ingest.js';
import { appendLog } from '../../../platform/imports/imports.repository.js';
import { endJob } from '../../../platform/jobs/jobs.repository.js';
import { queueRatingRefresh } from '../../../platform/risk/risk.queue.js';
import type { ScanResult } from '../scanner/scan.types.js';
import type { HeaderChange } from './headers.js';
import type { ScanContext, ScanCounts } from './scan-writer.js';

/** A failed scan is tried again after an hour at most (the page's interval when shorter). */
const RETRY_MS = 3_600_000;

export interface ScannedPage {
  url: string;
  intervalHours: number;
}

export type ScanEnd =
  | { status: 'done'; result: ScanResult; counts: ScanCounts; headerChanges: HeaderChange[] }
  | { status: 'failed'; error: string };

const EMPTY: FindingTally = {};

export async function finishScan(db: Executor, scan: ScanContext, page: ScannedPage, end: ScanEnd): Promise<void> {
  const done = end.status === 'done' ? end : null;
  const counts = done?.counts;
  const tally = counts?.tally ?? EMPTY;
  await db
    .updateTable('script_scans')
    .set({
      status: end.status,
      final_url: done?.result.finalUrl ?? null,
      http_status: done?.result.status ?? null,
      headers: JSON.stringify(done?.result.headers ?? {}),
      scripts: counts?.scripts ?? 0,
      new_scripts: counts?.newScripts ?? 0,
      changed_scripts: counts?.changedScripts ?? 0,
      removed_scripts: counts?.removedScripts ?? 0,
      new_destinations: counts?.newDestinations ?? 0,
      header_changes: JSON.stringify(done?.headerChanges ?? []),
      findings_opened: counts?.findingsOpened ?? 0,
      duration_ms: done?.result.durationMs ?? null,
      error: end.status === 'failed' ? end.error : null,
      finished_at: scan.now,
    })
    .where('id', '=', scan.scanId)
    .execute();
  const interval = page.intervalHours * 3_600_000;
  await db
    .updateTable('store_pages')
    .set({
      last_scan_id: scan.scanId,
      last_scanned_at: scan.now,
      next_scan_at: new Date(scan.now.getTime() + (done ? interval : Math.min(interval, RETRY_MS))),
    })
    .where('id', '=', scan.pageId)
    .execute();
  const title = done
    ? `Scan of ${page.url} done: ${counts?.scripts} scripts, ${counts?.newScripts} new, ` +
      `${counts?.changedScripts} changed, ${counts?.removedScripts} removed, ` +
      `${counts?.newDestinations} new destinations, ${describeTally(tally)}`
    : `Scan of ${page.url} failed: ${end.status === 'failed' ? end.error : ''}`;
  const worst = worstOf(tally);
  await insertEvents(db, [
    {
      companyId: scan.companyId,
      module: 'scripts',
      kind: 'scripts.scanned',
      severity: worst,
      title,
      jobId: scan.jobId,
      details: {
        scan_id: scan.scanId,
        page_id: scan.pageId,
        status: end.status,
        scripts: counts?.scripts ?? 0,
        new_scripts: counts?.newScripts ?? 0,
        changed_scripts: counts?.changedScripts ?? 0,
        removed_scripts: counts?.removedScripts ?? 0,
        new_destinations: counts?.newDestinations ?? 0,
        header_regressions: done?.headerChanges.filter((h) => h.regression).length ?? 0,
        ...summaryOf(tally),
      },
      at: scan.now,
    },
  ]);
  if (scan.jobId === null) return;
  if (worst !== null) await queueEvaluation(db, scan.companyId, scan.jobId, scan.now);
  if (done) await queueRatingRefresh(db, scan.companyId, scan.now);
  await appendLog(db, scan.jobId, done ? 'info' : 'error', title, scan.now);
  await endJob(db, scan.jobId, scan.now, done ? { status: 'succeeded' } : { status: 'failed', error: title });
}
