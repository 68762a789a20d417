// Issue 32, item 2: no role multiplies what the company's channels receive. Webhooks are turned on
// for a rule by administrators only; each channel (a webhook, a member's mailbox) gets one alert per
// source however many rules match; a member has at most MAX_RULES rules in a company.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addRule, addWebhook, alertsOf, combolist, instantRule, mailsTo, settle } from '../../testing/alerts.js';
import { answerOf, errorOf, validationOf } from '../../testing/api.js';
import { importFile, newTenant, type Tenant, tenantFixture } from '../../testing/monitoring.js';
import { type Receiver, startReceiver } from '../../testing/webhook-receiver.js';
import { MAX_RULES } from './alert-rules.service.js';

const fixture = tenantFixture('fanout');
let receiver: Receiver;

beforeAll(async () => {
  receiver = await startReceiver();
});
afterAll(() => receiver.close());

function alertPosts(from: number) {
  return receiver.received.slice(from).filter((r) => JSON.parse(r.body).event === 'alert');
}

async function rules(who: Tenant, count: number, body: Record<string, unknown>): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < count; i += 1) ids.push(await addRule(who, body));
  return ids;
}

describe('alert fan-out', () => {
  it('refuses webhooks on a rule to a viewer and an analyst, on create and on update, with a sentence', async () => {
    const { app, tenant } = fixture;
    for (const role of ['viewer', 'analyst'] as const) {
      const member = await newTenant(app, 'fanout', { join: tenant, role });
      const create = await member.browser.post(
        '/api/alerts/rules',
        { ...instantRule, webhooks: true },
        { token: member.token },
      );
      expect(create.statusCode, create.body).toBe(403);
      expect(errorOf(create).message).toBe('Only administrators can send alerts to the company’s webhooks.');
      const id = await addRule(member);
      const update = await member.browser.call('PUT', `/api/alerts/rules/${id}`, {
        token: member.token,
        body: { ...instantRule, webhooks: true },
      });
      expect(update.statusCode, update.body).toBe(403);
      const [rule] = await app.ctx.db.selectFrom('alert_rules').select('webhooks').where('id', '=', id).execute();
      expect(rule?.webhooks).toBe(false);
    }
  });

  it('sends one alert of an import to each webhook and each mailbox, however many rules match', async () => {
    const { app } = fixture;
    const admin = await newTenant(app, 'fanout', { role: 'administrator' });
    const viewer = await newTenant(app, 'fanout', { join: admin, role: 'viewer' });
    const first = await addWebhook(admin, { url: receiver.url });
    const second = await addWebhook(admin, { url: `${receiver.url}/second` });
    const adminRules = await rules(admin, 15, { email: true, webhooks: true });
    const viewerRules = await rules(viewer, 15, { email: true, webhooks: false });
    // A rule written before webhooks were for administrators (or whose owner lost the role) sends none.
    await app.ctx.db
      .updateTable('alert_rules')
      .set({ webhooks: true })
      .where('id', 'in', viewerRules.slice(0, 5))
      .execute();
    const before = receiver.received.length;
    await importFile(app, admin, 'combolist', 'one.txt', combolist(admin.domain, 3));
    await settle(app);
    // Every rule still records its alert; the channels get one each.
    for (const id of [...adminRules, ...viewerRules]) expect(await alertsOf(app, id)).toHaveLength(1);
    const posts = alertPosts(before);
    expect(posts.map((p) => p.url).sort()).toEqual(['/hook', '/hook/second']);
    const deliveries = await app.ctx.db
      .selectFrom('webhook_deliveries')
      .select(['webhook_id'])
      .where('company_id', '=', admin.companyId)
      .where('alert_id', 'is not', null)
      .execute();
    expect(deliveries.map((d) => d.webhook_id).sort()).toEqual([first.id, second.id].sort());
    const alertMail = (to: string) =>
      mailsTo(app, to).then((mails) => mails.filter((m) => m.subject.startsWith('Vigil: 3 new findings')));
    expect(await alertMail(admin.email)).toHaveLength(1);
    expect(await alertMail(viewer.email)).toHaveLength(1);
    // The next import is another alert: once more to each channel.
    await importFile(app, admin, 'combolist', 'two.txt', combolist(admin.domain, 2, 'v'));
    await settle(app);
    expect(alertPosts(before)).toHaveLength(4);
    expect(
      (await mailsTo(app, viewer.email)).filter((m) => m.subject.startsWith('Vigil: 2 new findings')),
    ).toHaveLength(1);
  });

  it(`refuses a member's rule beyond ${MAX_RULES} in a company with a sentence, and counts per member`, async () => {
    const { app } = fixture;
    const admin = await newTenant(app, 'fanout', { role: 'administrator' });
    const viewer = await newTenant(app, 'fanout', { join: admin, role: 'viewer' });
    await rules(viewer, MAX_RULES, {});
    const refused = await viewer.browser.post('/api/alerts/rules', instantRule, { token: viewer.token });
    expect(refused.statusCode, refused.body).toBe(422);
    const body = validationOf(refused);
    expect(body.message).toBe(
      `You already have ${MAX_RULES} alert rules in this company, the most allowed. Change or delete one instead.`,
    );
    expect(body.errors.rules).toEqual([body.message]);
    // Another member of the company is not counted against it; a deleted rule frees a place.
    await addRule(admin);
    const listed = answerOf(
      'listAlertRules',
      await viewer.browser.get('/api/alerts/rules', { token: viewer.token }),
    ).data;
    expect(listed).toHaveLength(MAX_RULES);
    const removed = await viewer.browser.call('DELETE', `/api/alerts/rules/${listed[0]?.id}`, { token: viewer.token });
    expect(removed.statusCode).toBe(200);
    await addRule(viewer);
  });
});
