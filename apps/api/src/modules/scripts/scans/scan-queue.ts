// Queueing a page's scan (by the API's "Scan now", the schedule or the demo), one queued or running
// per page: the job's name is the page's label, which is also how a pending scan is found.
import { z } from 'zod';
import type { Executor } from '../../../db/database.js';
import { queueJob } from '../../../platform/jobs/job-queue.js';

export const SCAN_JOB = 'scripts.scan';
export const SCHEDULE_JOB = 'scripts.schedule';

export const PAGE_LABEL = 'Script scan: page ';
export const pageLabel = (pageId: number) => `${PAGE_LABEL}${pageId}`;

/** A scan job's options: the page (the platform's scanner settings are the deployment's). */
export const scanJobOptions = z.object({ page_id: z.number().int().positive() });

/** The scan of the page queued or running, when there is one (the job's company is the page's). */
export function pendingScan(db: Executor, companyId: number, pageId: number) {
  return db
    .selectFrom('jobs as j')
    .select(['j.id as job_id', 'j.status'])
    .where('j.company_id', '=', companyId)
    .where('j.kind', '=', SCAN_JOB)
    .where('j.file_name', '=', pageLabel(pageId))
    .where('j.status', 'in', ['queued', 'running'])
    .orderBy('j.id', 'desc')
    .executeTakeFirst() as Promise<{ job_id: number; status: 'queued' | 'running' } | undefined>;
}

export interface QueueScan {
  companyId: number;
  pageId: number;
  createdBy: number | null;
  isDemo: boolean;
  now: Date;
  /** Below the imports' 0 for the demo's first scans, which wait for the demo blacklist. */
  priority?: number;
}

/** Queues a scan of the page (the caller checked that none is pending); the job's id. */
export async function queueScan(db: Executor, input: QueueScan): Promise<number> {
  return queueJob(db, {
    kind: SCAN_JOB,
    module: 'scripts',
    companyId: input.companyId,
    label: pageLabel(input.pageId),
    options: { page_id: input.pageId },
    priority: input.priority ?? 0,
    isDemo: input.isDemo,
    createdBy: input.createdBy,
    now: input.now,
  });
}
