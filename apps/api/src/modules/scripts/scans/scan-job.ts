// The `scripts.scan` job: one page scanned in headless Chromium (the scanner), then compared with
// the page's inventory and written with its end in one transaction. A scan that a shutdown stopped
// goes back to the queue; one whose attempt died with the server (a page that crashes it) is not
// run again.
import type { AppContext } from '../../../app-context.js';
import { LEASE_MS } from '../../../platform/imports/import-runner.js';
import { appendLog, finishJob } from '../../../platform/imports/imports.repository.js';
import type { RunOutcome } from '../../../platform/jobs/job-kind.types.js';
import { endJob, extendLease } from '../../../platform/jobs/jobs.repository.js';
import type { ClaimedJob } from '../../../platform/jobs/jobs.table.js';
import { loadBlacklist } from '../blacklists/js-blacklist.match.js';
import { loadRuleSet } from '../rules/rules.match.js';
import type { ScanResult, ScanStep } from '../scanner/scan.types.js';
import type { Scanner } from '../scanner/scanner.js';
import { finishScan, type ScanEnd, type ScannedPage } from './scan-finish.js';
import { planScan } from './scan-plan.js';
import { scanJobOptions } from './scan-queue.js';
import { loadPrevious, type ScanContext, writeScan } from './scan-writer.js';

function pageOf(ctx: AppContext, companyId: number, pageId: number) {
  return ctx.db
    .selectFrom('store_pages as p')
    .innerJoin('stores as s', 's.id', 'p.store_id')
    .select(['p.id', 'p.url', 'p.steps', 'p.scan_interval_hours', 's.domains'])
    .where('p.company_id', '=', companyId)
    .where('p.id', '=', pageId)
    .executeTakeFirst();
}

function stepsOf(json: string): ScanStep[] {
  try {
    const steps: unknown = JSON.parse(json);
    return Array.isArray(steps) ? (steps as ScanStep[]) : [];
  } catch {
    return [];
  }
}

/** The scan row of this job: the one an earlier attempt started, or a new one. */
async function scanRowOf(ctx: AppContext, job: ClaimedJob, companyId: number, pageId: number) {
  const existing = await ctx.db.selectFrom('script_scans').select('id').where('job_id', '=', job.id).executeTakeFirst();
  if (existing) return existing.id;
  const row = await ctx.db
    .insertInto('script_scans')
    .values({
      company_id: companyId,
      page_id: pageId,
      job_id: job.id,
      status: 'running',
      is_demo: job.is_demo,
      started_at: ctx.clock.now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A page that did not answer with a document is a failed scan, not a page without scripts. */
function refusal(result: ScanResult): string | null {
  if (result.status === null) return 'The page did not answer.';
  if (result.status >= 400) return `The page answered HTTP ${result.status}.`;
  return null;
}

/** Compares the result with the page's inventory and writes it with the scan's end, in one transaction. */
export async function recordScan(
  ctx: AppContext,
  scan: Omit<ScanContext, 'now'>,
  page: ScannedPage & { domains: string[] },
  result: ScanResult,
): Promise<ScanEnd['status']> {
  return ctx.db.transaction().execute(async (trx) => {
    const now = ctx.clock.now();
    const context = { ...scan, now };
    const refused = refusal(result);
    if (refused !== null) {
      await finishScan(trx, context, page, { status: 'failed', error: refused });
      return 'failed';
    }
    const [previous, rules, blacklist] = [
      await loadPrevious(trx, context),
      await loadRuleSet(trx, scan.companyId),
      await loadBlacklist(trx, scan.companyId),
    ];
    const plan = planScan({ pageUrl: page.url, firstPartyDomains: page.domains, previous, result, rules, blacklist });
    const counts = await writeScan(trx, context, result, plan);
    await finishScan(trx, context, page, { status: 'done', result, counts, headerChanges: plan.headerChanges });
    return 'done';
  });
}

export async function runScanJob(
  ctx: AppContext,
  job: ClaimedJob,
  signal: AbortSignal,
  scanner: Scanner,
): Promise<RunOutcome> {
  const parsed = scanJobOptions.safeParse(JSON.parse(job.options ?? '{}'));
  if (job.company_id === null || !parsed.success) {
    return endJob(ctx.db, job.id, ctx.clock.now(), { status: 'failed', error: 'Not a scan of a company page.' });
  }
  const companyId = job.company_id;
  const page = await pageOf(ctx, companyId, parsed.data.page_id);
  if (!page) {
    // Deleted (with its scans) after the scan was queued: nothing to do.
    await appendLog(ctx.db, job.id, 'info', 'The page was deleted before its scan ran.', ctx.clock.now());
    return endJob(ctx.db, job.id, ctx.clock.now());
  }
  const scanId = await scanRowOf(ctx, job, companyId, page.id);
  const scan = { companyId, pageId: page.id, scanId, jobId: job.id, isDemo: job.is_demo };
  const pageInfo = { url: page.url, intervalHours: page.scan_interval_hours, domains: page.domains };
  const fail = (error: string) =>
    ctx.db
      .transaction()
      .execute((trx) =>
        finishScan(trx, { ...scan, now: ctx.clock.now() }, pageInfo, { status: 'failed', error } satisfies ScanEnd),
      );
  if (job.crashed) {
    await fail('The server stopped during the scan (a crash or a restart); it is not run again.');
    return 'failed';
  }
  const lease = setInterval(() => {
    void extendLease(ctx.db, job.id, new Date(ctx.clock.now().getTime() + LEASE_MS)).catch(() => undefined);
  }, LEASE_MS / 3);
  try {
    const result = await scanner.scan(
      { url: page.url, steps: stepsOf(page.steps), firstPartyDomains: page.domains },
      signal,
    );
    if (signal.aborted) {
      await finishJob(ctx.db, job.id, { status: 'queued', at: null });
      return 'released';
    }
    return (await recordScan(ctx, scan, pageInfo, result)) === 'done' ? 'succeeded' : 'failed';
  } catch (error) {
    if (signal.aborted) {
      await finishJob(ctx.db, job.id, { status: 'queued', at: null });
      return 'released';
    }
    await fail(`The scan stopped: ${(error as Error).message}`.slice(0, 1000));
    return 'failed';
  } finally {
    clearInterval(lease);
  }
}
