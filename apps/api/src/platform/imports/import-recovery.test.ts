// A job is given up after one crash of the process that ran it (a file that crashes the server
// must not crash it in a loop), yet a job that committed progress before its process died
// resumes; a failed job's stored file is deleted.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerOf } from '../../testing/api.js';
import { type ImportView, newTenant, type Tenant } from '../../testing/monitoring.js';
import { openTestDatabase, type TestDatabase, testApp, type VigilApp } from '../../testing/test-app.js';
import { createJobWorker, type JobWorker } from '../jobs/job-worker.js';
import { runJob } from './import-runner.js';
import { claimJob, findJobRow, insertJob } from './imports.repository.js';

let database: TestDatabase;
let app: VigilApp;
let a: Tenant;
let worker: JobWorker;

beforeAll(async () => {
  database = await openTestDatabase();
  ({ app } = await testApp(database));
  // This file drives the queue itself: the app's background worker is stopped, this one never polls.
  await app.jobs.close();
  worker = createJobWorker(app.ctx, app.log);
  a = await newTenant(app, 'recovery');
});
afterAll(async () => {
  await app.close();
  await database.close();
});

function combolist(n: number, offset = 0): string {
  return Array.from({ length: n }, (_, i) => `user${i + offset}@${a.domain}:Password-${i + offset}`).join('\n');
}

async function queue(content: string, kind: 'combolist' | 'nvd' = 'combolist') {
  const job = await insertJob(
    app.ctx.db,
    {
      company_id: a.companyId,
      kind,
      module: kind === 'nvd' ? 'cves' : 'credentials',
      file_name: kind === 'nvd' ? 'page.json' : 'list.txt',
      file_size: content.length,
      options: null,
      created_by: a.userId,
      created_at: app.ctx.clock.now(),
    },
    Buffer.from(content),
  );
  return job.id;
}

async function claim(id: number) {
  const now = app.ctx.clock.now();
  const claimed = await claimJob(app.ctx, now, new Date(now.getTime() + 60_000));
  expect(claimed?.id).toBe(id);
  if (!claimed) throw new Error('nothing claimed');
  return claimed;
}

/** What a process killed while it ran the job leaves: the job running under a lease that ran out. */
async function dieWith(id: number) {
  await app.ctx.db
    .updateTable('jobs')
    .set({ status: 'running', lease_expires_at: new Date(app.ctx.clock.now().getTime() - 1) })
    .where('id', '=', id)
    .execute();
}

/** Runs what is runnable, then the job as the API shows it. */
async function waitForImport(_app: VigilApp, who: Tenant, id: number): Promise<ImportView> {
  await worker.drain();
  return answerOf('getImport', await who.browser.get(`/api/imports/${id}`, { token: who.token })).data;
}

async function storedFiles(id: number): Promise<number> {
  const result = await sql<{ n: string }>`select count(*) as n from import_file_chunks where job_id = ${id}`.execute(
    app.ctx.db,
  );
  return Number(result.rows[0]?.n);
}

describe('a job whose process died', () => {
  it('is given up after one crash when it had committed nothing in that attempt', async () => {
    const id = await queue(combolist(3));
    await claim(id);
    await dieWith(id);
    const done = await waitForImport(app, a, id);
    expect(done.status).toBe('failed');
    expect(done.error).toBe(
      'The server stopped during attempt 1 before this import committed anything (a crash or a restart); it is not tried again, so that a file that crashes the server cannot do it again. Upload it again to retry.',
    );
    expect((await findJobRow(app.ctx.db, id))?.attempts).toBe(1);
    expect(done.counts.added).toBe(0);
  });

  it('resumes after its checkpoint when it had committed progress in that attempt', async () => {
    const id = await queue(combolist(6_000, 1_000));
    const claimed = await claim(id);
    const stop = new AbortController();
    stop.abort();
    // The first batch commits, then the process "dies" instead of handing the job back.
    expect(await runJob(app.ctx, claimed, stop.signal)).toBe('released');
    await dieWith(id);
    const done = await waitForImport(app, a, id);
    expect(done.status).toBe('succeeded');
    expect(done.counts).toEqual({ read: 6_000, added: 6_000, updated: 0, rejected: 0 });
    expect((await findJobRow(app.ctx.db, id))?.attempts).toBe(2);
  });
});

describe('stored files', () => {
  it('are deleted when the job fails, as when it succeeds', async () => {
    const failed = await queue('not json at all', 'nvd');
    expect((await waitForImport(app, a, failed)).status).toBe('failed');
    expect(await storedFiles(failed)).toBe(0);
    const succeeded = await queue(combolist(2, 50_000));
    expect((await waitForImport(app, a, succeeded)).status).toBe('succeeded');
    expect(await storedFiles(succeeded)).toBe(0);
  });
});
