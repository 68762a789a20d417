// What the operator status view reads of the job system: jobs by status over the last week, those
// running, the last failures (failed and dead, with their reasons), and every schedule with its
// last run's outcome and its next time.
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

const WEEK = 7 * 86_400_000;

export async function jobsOverview(db: Db, now: Date) {
  const since = new Date(now.getTime() - WEEK);
  const byStatus = await db
    .selectFrom('jobs')
    .select(['status', (eb) => eb.fn.countAll<string>().as('n')])
    .where((eb) => eb.or([eb('created_at', '>=', since), eb('status', 'in', ['queued', 'running'])]))
    .groupBy('status')
    .execute();
  const columns = [
    'j.id',
    'j.kind',
    'j.status',
    'j.error',
    'j.attempts',
    'j.max_attempts',
    'j.progress',
    'j.started_at',
    'j.finished_at',
    'c.name as company',
  ] as const;
  const running = await db
    .selectFrom('jobs as j')
    .leftJoin('companies as c', 'c.id', 'j.company_id')
    .select(columns)
    .where('j.status', '=', 'running')
    .orderBy('j.id')
    .limit(50)
    .execute();
  const failures = await db
    .selectFrom('jobs as j')
    .leftJoin('companies as c', 'c.id', 'j.company_id')
    .select(columns)
    .where('j.status', 'in', ['failed', 'dead'])
    .orderBy('j.finished_at', 'desc')
    .orderBy('j.id', 'desc')
    .limit(20)
    .execute();
  const schedules = await db
    .selectFrom('job_schedules as s')
    .leftJoin('companies as c', 'c.id', 's.company_id')
    .leftJoin('jobs as last', 'last.id', 's.last_job_id')
    .select([
      's.id',
      's.kind',
      's.cron',
      's.enabled',
      's.next_run_at',
      's.last_run_at',
      'c.name as company',
      'last.status as last_status',
      'last.error as last_error',
    ])
    .orderBy('s.kind')
    .orderBy('s.id')
    .execute();
  return {
    counts: Object.fromEntries(byStatus.map((row) => [row.status, Number(row.n)])),
    running,
    failures,
    schedules,
  };
}

/** Per company: the bytes of uploads waiting or running, and the findings it holds per module. */
export async function storageByCompany(db: Db) {
  const rows = await sql<{ id: number; name: string; pending_bytes: string; findings: string; open_jobs: string }>`
    select c.id, c.name,
      coalesce((select sum(j.file_size) from jobs j
        where j.company_id = c.id and j.status in ('uploading', 'queued', 'running')), 0) as pending_bytes,
      coalesce((select sum(s.n) from finding_stats s where s.company_id = c.id), 0) as findings,
      (select count(*) from jobs j where j.company_id = c.id and j.status in ('queued', 'running')) as open_jobs
    from companies c
    order by c.name`.execute(db);
  return rows.rows.map((r) => ({
    company_id: r.id,
    company: r.name,
    pending_upload_bytes: Number(r.pending_bytes),
    findings: Number(r.findings),
    open_jobs: Number(r.open_jobs),
  }));
}
