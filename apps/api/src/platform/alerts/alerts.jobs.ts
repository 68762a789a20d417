// The background work of alerts (ADR 0017). `alerts.evaluate` runs once per import that ended (queued
// in the transaction that ends it) and once per bulk write of the system (the CVE watch): each
// instant rule of the company gets at most one alert for it. `alerts.digest` runs every 15 minutes
// and sends each digest rule's alert once a day, at or after the rule's hour in its time zone; the
// rule's `last_digest_on` is moved in the same transaction, so neither a second run nor a restart
// sends a day twice. `alerts.webhook` is one delivery with its own retries (webhook-delivery.ts), and
// `alerts.channel` one to a SIEM or ticket channel (channels/channel-delivery.ts, ADR 0050).
import { sql } from 'kysely';
import type { AppContext } from '../../app-context.js';
import type { JobKind, RunOutcome } from '../jobs/job-kind.types.js';
import { endJob } from '../jobs/jobs.repository.js';
import type { ClaimedJob } from '../jobs/jobs.table.js';
import type { AlertDetails, PartialImport } from './alert-payloads.js';
import type { Evaluation } from './alerts.queue.js';
import { describeMatches, type LiveRule, liveRules, raiseAlert } from './alerts.raise.js';
import { deliverToChannel } from './channels/channel-delivery.js';
import { deliverWebhook } from './webhook-delivery.js';

function succeed(ctx: AppContext, job: ClaimedJob): Promise<RunOutcome> {
  return endJob(ctx.db, job.id, ctx.clock.now());
}

async function evaluate(ctx: AppContext, job: ClaimedJob): Promise<RunOutcome> {
  const companyId = job.company_id;
  if (companyId === null) return succeed(ctx, job);
  const what = JSON.parse(job.options ?? '{}') as Evaluation;
  let which: ReturnType<typeof sql<boolean>>;
  let source: string;
  let partial: PartialImport | undefined;
  if ('job_id' in what) {
    const source_job = await ctx.db
      .selectFrom('jobs')
      .select(['started_at', 'file_name', 'read_count', 'rejected_count'])
      .where('id', '=', what.job_id)
      .where('company_id', '=', companyId)
      .executeTakeFirst();
    if (!source_job?.started_at) return succeed(ctx, job);
    // Created by this import (it last saw them, after it started), or reopened by it.
    which = sql<boolean>`((f.last_job_id = ${what.job_id} and f.created_at >= ${source_job.started_at}) or f.reopened_by_job_id = ${what.job_id})`;
    source = `job:${what.job_id}`;
    if (source_job.rejected_count > 0) {
      const { file_name, read_count: read, rejected_count: rejected } = source_job;
      partial = { file_name: file_name ?? `import ${what.job_id}`, read, rejected };
    }
  } else {
    // New in the window, or reopened in it (still new), written by the system (no import).
    const from = new Date(what.from);
    const to = new Date(what.to);
    which = sql<boolean>`(f.last_job_id is null and f.module = ${what.module} and f.updated_at between ${from} and ${to}
      and (f.created_at = f.updated_at or (f.prev_status = 'resolved' and f.status = 'new')))`;
    source = what.platform_job_id
      ? `platform:${what.platform_job_id}:${what.module}`
      : `system:${what.module}:${what.from}`;
  }
  const matched: { rule: LiveRule; details: AlertDetails }[] = [];
  for (const rule of await liveRules(ctx.db, 'instant', companyId)) {
    const matches = await describeMatches(ctx, ctx.db, rule, which, 'findings');
    if (!matches) continue;
    matched.push({ rule, details: partial ? { ...matches, partial_import: partial } : matches });
  }
  // A channel gets the first alert of the source: the one of the most findings goes first (stable by rule).
  matched.sort((a, b) => b.details.total - a.details.total);
  let raised = false;
  for (const { rule, details } of matched) {
    const id = await ctx.db.transaction().execute((trx) => raiseAlert(ctx, trx, rule, source, details));
    raised ||= id !== undefined;
  }
  if (raised) await ctx.mail.flush();
  return succeed(ctx, job);
}

const localFormat = new Map<string, Intl.DateTimeFormat>();

/** The date (YYYY-MM-DD) and hour (0–23) of an instant in a time zone. */
export function localDateAndHour(at: Date, timeZone: string): { date: string; hour: number } {
  let format = localFormat.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      hourCycle: 'h23',
    });
    localFormat.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(at).map((p) => [p.type, p.value]));
  return { date: `${parts.year}-${parts.month}-${parts.day}`, hour: Number(parts.hour) };
}

async function digest(ctx: AppContext, job: ClaimedJob): Promise<RunOutcome> {
  let raised = false;
  for (const rule of await liveRules(ctx.db, 'digest')) {
    const now = ctx.clock.now();
    const local = localDateAndHour(now, rule.time_zone);
    if (local.hour < (rule.digest_hour ?? 0) || rule.last_digest_on === local.date) continue;
    const id = await ctx.db.transaction().execute(async (trx) => {
      // Taken again under a lock: another worker may have sent this day since the list was read.
      const current = await trx
        .selectFrom('alert_rules')
        .select(['last_digest_on', 'digest_since'])
        .where('id', '=', rule.id)
        .forUpdate()
        .executeTakeFirst();
      if (!current || current.last_digest_on === local.date) return undefined;
      await trx
        .updateTable('alert_rules')
        .set({ last_digest_on: local.date, digest_since: now })
        .where('id', '=', rule.id)
        .execute();
      const which = sql<boolean>`(f.created_at > ${current.digest_since} and f.created_at <= ${now})`;
      const details = await describeMatches(ctx, trx, rule, which, 'digest');
      return details ? raiseAlert(ctx, trx, rule, `digest:${local.date}`, details) : undefined;
    });
    raised ||= id !== undefined;
  }
  if (raised) await ctx.mail.flush();
  return succeed(ctx, job);
}

export const alertJobKinds = {
  'alerts.evaluate': { group: 'alerts', concurrency: 2, priority: 5, retried: true, run: evaluate },
  'alerts.digest': {
    group: 'alerts-digest',
    concurrency: 1,
    priority: 5,
    retried: true,
    platformSchedule: '*/15 * * * *',
    run: digest,
  },
  'alerts.webhook': { group: 'webhooks', concurrency: 4, priority: 5, retried: true, run: deliverWebhook },
  'alerts.channel': { group: 'webhooks', concurrency: 4, priority: 5, retried: true, run: deliverToChannel },
} satisfies Record<string, JobKind>;
