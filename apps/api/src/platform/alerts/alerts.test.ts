// Alert rules and what imports raise: one alert per rule and import (a summary beyond the
// threshold, never a storm), the digest once a day at the rule's hour in its time zone, each
// user's rules their own, and nothing more for a user removed from the company.
import { describe, expect, it } from 'vitest';
import { HOUR, type ManualClock, MINUTE } from '../../shared/clock.js';
import { addRule, alertsOf, combolist, mailsTo, settle } from '../../testing/alerts.js';
import { answerOf, validationOf } from '../../testing/api.js';
import { importFile, newTenant, queueTask, tenantFixture } from '../../testing/monitoring.js';
import { upsertFindings } from '../findings/findings.ingest.js';
import { type AlertDetails, headline } from './alert-payloads.js';
import { queuePlatformEvaluations } from './alerts.queue.js';
import { findingLink, SUMMARY_THRESHOLD, SUMMARY_TOP } from './alerts.raise.js';

const fixture = tenantFixture('alerts');

describe('alert rules', () => {
  it('lets any role, a viewer too, manage its own rules, and checks what they hold', async () => {
    const { app, tenant } = fixture;
    const viewer = await newTenant(app, 'alerts', { join: tenant, role: 'viewer' });
    const id = await addRule(viewer, { modules: ['credentials'], delivery: 'digest', digest_hour: 8 });
    const listed = await viewer.browser.get('/api/alerts/rules', { token: viewer.token });
    expect(answerOf('listAlertRules', listed).data).toEqual([
      expect.objectContaining({ id, modules: ['credentials'], digest_hour: 8, time_zone: 'Europe/Paris' }),
    ]);
    const changed = await viewer.browser.call('PUT', `/api/alerts/rules/${id}`, {
      token: viewer.token,
      body: {
        modules: null,
        min_severity: 'critical',
        delivery: 'instant',
        time_zone: 'America/Sao_Paulo',
        email: true,
        webhooks: false,
      },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(answerOf('updateAlertRule', changed).data).toMatchObject({
      digest_hour: null,
      min_severity: 'critical',
    });
    // Not another member's rule, even in the same company.
    const other = await tenant.browser.call('DELETE', `/api/alerts/rules/${id}`, { token: tenant.token });
    expect(other.statusCode).toBe(404);
    expect(
      answerOf('listAlertRules', await tenant.browser.get('/api/alerts/rules', { token: tenant.token })).data,
    ).toEqual([]);
    const bad = await viewer.browser.post(
      '/api/alerts/rules',
      {
        modules: ['nope'],
        min_severity: 'high',
        delivery: 'digest',
        time_zone: 'Mars/Olympus',
        email: false,
        webhooks: false,
      },
      { token: viewer.token },
    );
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(validationOf(bad).errors).sort()).toEqual(['digest_hour', 'email', 'modules', 'time_zone']);
    const deleted = await viewer.browser.call('DELETE', `/api/alerts/rules/${id}`, { token: viewer.token });
    expect(deleted.statusCode).toBe(200);
  });

  it('refuses webhooks to a viewer and an analyst (administrators only)', async () => {
    const { app, tenant } = fixture;
    for (const role of ['viewer', 'analyst'] as const) {
      const member = await newTenant(app, 'alerts', { join: tenant, role });
      expect((await member.browser.get('/api/alerts/webhooks', { token: member.token })).statusCode).toBe(403);
      const create = await member.browser.post(
        '/api/alerts/webhooks',
        { url: 'http://127.0.0.1:9/hook', format: 'json' },
        { token: member.token },
      );
      expect(create.statusCode).toBe(403);
    }
  });
});

describe('alerts raised by imports', () => {
  it('raises one summary alert for a 500-line import, one e-mail, not 500', async () => {
    const { app } = fixture;
    const admin = await newTenant(app, 'big', { role: 'administrator' });
    const ruleId = await addRule(admin);
    const job = await importFile(app, admin, 'combolist', 'big.txt', combolist(admin.domain, 500));
    expect(job.counts.added).toBe(500);
    await settle(app);
    const alerts = await alertsOf(app, ruleId);
    expect(alerts).toHaveLength(1);
    const details = JSON.parse(alerts[0]?.details ?? '{}') as AlertDetails;
    expect(details).toMatchObject({ kind: 'summary', module: 'credentials', total: 500 });
    expect(details.by_severity.high).toBe(500);
    expect(details.findings).toHaveLength(SUMMARY_TOP);
    expect(details.link).toBe('http://127.0.0.1:3999/credentials?status=new');
    const mails = await mailsTo(app, admin.email);
    const alertMails = mails.filter((m) => m.subject.startsWith('Vigil: 500 new findings'));
    expect(alertMails).toHaveLength(1);
    expect(alertMails[0]?.text_body).toContain('…and 495 more.');
    // The same file again finds nothing new: no second alert.
    await importFile(app, admin, 'combolist', 'big-again.txt', combolist(admin.domain, 500));
    await settle(app);
    expect(await alertsOf(app, ruleId)).toHaveLength(1);
  });

  it('lists each finding up to the threshold, filters by module and severity, and tells only its company', async () => {
    const { app } = fixture;
    const a = await newTenant(app, 'small', { role: 'administrator' });
    const b = await newTenant(app, 'other', { role: 'administrator' });
    const listing = await addRule(a);
    const criticalOnly = await addRule(a, { min_severity: 'critical' });
    const otherModule = await addRule(a, { modules: ['vulnerabilities'] });
    const rulesOfB = await addRule(b);
    await importFile(app, a, 'combolist', 'small.txt', combolist(a.domain, 3));
    await settle(app);
    const [alert] = await alertsOf(app, listing);
    const details = JSON.parse(alert?.details ?? '{}') as AlertDetails;
    expect(details.kind).toBe('findings');
    expect(details.findings.map((f) => f.title)).toEqual(
      [0, 1, 2].map((i) => `u${i}@${a.domain} in combolist small.txt`),
    );
    expect(details.findings[0]?.link).toMatch(/^http:\/\/127\.0\.0\.1:3999\/credentials\?open=\d+$/);
    expect(SUMMARY_THRESHOLD).toBeGreaterThanOrEqual(3);
    expect(await alertsOf(app, criticalOnly)).toEqual([]);
    expect(await alertsOf(app, otherModule)).toEqual([]);
    expect(await alertsOf(app, rulesOfB)).toEqual([]);
    expect((await mailsTo(app, b.email)).filter((m) => m.subject.startsWith('Vigil:'))).toEqual([]);
  });

  it('says in the alert and its e-mail that the import it came from was partial', async () => {
    const { app } = fixture;
    const a = await newTenant(app, 'partial', { role: 'administrator' });
    const rule = await addRule(a);
    await importFile(app, a, 'combolist', 'mixed.txt', `${combolist(a.domain, 2)}\nnot an account`);
    await settle(app);
    const [alert] = await alertsOf(app, rule);
    const details = JSON.parse(alert?.details ?? '{}') as AlertDetails;
    expect(details.partial_import).toEqual({ file_name: 'mixed.txt', read: 3, rejected: 1 });
    expect(headline(details)).toMatch(/ — partial import of mixed\.txt: 1 of 3 records rejected$/);
    const mail = (await mailsTo(app, a.email)).find((m) => m.subject.startsWith('Vigil: 2 new findings'));
    expect(mail?.text_body).toContain('The import of mixed.txt was partial: 1 of 3 records were rejected.');
  });

  it('links each finding where its screen opens it (an infected device on its tab)', () => {
    const { ctx } = fixture.app;
    expect(findingLink(ctx, 'credentials', { id: 7, fingerprint: 'device:pc-1' })).toBe(
      'http://127.0.0.1:3999/credentials?tab=devices&open=7',
    );
    expect(findingLink(ctx, 'cves', { id: 8, fingerprint: 'cve:CVE-2026-1' })).toBe(
      'http://127.0.0.1:3999/cvemonitor?open=8',
    );
    expect(findingLink(ctx, 'scripts', { id: 9, fingerprint: 'clone:acme-retai1-store.test' })).toBe(
      'http://127.0.0.1:3999/vtexdork?open=9',
    );
    expect(findingLink(ctx, 'scripts', { id: 10, fingerprint: 'pattern_hit:1:2' })).toBe(
      'http://127.0.0.1:3999/scripts?open=10',
    );
  });

  it('sends nothing more to a member removed from the company, or deactivated in it', async () => {
    const { app } = fixture;
    const admin = await newTenant(app, 'gone', { role: 'administrator' });
    const leaver = await newTenant(app, 'gone', { join: admin, role: 'analyst' });
    const paused = await newTenant(app, 'gone', { join: admin, role: 'viewer' });
    const rules = [await addRule(leaver), await addRule(paused)];
    await app.ctx.db
      .deleteFrom('memberships')
      .where('user_id', '=', leaver.userId)
      .where('company_id', '=', admin.companyId)
      .execute();
    await app.ctx.db
      .updateTable('memberships')
      .set({ deactivated_at: app.ctx.clock.now() })
      .where('user_id', '=', paused.userId)
      .where('company_id', '=', admin.companyId)
      .execute();
    await importFile(app, admin, 'combolist', 'after.txt', combolist(admin.domain, 2));
    await settle(app);
    for (const ruleId of rules) expect(await alertsOf(app, ruleId)).toEqual([]);
  });
});

describe('alerts raised by the system’s writes (the CVE watch)', () => {
  const cveRows = (from: number, count: number, now: Date) =>
    Array.from({ length: count }, (_, i) => ({
      fingerprint: `cve:CVE-2026-${from + i}`,
      title: `CVE-2026-${from + i}`,
      severity: 'critical' as const,
      seenAt: now,
    }));

  it('raises one alert per rule for a watch-list change, and one for a whole catalogue import', async () => {
    const { app } = fixture;
    const clock = app.ctx.clock as ManualClock;
    const admin = await newTenant(app, 'system', { role: 'administrator' });
    const ruleId = await addRule(admin, { modules: ['cves'] });
    const scope = (platformJobId?: number) => ({
      companyId: admin.companyId,
      module: 'cves',
      jobId: null,
      isDemo: false,
      now: clock.now(),
      platformJobId,
    });
    // A watch-list change: its matches written in chunks, in one transaction.
    await app.ctx.db.transaction().execute(async (trx) => {
      await upsertFindings(trx, scope(), cveRows(0, 15, clock.now()));
      await upsertFindings(trx, scope(), cveRows(15, 15, clock.now()));
    });
    await settle(app);
    const first = await alertsOf(app, ruleId);
    expect(first).toHaveLength(1);
    expect(JSON.parse(first[0]?.details ?? '{}')).toMatchObject({ kind: 'summary', module: 'cves', total: 30 });
    // A catalogue import's batches, each its own transaction: nothing until the import ends, then one alert.
    clock.advance(MINUTE);
    const started = clock.now();
    for (const batch of [100, 110, 120]) {
      clock.advance(MINUTE);
      await app.ctx.db.transaction().execute((trx) => upsertFindings(trx, scope(77), cveRows(batch, 10, clock.now())));
    }
    await settle(app);
    expect(await alertsOf(app, ruleId)).toHaveLength(1);
    await app.ctx.db
      .transaction()
      .execute((trx) => queuePlatformEvaluations(trx, { id: 77, started_at: started }, 'cves', clock.now()));
    await settle(app);
    const after = await alertsOf(app, ruleId);
    expect(after).toHaveLength(2);
    expect(JSON.parse(after[1]?.details ?? '{}')).toMatchObject({ kind: 'summary', total: 30 });
  });
});

describe('daily digest', () => {
  it('is sent once a day, at the rule’s hour in its time zone', async () => {
    const { app } = fixture;
    const clock = app.ctx.clock as ManualClock;
    // 08:00 in São Paulo (UTC−3) is 11:00 UTC; move to 10:00 UTC, an hour before.
    const now = clock.now();
    const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1, 10, 0));
    clock.advance(start.getTime() - now.getTime());
    const user = await newTenant(app, 'digest', { role: 'analyst' });
    const ruleId = await addRule(user, { delivery: 'digest', digest_hour: 8, time_zone: 'America/Sao_Paulo' });
    clock.advance(MINUTE);
    await importFile(app, user, 'combolist', 'morning.txt', combolist(user.domain, 4));
    const digest = async () => {
      await queueTask(app, 'alerts.digest');
      await settle(app);
      return alertsOf(app, ruleId);
    };
    expect(await digest()).toEqual([]);
    clock.advance(HOUR);
    const sent = await digest();
    expect(sent).toHaveLength(1);
    const localDay = start.toISOString().slice(0, 10);
    expect(sent[0]?.source).toBe(`digest:${localDay}`);
    expect(JSON.parse(sent[0]?.details ?? '{}')).toMatchObject({ kind: 'digest', total: 4 });
    // Later the same day, with more findings: nothing until the next day's hour.
    clock.advance(MINUTE);
    const colleague = await newTenant(app, 'digest', { join: user });
    await importFile(app, colleague, 'combolist', 'noon.txt', combolist(user.domain, 2, 'v'));
    clock.advance(3 * HOUR);
    expect(await digest()).toHaveLength(1);
    clock.advance(20 * HOUR); // 07:02 the next day in São Paulo
    expect(await digest()).toHaveLength(1);
    clock.advance(HOUR);
    const next = await digest();
    expect(next).toHaveLength(2);
    expect(JSON.parse(next[1]?.details ?? '{}')).toMatchObject({ kind: 'digest', total: 2 });
    const mails = (await mailsTo(app, user.email)).filter((m) => m.subject.startsWith('Vigil daily digest'));
    expect(mails.map((m) => m.subject)).toEqual([
      'Vigil daily digest: 4 new findings',
      'Vigil daily digest: 2 new findings',
    ]);
  });
});
