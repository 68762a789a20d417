// Asking for a report (period checked, the report and its rendering queued in one transaction),
// and the monthly schedule (recipients must be active members of the company).
import type { components } from '@vigil/api-client';
import type { AppContext } from '../../app-context.js';
import { spendAction } from '../../shared/action-limits.js';
import { DAY } from '../../shared/clock.js';
import { validationError } from '../../shared/service-error.js';
import { type TenantScope, tenantFilter } from '../../shared/tenant.js';
import { nextRunAfter } from '../jobs/job-schedules.js';
import { previousMonth, queueRender, reportJobKinds } from './reports.jobs.js';
import {
  activeMembers,
  findReport,
  findSchedule,
  insertReport,
  type ListedReport,
  scheduleRecipients,
} from './reports.repository.js';

type Report = components['schemas']['Report'];
type ReportRequest = components['schemas']['ReportRequest'];
type ReportSchedule = components['schemas']['ReportSchedule'];
type ReportScheduleInput = components['schemas']['ReportScheduleInput'];

/** The longest period a report covers. */
export const MAX_PERIOD_DAYS = 366;

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

export function reportOut(row: ListedReport): Report {
  return {
    id: row.id,
    period_from: isoDay(row.period_from),
    period_to: isoDay(row.period_to),
    language: row.language as Report['language'],
    status: row.status,
    error: row.error,
    pages: row.pages,
    size: row.size,
    requested_by: row.requested_by,
    scheduled: row.scheduled,
    created_at: row.created_at.toISOString(),
    finished_at: row.finished_at?.toISOString() ?? null,
  };
}

function checkPeriod(input: ReportRequest, now: Date): void {
  const from = Date.parse(`${input.from}T00:00:00Z`);
  const to = Date.parse(`${input.to}T00:00:00Z`);
  if (to < from) throw validationError({ to: ['The end of the period must not be before its start.'] });
  if (input.to > isoDay(now)) throw validationError({ to: ['The period must not end after today.'] });
  if ((to - from) / DAY > MAX_PERIOD_DAYS) {
    throw validationError({ from: [`The period must not be longer than ${MAX_PERIOD_DAYS} days.`] });
  }
}

export async function createReport(ctx: AppContext, scope: TenantScope, input: ReportRequest): Promise<Report> {
  const now = ctx.clock.now();
  checkPeriod(input, now);
  const id = await ctx.db.transaction().execute(async (trx) => {
    await spendAction(trx, ctx.clock, ctx.limits.actions, 'report', scope);
    const id = await insertReport(trx, {
      companyId: scope.companyId,
      from: input.from,
      to: input.to,
      language: input.language,
      requestedBy: scope.userId,
      scheduled: false,
      now,
    });
    await queueRender(trx, { id, companyId: scope.companyId, mail: false, createdBy: scope.userId }, now);
    return id;
  });
  const row = await findReport(ctx.db, scope, id);
  if (!row) throw new Error(`Report ${id} vanished after it was created.`);
  return reportOut(row);
}

export async function scheduleOf(ctx: AppContext, scope: TenantScope): Promise<ReportSchedule> {
  const schedule = await findSchedule(ctx.db, scope);
  if (!schedule) return { enabled: false, language: 'en', recipients: [], last_sent_at: null, next_run_at: null };
  const recipients = await scheduleRecipients(ctx.db, scope.companyId);
  const cron = reportJobKinds['reports.monthly'].platformSchedule;
  // The first daily run of next month sends this month's report.
  const now = ctx.clock.now();
  const nextMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  return {
    enabled: schedule.enabled,
    language: schedule.language as ReportSchedule['language'],
    recipients,
    last_sent_at: schedule.last_sent_at?.toISOString() ?? null,
    next_run_at: schedule.enabled ? nextRunAfter(cron, new Date(nextMonth.getTime() - 1)).toISOString() : null,
  };
}

export async function updateSchedule(
  ctx: AppContext,
  scope: TenantScope,
  input: ReportScheduleInput,
): Promise<ReportSchedule> {
  const members = await activeMembers(ctx.db, scope.companyId, input.recipient_ids);
  if (members.length !== input.recipient_ids.length) {
    throw validationError({ recipient_ids: ['Every recipient must be an active member of the company.'] });
  }
  if (input.enabled && members.length === 0) {
    throw validationError({ recipient_ids: ['Choose at least one recipient for the monthly report.'] });
  }
  const now = ctx.clock.now();
  await ctx.db.transaction().execute(async (trx) => {
    const before = await findSchedule(trx, scope);
    // Turned on: the first report is this month's, sent next month (never last month's at once).
    const lastPeriodTo = input.enabled && !before?.enabled ? previousMonth(now).to : undefined;
    await trx
      .insertInto('report_schedules')
      .values({
        company_id: scope.companyId,
        enabled: input.enabled,
        language: input.language,
        last_period_to: lastPeriodTo ?? null,
        updated_by: scope.userId,
        updated_at: now,
      })
      .onConflict((oc) =>
        oc.column('company_id').doUpdateSet({
          enabled: input.enabled,
          language: input.language,
          updated_by: scope.userId,
          updated_at: now,
          ...(lastPeriodTo ? { last_period_to: lastPeriodTo } : {}),
        }),
      )
      .execute();
    await trx.deleteFrom('report_recipients').where(tenantFilter('report_recipients', scope)).execute();
    if (members.length > 0) {
      await trx
        .insertInto('report_recipients')
        .values(members.map((m) => ({ company_id: scope.companyId, user_id: m.user_id })))
        .execute();
    }
  });
  return scheduleOf(ctx, scope);
}
