// Reports: who may ask for, read, download and delete them; periods checked; each company's reports
// its own; the print token (one use, this report only, minutes, while rendering); the print data
// in the report's company; a rendering that cannot reach the print view fails with its reason; the
// monthly schedule (recipients are active members; last month's report queued once, e-mailed
// through the outbox with the PDF attached). The PDF itself is rendered in apps/web/e2e/report.spec.ts.
import { describe, expect, it } from 'vitest';
import type { ManualClock } from '../../shared/clock.js';
import { DAY } from '../../shared/clock.js';
import { answerOf, validationOf } from '../../testing/api.js';
import { newTenant, queueTask, settleJobs, type Tenant, tenantFixture } from '../../testing/monitoring.js';
import { startSmtpReceiver } from '../../testing/smtp-receiver.js';
import { openTestDatabase, testApp } from '../../testing/test-app.js';
import { upsertFindings } from '../findings/findings.ingest.js';
import { queueMail } from '../mail/mail.repository.js';
import { previousMonth } from './reports.jobs.js';
import { reportMail } from './reports.mail.js';
import { issuePrintToken, PRINT_TOKEN_MS } from './reports.repository.js';

const fixture = tenantFixture('reports');
const day = (date: Date) => date.toISOString().slice(0, 10);

async function ask(who: Tenant, body: Record<string, unknown>) {
  return who.browser.post('/api/reports', body, { token: who.token });
}

async function created(who: Tenant, days = 30, language = 'en') {
  const now = fixture.app.ctx.clock.now();
  const response = await ask(who, { from: day(new Date(now.getTime() - days * DAY)), to: day(now), language });
  expect(response.statusCode, response.body).toBe(201);
  return answerOf('createReport', response);
}

async function listOf(who: Tenant) {
  return answerOf('listReports', await who.browser.get('/api/reports', { token: who.token })).data;
}

const dataWith = (id: number, token: string) =>
  fixture.app.inject({ method: 'GET', url: `/api/reports/${id}/data`, headers: { 'x-report-token': token } });

describe('asking for a report', () => {
  it('queues it with its rendering job, named after who asked, and lists it newest first', async () => {
    const { tenant } = fixture;
    const report = await created(tenant);
    expect(report).toMatchObject({
      status: 'queued',
      requested_by: expect.stringContaining('Analyst'),
      scheduled: false,
    });
    const job = await fixture.app.ctx.db
      .selectFrom('jobs')
      .select(['kind', 'company_id', 'options'])
      .where('kind', '=', 'reports.render')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(job).toMatchObject({ company_id: tenant.companyId, options: JSON.stringify({ report_id: report.id }) });
    expect((await listOf(tenant))[0]?.id).toBe(report.id);
  });

  it('refuses periods that end before they start, end after today, or last more than a year', async () => {
    const { tenant } = fixture;
    const today = fixture.app.ctx.clock.now();
    const cases: [Record<string, unknown>, string][] = [
      [{ from: day(today), to: day(new Date(today.getTime() - DAY)), language: 'en' }, 'to'],
      [{ from: day(today), to: day(new Date(today.getTime() + DAY)), language: 'en' }, 'to'],
      [{ from: day(new Date(today.getTime() - 400 * DAY)), to: day(today), language: 'en' }, 'from'],
      [{ from: day(today), to: day(today), language: 'xx' }, 'language'],
      [{ from: 'yesterday', to: day(today), language: 'en' }, 'from'],
    ];
    for (const [body, field] of cases) {
      const response = await ask(tenant, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(Object.keys(validationOf(response).errors)).toContain(field);
    }
  });

  it('lets a viewer read the history but not ask, and only an administrator delete', async () => {
    const { app, tenant } = fixture;
    const viewer = await newTenant(app, 'reports', { join: tenant, role: 'viewer' });
    const admin = await newTenant(app, 'reports', { join: tenant, role: 'administrator' });
    const report = await created(tenant);
    expect((await listOf(viewer)).map((r) => r.id)).toContain(report.id);
    expect((await ask(viewer, { from: report.period_from, to: report.period_to, language: 'en' })).statusCode).toBe(
      403,
    );
    const byAnalyst = await tenant.browser.call('DELETE', `/api/reports/${report.id}`, { token: tenant.token });
    expect(byAnalyst.statusCode).toBe(403);
    const byAdmin = await admin.browser.call('DELETE', `/api/reports/${report.id}`, { token: admin.token });
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    expect((await listOf(tenant)).map((r) => r.id)).not.toContain(report.id);
  });

  it("never shows, serves or deletes another company's report", async () => {
    const { app, tenant } = fixture;
    const report = await created(tenant);
    const other = await newTenant(app, 'reports-other', { role: 'administrator' });
    expect((await listOf(other)).map((r) => r.id)).not.toContain(report.id);
    await app.ctx.db
      .updateTable('reports')
      .set({ status: 'done', pdf: Buffer.from('%PDF-1.7 test') })
      .where('id', '=', report.id)
      .execute();
    expect((await other.browser.get(`/api/reports/${report.id}/pdf`, { token: other.token })).statusCode).toBe(404);
    expect((await other.browser.call('DELETE', `/api/reports/${report.id}`, { token: other.token })).statusCode).toBe(
      404,
    );
    const own = await tenant.browser.get(`/api/reports/${report.id}/pdf`, { token: tenant.token });
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('application/pdf');
    expect(own.headers['content-disposition']).toMatch(/^attachment; filename="vigil-report-\d+-[\d-]+\.pdf"$/);
    expect(own.body).toBe('%PDF-1.7 test');
  });

  it('answers 404 for the PDF of a report that is not done', async () => {
    const report = await created(fixture.tenant);
    const response = await fixture.tenant.browser.get(`/api/reports/${report.id}/pdf`, { token: fixture.tenant.token });
    expect(response.statusCode).toBe(404);
  });
});

describe('the print token', () => {
  it('opens its own report once, within minutes, while it renders, with that company’s data only', async () => {
    const { app, tenant } = fixture;
    const now = app.ctx.clock.now();
    const scope = { module: 'credentials', jobId: null, isDemo: false, now };
    await upsertFindings(app.ctx.db, { ...scope, companyId: tenant.companyId }, [
      { fingerprint: 'report-test:1', title: 'Leaked password of ceo@example', severity: 'critical', seenAt: now },
    ]);
    const other = await newTenant(app, 'reports-foreign');
    await upsertFindings(app.ctx.db, { ...scope, companyId: other.companyId }, [
      { fingerprint: 'report-test:foreign', title: 'FOREIGN-MARKER finding', severity: 'critical', seenAt: now },
    ]);
    const report = await created(tenant, 7, 'de');
    const second = await created(tenant, 7);
    expect((await dataWith(report.id, 'not-a-token')).statusCode).toBe(404);
    // Queued: no token is out yet, so none opens it.
    const token = await issuePrintToken(app.ctx.db, report.id, app.ctx.clock.now());
    expect((await dataWith(second.id, token)).statusCode).toBe(404);
    const opened = await dataWith(report.id, token);
    expect(opened.statusCode, opened.body).toBe(200);
    const data = answerOf('getReportData', opened);
    expect(data.report).toMatchObject({ language: 'de', company: expect.stringContaining('Company reports') });
    expect(data.totals.open_by_severity.critical).toBeGreaterThanOrEqual(1);
    expect(data.modules.find((m) => m.module === 'credentials')?.top.map((f) => f.title)).toContain(
      'Leaked password of ceo@example',
    );
    expect(opened.body).not.toContain('FOREIGN-MARKER');
    // Used once.
    expect((await dataWith(report.id, token)).statusCode).toBe(404);
    // Expired after its minutes.
    const late = await issuePrintToken(app.ctx.db, report.id, app.ctx.clock.now());
    (app.ctx.clock as ManualClock).advance(PRINT_TOKEN_MS + 1000);
    expect((await dataWith(report.id, late)).statusCode).toBe(404);
    // Not once the report is done.
    const done = await issuePrintToken(app.ctx.db, report.id, app.ctx.clock.now());
    await app.ctx.db.updateTable('reports').set({ status: 'done' }).where('id', '=', report.id).execute();
    expect((await dataWith(report.id, done)).statusCode).toBe(404);
    // Stored hashed only.
    const row = await app.ctx.db
      .selectFrom('reports')
      .select('print_token_hash')
      .where('id', '=', report.id)
      .executeTakeFirstOrThrow();
    expect(row.print_token_hash).not.toBe(done);
  });

  it('is refused without its header, with a 422', async () => {
    const response = await fixture.app.inject({ method: 'GET', url: '/api/reports/1/data' });
    expect(response.statusCode).toBe(422);
  });
});

describe('rendering', () => {
  it('fails the report with the reason when the print view cannot be reached', async () => {
    const { app, tenant } = fixture;
    const report = await created(tenant);
    // The app's own worker may hold the job while the drain finds nothing to claim: wait for its end.
    let after: Awaited<ReturnType<typeof listOf>>[number] | undefined;
    for (let i = 0; i < 120 && after?.status !== 'failed'; i += 1) {
      await app.jobs.drain();
      after = (await listOf(tenant)).find((r) => r.id === report.id);
      if (after?.status !== 'failed') await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(after?.status).toBe('failed');
    expect(after?.error).toMatch(/ERR_CONNECTION_REFUSED|did not finish/);
    const row = await app.ctx.db
      .selectFrom('reports')
      .select('print_token_hash')
      .where('id', '=', report.id)
      .executeTakeFirstOrThrow();
    expect(row.print_token_hash).toBeNull();
  }, 60_000);
});

describe('the monthly schedule', () => {
  it('takes active members of the company as recipients, and needs one to be on', async () => {
    const { app, tenant } = fixture;
    const admin = await newTenant(app, 'reports', { join: tenant, role: 'administrator' });
    const stranger = await newTenant(app, 'reports-stranger');
    const put = (body: Record<string, unknown>, who: Tenant = admin) =>
      who.browser.call('PUT', '/api/report-schedule', { token: who.token, body });
    expect((await put({ enabled: true, language: 'fr', recipient_ids: [] })).statusCode).toBe(422);
    const foreign = await put({ enabled: true, language: 'fr', recipient_ids: [stranger.userId] });
    expect(foreign.statusCode).toBe(422);
    expect(validationOf(foreign).errors.recipient_ids).toBeDefined();
    expect((await put({ enabled: true, language: 'fr', recipient_ids: [admin.userId] }, tenant)).statusCode).toBe(403);
    const on = await put({ enabled: true, language: 'fr', recipient_ids: [admin.userId, tenant.userId] });
    expect(on.statusCode, on.body).toBe(200);
    const schedule = answerOf('updateReportSchedule', on);
    expect(schedule).toMatchObject({ enabled: true, language: 'fr' });
    expect(schedule.recipients.map((r) => r.user_id).sort()).toEqual([admin.userId, tenant.userId].sort());
    expect(new Date(schedule.next_run_at ?? '').getUTCDate()).toBe(1);
    const read = await tenant.browser.get('/api/report-schedule', { token: tenant.token });
    expect(answerOf('getReportSchedule', read)).toEqual(schedule);
  });

  it("queues last month's report once per due schedule, for the mail, in the schedule's language", async () => {
    const database = await openTestDatabase();
    const { app, clock } = await testApp(database);
    try {
      const admin = await newTenant(app, 'reports-monthly', { role: 'administrator' });
      const on = await admin.browser.call('PUT', '/api/report-schedule', {
        token: admin.token,
        body: { enabled: true, language: 'es', recipient_ids: [admin.userId] },
      });
      expect(on.statusCode, on.body).toBe(200);
      // Turned on this month: nothing is due before next month.
      await queueTask(app, 'reports.monthly');
      await settleJobs(app, { kind: 'reports.monthly', pauseMs: 250, withinMs: 60_000 });
      const reports = () =>
        app.ctx.db.selectFrom('reports').selectAll().where('company_id', '=', admin.companyId).execute();
      expect(await reports()).toEqual([]);
      clock.advance(32 * DAY);
      await queueTask(app, 'reports.monthly');
      await queueTask(app, 'reports.monthly');
      await settleJobs(app, { kind: 'reports.monthly', pauseMs: 250, withinMs: 60_000 });
      const made = await reports();
      expect(made).toHaveLength(1);
      const period = previousMonth(clock.now());
      expect(made[0]).toMatchObject({ scheduled: true, language: 'es', requested_by: null });
      const job = await app.ctx.db
        .selectFrom('jobs')
        .select('options')
        .where('id', '=', made[0]?.job_id ?? 0)
        .executeTakeFirst();
      expect(JSON.parse(job?.options ?? '{}')).toEqual({ report_id: made[0]?.id, mail: true });
      expect(day(made[0]?.period_from as Date)).toBe(period.from);
      expect(day(made[0]?.period_to as Date)).toBe(period.to);
    } finally {
      await app.close();
      await database.close();
    }
  }, 60_000);

  it('delivers the report e-mail with the PDF attached through SMTP', async () => {
    const smtp = await startSmtpReceiver();
    const database = await openTestDatabase();
    const { app } = await testApp(database, { env: { SMTP_URL: smtp.url } });
    try {
      const pdf = Buffer.from('%PDF-1.7 monthly report bytes');
      const message = reportMail(
        { email: 'ciso@reports.example', name: 'Ana' },
        { language: 'pt-br', company: 'ACME', from: '2026-10-01', to: '2026-10-31', pdf },
        'http://vigil.example/report',
      );
      await queueMail(app.ctx.db, message, app.ctx.clock.now());
      await app.mail.flush();
      expect(smtp.received).toHaveLength(1);
      const data = smtp.received[0]?.data ?? '';
      expect(data).toContain('Subject: =?UTF-8?Q?Relat=C3=B3rio_Vigil_de_ACME');
      expect(data).toContain('filename=vigil-report-2026-10-01-2026-10-31.pdf');
      expect(data).toContain(pdf.toString('base64'));
      const row = await app.ctx.db
        .selectFrom('outbox_messages')
        .select(['attachment', 'sent_at'])
        .executeTakeFirstOrThrow();
      expect(row.sent_at).not.toBeNull();
      expect(row.attachment).toBeNull();
    } finally {
      await app.close();
      await database.close();
      await smtp.close();
    }
  });
});
