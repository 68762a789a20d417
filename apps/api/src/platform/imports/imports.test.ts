// Import jobs: upload rules, progress and counts, a job left running by a dead process is picked
// up after its lease, a stopped job resumes from its checkpoint without duplicates.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Executor } from '../../db/database.js';
import { kevCatalogue, nvdPage } from '../../modules/cves/cves.fixtures.js';
import { moduleRegistry } from '../../modules.js';
import { answerOf } from '../../testing/api.js';
import { importFile, newTenant, platformOperator, type Tenant, waitForImport } from '../../testing/monitoring.js';
import { openTestDatabase, type TestDatabase, testApp, type VigilApp } from '../../testing/test-app.js';
import { batchSizeOf } from './import-options.js';
import { runJob } from './import-runner.js';
import { claimJob, findJobRow, insertJob } from './imports.repository.js';

let database: TestDatabase;
let app: VigilApp;
let a: Tenant;

beforeAll(async () => {
  database = await openTestDatabase();
  ({ app } = await testApp(database));
  a = await newTenant(app, 'jobs');
});
afterAll(async () => {
  await app.close();
  await database.close();
});

function combolist(n: number, offset = 0): string {
  return Array.from({ length: n }, (_, i) => `user${i + offset}@${a.domain}:Password-${i + offset}`).join('\n');
}

/** A job as a worker would find it; a running one is never seen queued (the app's worker polls). */
async function queue(content: string, status: 'queued' | 'running' = 'queued', leaseMs = -1000) {
  return app.ctx.db.transaction().execute(async (trx) => {
    const job = await insertJob(
      trx,
      {
        company_id: a.companyId,
        kind: 'combolist',
        module: 'credentials',
        file_name: 'direct.txt',
        file_size: content.length,
        options: null,
        created_by: a.userId,
        created_at: app.ctx.clock.now(),
      },
      Buffer.from(content),
    );
    if (status === 'running') {
      await trx
        .updateTable('jobs')
        .set({ status: 'running', attempts: 1, lease_expires_at: new Date(app.ctx.clock.now().getTime() + leaseMs) })
        .where('id', '=', job.id)
        .execute();
    }
    return job.id;
  });
}

describe('uploads', () => {
  it('refuses an empty body, a JSON body and an unknown kind', async () => {
    const headers = { 'content-type': 'application/octet-stream' };
    const empty = await a.browser.post('/api/imports?kind=combolist&file_name=a.txt', Buffer.alloc(0), {
      token: a.token,
      headers,
    });
    expect(empty.statusCode).toBe(422);
    const asJson = await a.browser.post('/api/imports?kind=combolist&file_name=a.txt', { x: 1 }, { token: a.token });
    expect(asJson.statusCode).toBe(415);
    const kind = await a.browser.post('/api/imports?kind=zip&file_name=a.txt', Buffer.from('x'), {
      token: a.token,
      headers,
    });
    expect(kind.statusCode).toBe(422);
  });

  it('lists jobs with counts and shows rejects and log in the detail', async () => {
    const job = await importFile(app, a, 'combolist', 'small.txt', `${combolist(3)}\nnot a line`);
    expect(job).toMatchObject({
      status: 'succeeded',
      progress: 1,
      counts: { read: 4, added: 3, updated: 0, rejected: 1 },
    });
    expect(job.log.map((l) => l.message).at(-1)).toBe('Done: 4 read, 3 added, 0 updated, 1 rejected.');
    const list = answerOf('listImports', await a.browser.get('/api/imports?module=credentials', { token: a.token }));
    expect(list.data[0]).toMatchObject({ id: job.id, module: 'credentials' });
    const events = answerOf('listEvents', await a.browser.get('/api/events?kind=import.succeeded', { token: a.token }));
    expect(events.data[0]?.import_id).toBe(job.id);
  });
});

describe('the queue', () => {
  it('leaves a running job alone while its lease holds, and picks it up once the lease expired', async () => {
    const id = await queue(combolist(5, 100), 'running', 30_000);
    // The drain may run other jobs (a schedule that fell due, an earlier import's follow-up): not this one.
    await app.jobs.drain();
    expect(await findJobRow(app.ctx.db, id)).toMatchObject({ status: 'running', attempts: 1 });
    await app.ctx.db
      .updateTable('jobs')
      .set({ lease_expires_at: new Date(app.ctx.clock.now().getTime() - 1) })
      .where('id', '=', id)
      .execute();
    const done = await waitForImport(app, a, id);
    expect(done).toMatchObject({ status: 'succeeded', counts: { added: 5 } });
    expect((await findJobRow(app.ctx.db, id))?.attempts).toBe(2);
  });

  it('hands a job back on shutdown and resumes after its checkpoint without duplicates', async () => {
    const batch = batchSizeOf(moduleRegistry.importer('combolist'), database.kind);
    const lines = batch + batch / 5;
    const id = await queue(combolist(lines, 1000));
    const now = app.ctx.clock.now();
    const claimed = await claimJob(app.ctx, now, new Date(now.getTime() + 60_000));
    expect(claimed?.id).toBe(id);
    const stop = new AbortController();
    stop.abort();
    expect(await runJob(app.ctx, claimed ?? (await Promise.reject(new Error('no job'))), stop.signal)).toBe('released');
    const half = await a.browser.get(`/api/imports/${id}`, { token: a.token });
    const view = answerOf('getImport', half).data;
    expect(view.status).toBe('queued');
    expect(view.counts).toMatchObject({ read: batch, added: batch });
    expect(view.progress).toBeGreaterThan(0.7);
    expect(view.progress).toBeLessThan(0.95);
    const done = await waitForImport(app, a, id);
    expect(done.counts).toEqual({ read: lines, added: lines, updated: 0, rejected: 0 });
    const stored = await app.ctx.db
      .selectFrom('credential_findings')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('company_id', '=', a.companyId)
      .where('email', 'like', 'user%')
      .executeTakeFirstOrThrow();
    expect(Number(stored.n)).toBe(lines + 3 + 5);
  });

  it('a batch the database refuses stops the job there: what came before stays, nothing after is written', async () => {
    // 3.2 batches (16,000 lines on PostgreSQL); the second holds a line the database refuses while
    // the parser has read ahead into the third.
    const batch = batchSizeOf(moduleRegistry.importer('combolist'), database.kind);
    const lines = (batch * 16) / 5;
    const refused = `user${20_000 + (batch * 36) / 25}@${a.domain}`;
    await sql
      .raw(`create function refuse_line() returns trigger language plpgsql as $fn$
        begin if new.email = '${refused}' then raise exception 'refused by the test'; end if; return new; end $fn$`)
      .execute(app.ctx.db);
    await sql`create trigger refuse_line before insert on credential_findings for each row execute function refuse_line()`.execute(
      app.ctx.db,
    );
    const id = await queue(combolist(lines, 20_000));
    const failed = await waitForImport(app, a, id);
    expect(failed.status).toBe('failed');
    expect(failed.error).toMatch(new RegExp(`^Stopped at items ${batch + 1}–${2 * batch}: .*refused by the test`));
    expect(failed.counts).toMatchObject({ read: batch, added: batch });
    const stored = () =>
      app.ctx.db
        .selectFrom('credential_findings')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('company_id', '=', a.companyId)
        .where(sql<boolean>`email ~ '^user(2[0-9]{4}|3[0-5][0-9]{3})@'`)
        .executeTakeFirstOrThrow();
    expect(Number((await stored()).n)).toBe(batch);
    await sql`drop trigger refuse_line on credential_findings`.execute(app.ctx.db);
    await sql`drop function refuse_line`.execute(app.ctx.db);
    const again = await waitForImport(app, a, await queue(combolist(lines, 20_000)));
    expect(again.counts).toEqual({ read: lines, added: lines - batch, updated: batch, rejected: 0 });
    expect(Number((await stored()).n)).toBe(lines);
  });

  it('runs one CVE catalogue import at a time, while other imports go ahead', async () => {
    const catalogueJob = async (kind: 'nvd' | 'kev', content: string, db: Executor = app.ctx.db) =>
      (
        await insertJob(
          db,
          {
            company_id: null,
            kind,
            module: 'cves',
            file_name: `${kind}.json`,
            file_size: content.length,
            options: null,
            created_by: a.userId,
            created_at: app.ctx.clock.now(),
          },
          Buffer.from(content),
        )
      ).id;
    const now = app.ctx.clock.now();
    const lease = new Date(now.getTime() + 60_000);
    // Queued and marked running in one transaction: the background worker could otherwise claim it
    // (and finish it) in between, freeing the catalogue's group for the KEV import (a CI flake).
    const nvd = await app.ctx.db.transaction().execute(async (trx) => {
      const id = await catalogueJob('nvd', nvdPage([]), trx);
      await trx
        .updateTable('jobs')
        .set({ status: 'running', attempts: 1, lease_expires_at: lease })
        .where('id', '=', id)
        .execute();
      return id;
    });
    const kev = await catalogueJob(
      'kev',
      kevCatalogue([
        {
          cveID: 'CVE-2026-0001',
          vendorProject: 'acme',
          product: 'shop',
          dateAdded: '2026-11-01',
          dueDate: '2026-11-22',
        },
      ]),
    );
    const combo = await queue(combolist(3, 40_000));
    // The background worker may take the combolist first; the KEV import must wait either way.
    const claimed = await claimJob(app.ctx, now, lease);
    if (claimed) {
      expect(claimed.id).toBe(combo);
      expect(await runJob(app.ctx, claimed, new AbortController().signal)).toBe('succeeded');
    }
    expect((await findJobRow(app.ctx.db, kev))?.status).toBe('queued');
    expect((await waitForImport(app, a, combo)).status).toBe('succeeded');
    expect((await findJobRow(app.ctx.db, kev))?.status).toBe('queued');
    await app.ctx.db.updateTable('jobs').set({ status: 'succeeded' }).where('id', '=', nvd).execute();
    expect((await waitForImport(app, await platformOperator(app), kev)).status).toBe('succeeded');
  });

  it('gives up after three attempts', async () => {
    const id = await queue('x@y.example:z', 'running', -1);
    await app.ctx.db.updateTable('jobs').set({ attempts: 3 }).where('id', '=', id).execute();
    const done = await waitForImport(app, a, id);
    expect(done).toMatchObject({ status: 'failed', error: 'Gave up after 3 attempts.' });
  });
});
