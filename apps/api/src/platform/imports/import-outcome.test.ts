// An import tells the truth about what it kept: read nothing or kept nothing is `failed` with the
// reason (everywhere: the job, its log, the timeline event); kept some and rejected some is
// `succeeded` and partial, marked in the job, its log and its event.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerOf } from '../../testing/api.js';
import { importFile, newTenant, type Tenant } from '../../testing/monitoring.js';
import { openTestDatabase, type TestDatabase, testApp, type VigilApp } from '../../testing/test-app.js';
import { nothingKept } from './import-outcome.js';

let database: TestDatabase;
let app: VigilApp;
let a: Tenant;

beforeAll(async () => {
  database = await openTestDatabase();
  ({ app } = await testApp(database));
  a = await newTenant(app, 'outcome');
});
afterAll(async () => {
  await app.close();
  await database.close();
});

async function eventOf(jobId: number) {
  const response = await a.browser.get('/api/events?page_size=100', { token: a.token });
  expect(response.statusCode, response.body).toBe(200);
  return answerOf('listEvents', response).data.find((e) => e.import_id === jobId);
}

describe('the outcome of an import', () => {
  it('fails a file whose every record was rejected, quoting the first reject, and tells the timeline so', async () => {
    const job = await importFile(app, a, 'combolist', 'garbage.txt', 'not an account\nnor this one\n');
    expect(job.status).toBe('failed');
    expect(job.partial).toBe(false);
    expect(job.counts).toMatchObject({ read: 2, added: 0, rejected: 2 });
    expect(job.error).toMatch(/^Nothing was kept: all 2 records were rejected\. First: garbage\.txt line 1: /);
    const event = await eventOf(job.id);
    expect(event?.kind).toBe('import.failed');
    expect(event?.title).toContain('Nothing was kept');
  });

  it('fails a file in which nothing is read, saying what the kind expects', async () => {
    const job = await importFile(app, a, 'combolist', 'blank.txt', '\n# only a comment\n\n');
    expect(job.status).toBe('failed');
    expect(job.counts.read).toBe(0);
    expect(job.error).toMatch(/^No records found: expected .+\.$/);
    expect((await eventOf(job.id))?.kind).toBe('import.failed');
  });

  it('fails a file whose every record is outside the company, saying so', async () => {
    const job = await importFile(
      app,
      a,
      'combolist',
      'others.txt',
      'x@elsewhere.example:pw1\ny@elsewhere.example:pw2\n',
    );
    expect(job.status).toBe('failed');
    expect(job.error).toBe("Nothing was kept: all 2 records read were records outside the company's domains.");
  });

  it('marks a file that kept some and rejected some as partial: the job, its log, its event', async () => {
    const lines = [`one@${a.domain}:Secret-1`, 'garbage', `two@${a.domain}:Secret-2`].join('\n');
    const job = await importFile(app, a, 'combolist', 'mixed.txt', lines);
    expect(job).toMatchObject({ status: 'succeeded', partial: true, counts: { read: 3, added: 2, rejected: 1 } });
    expect(job.log.map((l) => `${l.level} ${l.message}`)).toContain(
      'warn Partial: 1 of 3 records were rejected (see the rejects); the rest was kept.',
    );
    const event = await eventOf(job.id);
    expect(event?.kind).toBe('import.succeeded');
    expect(event?.title).toContain('partial: 1 of 3 records rejected');
    expect(event?.details).toMatchObject({ partial: true, rejected: 1, read: 3 });
    const list = answerOf(
      'listImports',
      await a.browser.get('/api/imports?kind=combolist&page_size=10', { token: a.token }),
    );
    expect(list.data.find((j) => j.id === job.id)?.partial).toBe(true);
  });

  it('keeps a complete import unmarked', async () => {
    const job = await importFile(app, a, 'combolist', 'clean.txt', `three@${a.domain}:Secret-3\n`);
    expect(job).toMatchObject({ status: 'succeeded', partial: false });
  });
});

describe('nothingKept', () => {
  const words = { expects: 'lines', ignoredAs: 'CVEs not in the catalogue' };
  it('names a whole-file refusal before the first reject', () => {
    const first = { file_path: 'a', line: 0, reason: 'This is a gitleaks 7 report' };
    expect(nothingKept({ read: 1, kept: 0, rejected: 1, ignored: 0 }, words, first, 'This is X.')).toBe('This is X.');
  });
  it('uses the kind words for what was read and not kept', () => {
    expect(nothingKept({ read: 5, kept: 0, rejected: 1, ignored: 4 }, words, undefined, undefined)).toBe(
      'Nothing was kept: all 4 records read were CVEs not in the catalogue (and 1 rejected).',
    );
  });
  it('lets an unchanged re-import succeed (records read, none new, none ignored)', () => {
    expect(nothingKept({ read: 5, kept: 0, rejected: 0, ignored: 0 }, words, undefined, undefined)).toBeNull();
  });
});
