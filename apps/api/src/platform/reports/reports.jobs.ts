// The reports' background work (ADR 0033). `reports.render` prints one report (its id in the job's
// options) and, for the monthly schedule, e-mails it to the recipients in the transaction that
// stores it. `reports.monthly` runs daily: each enabled schedule that has not sent last month's
// report gets it (a report and its rendering queued, the schedule moved to that month in the same
// transaction), so the report goes out on the first of the month, or on the first run after.
import type { AppContext } from '../../app-context.js';
import type { Executor } from '../../db/database.js';
import { ChromiumUnavailable } from '../../shared/chromium.js';
import { DAY } from '../../shared/clock.js';
import type { JobKind, RunOutcome } from '../jobs/job-kind.types.js';
import { queueJob } from '../jobs/job-queue.js';
import { endJob, extendLease } from '../jobs/jobs.repository.js';
import type { ClaimedJob } from '../jobs/jobs.table.js';
import { queueMail } from '../mail/mail.repository.js';
import { reportMail } from './reports.mail.js';
import { printReport, RENDER_LIMITS, RenderFailed } from './reports.render.js';
import {
  companyName,
  dueSchedules,
  finishReport,
  insertReport,
  issuePrintToken,
  reportOfJob,
  scheduleRecipients,
  setReportJob,
} from './reports.repository.js';
import type { ReportRow } from './reports.table.js';

interface RenderOptions {
  report_id: number;
  /** The monthly schedule's report: e-mailed to its recipients once done. */
  mail?: boolean;
}

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** Queues the rendering of a report in the caller's transaction. */
export async function queueRender(
  db: Executor,
  report: { id: number; companyId: number; mail: boolean; createdBy: number | null },
  now: Date,
): Promise<void> {
  const jobId = await queueJob(db, {
    kind: 'reports.render',
    module: 'reports',
    companyId: report.companyId,
    label: `report ${report.id}`,
    options: { report_id: report.id, ...(report.mail ? { mail: true } : {}) } satisfies RenderOptions,
    priority: 2,
    createdBy: report.createdBy,
    now,
  });
  await setReportJob(db, report.id, jobId);
}

async function mailReport(ctx: AppContext, trx: Executor, report: ReportRow, pdf: Uint8Array, now: Date) {
  const company = (await companyName(trx, report.company_id))?.name ?? '';
  const recipients = await scheduleRecipients(trx, report.company_id);
  for (const recipient of recipients) {
    const message = reportMail(
      recipient,
      { language: report.language, company, from: isoDay(report.period_from), to: isoDay(report.period_to), pdf },
      `${ctx.publicUrl}/report`,
    );
    await queueMail(trx, message, now);
  }
  await trx
    .updateTable('report_schedules')
    .set({ last_sent_at: now })
    .where('company_id', '=', report.company_id)
    .execute();
  return recipients.length;
}

async function render(ctx: AppContext, job: ClaimedJob, signal: AbortSignal): Promise<RunOutcome> {
  const options = JSON.parse(job.options ?? '{}') as RenderOptions;
  const report = job.company_id === null ? undefined : await reportOfJob(ctx.db, options.report_id, job.company_id);
  // Deleted while it waited: nothing to do.
  if (!report) return endJob(ctx.db, job.id, ctx.clock.now());
  const fail = async (error: string) => {
    const now = ctx.clock.now();
    await ctx.db.transaction().execute(async (trx) => {
      await finishReport(trx, report.id, { status: 'failed', error }, now);
      await endJob(trx, job.id, now, { status: 'failed', error });
    });
    return 'failed' as const;
  };
  if (job.crashed) return fail('The server stopped while the report was rendered.');
  await extendLease(ctx.db, job.id, new Date(ctx.clock.now().getTime() + RENDER_LIMITS.timeoutMs + 60_000));
  const token = await issuePrintToken(ctx.db, report.id, ctx.clock.now());
  let printed: { pdf: Uint8Array; pages: number };
  try {
    printed = await printReport(
      {
        chromiumPath: ctx.config.scan.chromiumPath,
        baseUrl: ctx.publicUrl,
        reportId: report.id,
        token,
        language: report.language,
      },
      signal,
    );
  } catch (error) {
    if (error instanceof RenderFailed || error instanceof ChromiumUnavailable) return fail(error.message);
    throw error;
  }
  const now = ctx.clock.now();
  const sent = await ctx.db.transaction().execute(async (trx) => {
    await finishReport(trx, report.id, { status: 'done', ...printed }, now);
    const count = options.mail ? await mailReport(ctx, trx, report, printed.pdf, now) : 0;
    await endJob(trx, job.id, now);
    return count;
  });
  if (sent > 0) await ctx.mail.flush();
  return 'succeeded';
}

/** The last full month before `now` (UTC): its first and last day. */
export function previousMonth(now: Date): { from: string; to: string } {
  const firstOfThisMonth = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1);
  const lastOfPrevious = new Date(firstOfThisMonth - DAY);
  const from = new Date(Date.UTC(lastOfPrevious.getUTCFullYear(), lastOfPrevious.getUTCMonth(), 1));
  return { from: isoDay(from), to: isoDay(lastOfPrevious) };
}

async function monthly(ctx: AppContext, job: ClaimedJob): Promise<RunOutcome> {
  const now = ctx.clock.now();
  const period = previousMonth(now);
  for (const schedule of await dueSchedules(ctx.db, period.to)) {
    await ctx.db.transaction().execute(async (trx) => {
      // Taken again under a lock: another worker may have queued this month since the list was read.
      const current = await trx
        .selectFrom('report_schedules')
        .select(['enabled', 'last_period_to'])
        .where('company_id', '=', schedule.company_id)
        .forUpdate()
        .executeTakeFirst();
      if (!current?.enabled || (current.last_period_to && isoDay(current.last_period_to) >= period.to)) return;
      await trx
        .updateTable('report_schedules')
        .set({ last_period_to: period.to })
        .where('company_id', '=', schedule.company_id)
        .execute();
      const id = await insertReport(trx, {
        companyId: schedule.company_id,
        ...period,
        language: schedule.language,
        requestedBy: null,
        scheduled: true,
        now,
      });
      await queueRender(trx, { id, companyId: schedule.company_id, mail: true, createdBy: null }, now);
    });
  }
  return endJob(ctx.db, job.id, now);
}

export const reportJobKinds = {
  // One browser at a time per process group: a rendering holds a Chromium for seconds.
  'reports.render': { group: 'reports', concurrency: 1, priority: 2, retried: false, run: render },
  'reports.monthly': {
    group: 'reports-monthly',
    concurrency: 1,
    priority: 2,
    retried: true,
    platformSchedule: '0 3 * * *',
    run: monthly,
  },
} satisfies Record<string, JobKind>;
