// Uploads are stored as they arrive, in chunks, over real HTTP on 127.0.0.1: a 128 MiB upload
// imports with the server's memory far below its size; a job is never claimable before its file
// is complete; an aborted upload leaves nothing; the upload limit and the company's storage quota
// answer 413 with their reason.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerOf, errorOf } from '../../testing/api.js';
import { newTenant, type Tenant, waitForImport } from '../../testing/monitoring.js';
import { openTestDatabase, type TestDatabase, testApp, type VigilApp } from '../../testing/test-app.js';
import { generatedCombolist, httpUpload } from '../../testing/uploads.js';
import { beginUpload, sweepUploads } from './import-files.repository.js';
import { claimJob } from './imports.repository.js';

const MIB = 1024 * 1024;
let database: TestDatabase;
let app: VigilApp;
let a: Tenant;

beforeAll(async () => {
  database = await openTestDatabase();
  ({ app } = await testApp(database));
  await app.listen({ host: '127.0.0.1', port: 0 });
  a = await newTenant(app, 'uploads');
});
afterAll(async () => {
  await app.close();
  await database.close();
});

async function jobsOf(tenant: Tenant) {
  return app.ctx.db.selectFrom('jobs').select(['id', 'status']).where('company_id', '=', tenant.companyId).execute();
}

async function storedChunks(): Promise<number> {
  const result = await sql<{ n: string }>`select count(*) as n from import_file_chunks`.execute(app.ctx.db);
  return Number(result.rows[0]?.n);
}

// A full collection before each sample, so the figure is what the server holds, not garbage.
setFlagsFromString('--expose-gc');
const collect: unknown = runInNewContext('gc');

/** Server memory the JavaScript of the request path holds (heap and buffers), sampled. */
function sampleMemory() {
  const read = () => {
    if (typeof collect === 'function') collect();
    const usage = process.memoryUsage();
    return usage.heapUsed + usage.arrayBuffers;
  };
  const baseline = read();
  let peak = baseline;
  const timer = setInterval(() => {
    peak = Math.max(peak, read());
  }, 500);
  return {
    stop() {
      clearInterval(timer);
      return peak - baseline;
    },
  };
}

describe('a 128 MiB upload', () => {
  it('is stored and imported with the server memory far below its size', { timeout: 240_000 }, async () => {
    const memory = sampleMemory();
    const sent = await httpUpload(app, a, 'kind=combolist&file_name=big.txt', generatedCombolist(128, a.domain));
    expect(sent.status, sent.body).toBe(202);
    const id = answerOf('createImport', sent).data.id;
    const done = await waitForImport(app, a, id);
    const growth = memory.stop();
    expect(done.status, done.error ?? '').toBe('succeeded');
    expect(done.counts).toMatchObject({ read: 128, added: 128, rejected: 0 });
    // The whole-file code held the body (128 MiB) and a string of it; now a few 1 MiB chunks and the
    // driver's buffers (PostgreSQL: 25 MiB at 64 MiB, 31 at 128). 128 MiB proves it as 200 did, in
    // about half the time.
    expect(growth).toBeLessThan(48 * MIB);
  });
});

describe('job and file together', () => {
  it('a job is not claimable, nor listed, until its last chunk is stored', { timeout: 60_000 }, async () => {
    const b = await newTenant(app, 'together');
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    async function* slowly() {
      yield* generatedCombolist(3, b.domain);
      await gate;
      yield Buffer.from(`late@${b.domain}:Late-1\n`);
    }
    const sending = httpUpload(app, b, 'kind=combolist&file_name=slow.txt', slowly());
    // Wait until the first chunks are stored, then try to claim.
    for (let i = 0; i < 200 && (await jobsOf(b)).length === 0; i += 1) await new Promise((r) => setTimeout(r, 25));
    expect(await jobsOf(b)).toEqual([{ id: expect.any(Number), status: 'uploading' }]);
    const now = app.ctx.clock.now();
    expect(await claimJob(app.ctx, now, new Date(now.getTime() + 60_000))).toBeUndefined();
    const listed = answerOf('listImports', await b.browser.get('/api/imports', { token: b.token }));
    expect(listed.data).toEqual([]);
    release();
    const sent = await sending;
    expect(sent.status, sent.body).toBe(202);
    const done = await waitForImport(app, b, answerOf('createImport', sent).data.id);
    expect(done.counts).toMatchObject({ read: 4, added: 4 });
  });

  it('an upload aborted half-way leaves no job and no stored bytes', { timeout: 60_000 }, async () => {
    const c = await newTenant(app, 'aborted');
    const before = await storedChunks();
    const sent = await httpUpload(app, c, 'kind=combolist&file_name=cut.txt', generatedCombolist(5, c.domain), {
      contentLength: 5 * MIB,
      abortAfter: Math.floor(2.5 * MIB),
    });
    expect(sent.status).toBe(0);
    for (let i = 0; i < 200 && (await jobsOf(c)).length > 0; i += 1) await new Promise((r) => setTimeout(r, 25));
    expect(await jobsOf(c)).toEqual([]);
    expect(await storedChunks()).toBe(before);
  });
  it('the sweep removes an upload a dead server left half-written, once its upload lease ran out', async () => {
    const f = await newTenant(app, 'swept');
    const now = app.ctx.clock.now();
    const job = (name: string) => ({
      company_id: f.companyId,
      kind: 'combolist' as const,
      module: 'credentials',
      file_name: name,
      file_size: 0,
      options: null,
      created_by: f.userId,
      created_at: now,
    });
    const dead = await beginUpload(app.ctx.db, job('dead.txt'), Buffer.alloc(10), new Date(now.getTime() - 1), 1e12);
    const alive = await beginUpload(
      app.ctx.db,
      job('alive.txt'),
      Buffer.alloc(10),
      new Date(now.getTime() + 60_000),
      1e12,
    );
    expect(await sweepUploads(app.ctx.db, now)).toBe(1);
    expect((await jobsOf(f)).map((j) => j.id)).toEqual([alive]);
    expect(dead).not.toBe(alive);
  });
});

describe('limits', () => {
  it('refuses an upload over the limit with 413, before reading it when it says its length', async () => {
    const small = await testApp(database, { limits: { uploadBytes: 2 * MIB } });
    await small.app.listen({ host: '127.0.0.1', port: 0 });
    const d = await newTenant(small.app, 'limit');
    const declared = await httpUpload(small.app, d, 'kind=combolist&file_name=x.txt', Buffer.alloc(3 * MIB, 0x41));
    expect(declared.status).toBe(413);
    expect(errorOf(declared).message).toBe('The file is larger than 2 MiB, the upload limit.');
    // Without a length (chunked), the count of bytes received stops it: nothing is kept.
    const chunked = await httpUpload(small.app, d, 'kind=combolist&file_name=x.txt', generatedCombolist(4, d.domain));
    expect(chunked.status).toBe(413);
    expect(await jobsOf(d)).toEqual([]);
    await small.app.close();
  });

  it("answers 413 when the company's pending uploads would pass its storage quota", async () => {
    const quota = await testApp(database, { limits: { uploadQuotaBytes: 3 * MIB } });
    await quota.app.jobs.close(); // the first upload stays pending
    const e = await newTenant(quota.app, 'quota');
    const upload = (name: string) =>
      e.browser.post(`/api/imports?kind=combolist&file_name=${name}`, Buffer.alloc(2 * MIB, 0x41), {
        token: e.token,
        headers: { 'content-type': 'application/octet-stream' },
      });
    expect((await upload('one.txt')).statusCode).toBe(202);
    const refused = await upload('two.txt');
    expect(refused.statusCode).toBe(413);
    expect(refused.headers.connection).toBe('close');
    expect(errorOf(refused).message).toBe(
      "Your company's uploads waiting to be imported would exceed its 3 MiB of storage; wait for them to finish, then upload again.",
    );
    expect((await jobsOf(e)).length).toBe(1);
    await quota.app.close();
  });
});
