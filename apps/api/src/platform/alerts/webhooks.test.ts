// Webhooks against a real HTTP receiver on 127.0.0.1: the receiver checks the signature, a 500 is
// tried again then succeeds, a dead URL is given up after the documented five attempts with each
// one in the log, Slack and Teams get their own shapes, and the company's webhooks are its own.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ManualClock } from '../../shared/clock.js';
import { addRule, addWebhook, combolist, settle } from '../../testing/alerts.js';
import { answerOf } from '../../testing/api.js';
import { importFile, newTenant, type Tenant, tenantFixture } from '../../testing/monitoring.js';
import { testApp } from '../../testing/test-app.js';
import { closedPort, type Received, type Receiver, startReceiver } from '../../testing/webhook-receiver.js';
import { DELIVERY_ATTEMPTS, deliveryBackoff } from './webhook-delivery.js';
import { resolveTarget, TargetRefused } from './webhook-target.js';
import { sealWebhookSecret } from './webhooks.service.js';

const fixture = tenantFixture('hooks');
let receiver: Receiver;
let admin: Tenant;

beforeAll(async () => {
  receiver = await startReceiver();
});
// A company of its own for each test, whose administrator's session is fresh.
beforeEach(async () => {
  admin = await newTenant(fixture.app, 'hooks', { role: 'administrator' });
});
afterAll(() => receiver.close());

/** What a receiver does: HMAC-SHA256 of the raw body under the secret, compared in constant time. */
function verified(request: Received, secret: string): boolean {
  const header = String(request.headers['x-vigil-signature'] ?? '');
  const expected = `sha256=${createHmac('sha256', secret).update(request.body).digest('hex')}`;
  return header.length === expected.length && timingSafeEqual(Buffer.from(header), Buffer.from(expected));
}

async function log(id: number, who: Tenant = admin) {
  const response = await who.browser.get(`/api/alerts/webhooks/${id}/deliveries`, { token: who.token });
  expect(response.statusCode, response.body).toBe(200);
  return answerOf('listWebhookDeliveries', response).data.reverse();
}

async function sendTest(id: number, who: Tenant = admin) {
  return who.browser.post(`/api/alerts/webhooks/${id}/test`, undefined, { token: who.token });
}

describe('webhooks', () => {
  it('shows the secret once, keeps it sealed, and signs what it sends', async () => {
    const { app } = fixture;
    const hook = await addWebhook(admin, { url: receiver.url });
    expect(hook.secret).toMatch(/^whsec_/);
    const listed = await admin.browser.get('/api/alerts/webhooks', { token: admin.token });
    expect(listed.body).not.toContain(hook.secret);
    const stored = await app.ctx.db
      .selectFrom('webhooks')
      .select('secret_box')
      .where('id', '=', hook.id)
      .executeTakeFirst();
    expect(stored?.secret_box).not.toContain(hook.secret);
    const before = receiver.received.length;
    expect((await sendTest(hook.id)).statusCode).toBe(202);
    await settle(app);
    const request = receiver.received[before];
    expect(request && verified(request, hook.secret)).toBe(true);
    expect(request && verified(request, `${hook.secret}x`)).toBe(false);
    const body = JSON.parse(request?.body ?? '{}');
    expect(body).toMatchObject({ event: 'test', alert: { kind: 'test' } });
    expect(request?.headers['x-vigil-timestamp']).toBe(String(Math.floor(Date.parse(body.sent_at) / 1000)));
    const [entry] = await log(hook.id);
    expect(entry).toMatchObject({ attempt: 1, outcome: 'succeeded', response_code: 200, error: null });
    expect(entry?.latency_ms).toBeGreaterThanOrEqual(0);
  });

  it('posts a rule’s alert, tries a 500 again after its back-off, then succeeds', async () => {
    const { app } = fixture;
    const clock = app.ctx.clock as ManualClock;
    const hook = await addWebhook(admin, { url: receiver.url });
    await addRule(admin, { email: false, webhooks: true });
    const before = receiver.received.length;
    receiver.answers.push(500);
    await importFile(app, admin, 'combolist', 'hooked.txt', combolist(admin.domain, 2));
    await settle(app);
    const hooked = receiver.received.slice(before).filter((r) => JSON.parse(r.body).event === 'alert');
    expect(hooked.length).toBeGreaterThanOrEqual(1);
    expect((await log(hook.id)).map((d) => [d.outcome, d.response_code])).toEqual([['retrying', 500]]);
    clock.advance(deliveryBackoff(1));
    await settle(app);
    expect((await log(hook.id)).map((d) => [d.attempt, d.outcome, d.response_code])).toEqual([
      [1, 'retrying', 500],
      [2, 'succeeded', 200],
    ]);
    const last = receiver.received.at(-1);
    expect(last && verified(last, hook.secret)).toBe(true);
    const body = JSON.parse(last?.body ?? '{}');
    expect(body.alert).toMatchObject({ kind: 'findings', module: 'credentials', severity: 'high', total: 2 });
    expect(body.alert.findings[0].link).toMatch(/\/credentials\?open=\d+$/);
  });

  it('gives a dead URL up after the documented attempts, each one in the log', async () => {
    const { app } = fixture;
    const clock = app.ctx.clock as ManualClock;
    const hook = await addWebhook(admin, { url: `http://127.0.0.1:${await closedPort()}/hook` });
    const test = answerOf('testWebhook', await sendTest(hook.id)).data.job_id;
    await settle(app);
    for (let attempt = 1; attempt < DELIVERY_ATTEMPTS; attempt += 1) {
      clock.advance(deliveryBackoff(attempt) - 1000);
      await settle(app); // not yet due
      clock.advance(1000);
      await settle(app);
    }
    // An hour later: the administrator signs in again to read the log.
    const again = await newTenant(app, 'hooks', { join: admin, role: 'administrator' });
    const entries = await log(hook.id, again);
    expect(entries.map((d) => [d.attempt, d.outcome])).toEqual([
      [1, 'retrying'],
      [2, 'retrying'],
      [3, 'retrying'],
      [4, 'retrying'],
      [5, 'given_up'],
    ]);
    expect(entries.every((d) => d.response_code === null && /ECONNREFUSED/.test(d.error ?? ''))).toBe(true);
    const job = await app.ctx.db.selectFrom('jobs').select('status').where('id', '=', test).executeTakeFirst();
    expect(job?.status).toBe('dead');
    // Five attempts over about an hour.
    const waited = [1, 2, 3, 4].reduce((sum, n) => sum + deliveryBackoff(n), 0);
    expect(waited).toBe(61 * 60_000);
  });

  it('gives a refusing receiver (a 4xx) up at once', async () => {
    const { app } = fixture;
    const hook = await addWebhook(admin, { url: receiver.url });
    receiver.answers.push(410);
    await sendTest(hook.id);
    await settle(app);
    expect((await log(hook.id)).map((d) => [d.outcome, d.response_code])).toEqual([['given_up', 410]]);
  });

  it('sends Slack and Teams payloads', async () => {
    const { app } = fixture;
    const slack = await addWebhook(admin, { url: `${receiver.url}/slack`, format: 'slack' });
    const teams = await addWebhook(admin, { url: `${receiver.url}/teams`, format: 'teams' });
    const before = receiver.received.length;
    await sendTest(slack.id);
    await sendTest(teams.id);
    await settle(app);
    const bodies = receiver.received.slice(before).map((r) => JSON.parse(r.body));
    const slackBody = bodies.find((b) => 'blocks' in b);
    expect(slackBody.text).toContain('Test message from Vigil');
    expect(slackBody.blocks.map((b: { type: string }) => b.type)).toEqual(['header', 'actions', 'context']);
    const teamsBody = bodies.find((b) => b['@type'] === 'MessageCard');
    expect(teamsBody).toMatchObject({ '@context': 'https://schema.org/extensions', summary: expect.any(String) });
    expect(teamsBody.potentialAction[0]).toMatchObject({ '@type': 'OpenUri', name: 'Open in Vigil' });
  });

  it('keeps each company’s webhooks its own', async () => {
    const hook = await addWebhook(admin, { url: receiver.url });
    const other = await newTenant(fixture.app, 'hooks', { role: 'administrator' });
    const theirs = await other.browser.get('/api/alerts/webhooks', { token: other.token });
    expect(answerOf('listWebhooks', theirs).data).toEqual([]);
    expect((await sendTest(hook.id, other)).statusCode).toBe(404);
    expect(
      (await other.browser.get(`/api/alerts/webhooks/${hook.id}/deliveries`, { token: other.token })).statusCode,
    ).toBe(404);
    const patch = await other.browser.call('PATCH', `/api/alerts/webhooks/${hook.id}`, {
      token: other.token,
      body: { enabled: false },
    });
    expect(patch.statusCode).toBe(404);
    expect(
      (await other.browser.call('DELETE', `/api/alerts/webhooks/${hook.id}`, { token: other.token })).statusCode,
    ).toBe(404);
  });

  it('refuses private and loopback targets when the deployment does, when saved and when sent', async () => {
    // The last test of the file: the first app's worker stops, so that only the strict one sends.
    await fixture.app.jobs.close();
    const { app: strict } = await testApp(fixture.database, { env: { WEBHOOK_PRIVATE_TARGETS: 'deny' } });
    try {
      const strictAdmin = await newTenant(strict, 'strict', { role: 'administrator' });
      for (const url of [
        receiver.url,
        'http://localhost:8080/x',
        'http://[::1]/x',
        'http://10.1.2.3/x',
        'ftp://example.com/x',
      ]) {
        const response = await strictAdmin.browser.post(
          '/api/alerts/webhooks',
          { url, format: 'json' },
          { token: strictAdmin.token },
        );
        expect(response.statusCode, url).toBe(422);
      }
      await expect(resolveTarget('http://localhost:1/x', false)).rejects.toBeInstanceOf(TargetRefused);
      // A webhook saved while allowed is checked again when it is sent.
      const now = strict.ctx.clock.now();
      const saved = await strict.ctx.db
        .insertInto('webhooks')
        .values({
          company_id: strictAdmin.companyId,
          url: receiver.url,
          format: 'json',
          secret_box: sealWebhookSecret(strict.ctx, strictAdmin.companyId, 'saved-while-allowed-0123'),
          enabled: true,
          created_by: null,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      // And a secret copied from another company's webhook does not open.
      const copied = await addWebhook(admin, { url: receiver.url });
      await strict.ctx.db
        .updateTable('webhooks')
        .set({ company_id: strictAdmin.companyId })
        .where('id', '=', copied.id)
        .execute();
      for (const id of [saved.id, copied.id]) {
        await strictAdmin.browser.post(`/api/alerts/webhooks/${id}/test`, undefined, { token: strictAdmin.token });
      }
      await settle(strict);
      const outcome = async (id: number) =>
        (await strict.ctx.db.selectFrom('webhook_deliveries').selectAll().where('webhook_id', '=', id).execute()).map(
          (d) => [d.outcome, d.error],
        );
      expect(await outcome(saved.id)).toEqual([['given_up', expect.stringMatching(/private, loopback or link-local/)]]);
      expect(await outcome(copied.id)).toEqual([['given_up', expect.stringMatching(/secret cannot be opened/)]]);
    } finally {
      await strict.close();
    }
  });
});
