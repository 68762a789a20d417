// The Jira channel against a local server answering like Jira Cloud's issue API
// (dev/channel-replay/channel-replay.ts): an issue per finding with its ADF description and
// priority, the issue linked on the finding, Jira's 400 given up with its field errors in the log,
// and Jira's webhook (with the channel's secret, and no session) resolving the linked finding
// through the triage workflow; a wrong secret is refused.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startJira } from '../../../dev/channel-replay/channel-replay.js';
import { addRule, combolist, settle } from '../../../testing/alerts.js';
import { answerOf } from '../../../testing/api.js';
import { addChannel, channelLog, testChannel } from '../../../testing/channels.js';
import { importFile, newTenant, type Tenant, tenantFixture } from '../../../testing/monitoring.js';

const ACCOUNT = { email: 'secops@example.com', token: 'ATATT3xFfGF0-jira-api-token' };
const fixture = tenantFixture('jira');
let jira: Awaited<ReturnType<typeof startJira>>;
let admin: Tenant;

beforeAll(async () => {
  jira = await startJira(ACCOUNT, 'VIG');
});
beforeEach(async () => {
  admin = await newTenant(fixture.app, 'jira', { role: 'administrator' });
});
afterAll(() => jira.close());

async function jiraChannel(projectKey = 'VIG') {
  return addChannel(admin, {
    kind: 'jira',
    name: 'Jira',
    settings: { url: jira.url, email: ACCOUNT.email, project_key: projectKey, issue_type: 'Bug' },
    credential: ACCOUNT.token,
  });
}

/** What Jira Cloud posts on an issue update (the fields read, among many; Atlassian's webhook docs). */
function issueUpdated(id: string, key: string, done: boolean) {
  return {
    timestamp: 1765080000000,
    webhookEvent: 'jira:issue_updated',
    issue_event_type_name: 'issue_generic',
    user: { accountId: '5b10a2844c20165700ede21g', displayName: 'Ana' },
    issue: {
      id,
      self: `${jira.url}/rest/api/2/issue/${id}`,
      key,
      fields: {
        resolution: done ? { id: '10000', name: 'Done' } : null,
        status: {
          name: done ? 'Done' : 'In Progress',
          statusCategory: {
            id: done ? 3 : 4,
            key: done ? 'done' : 'indeterminate',
            name: done ? 'Done' : 'In Progress',
          },
        },
      },
    },
    changelog: { id: '10100', items: [{ field: 'status', fromString: 'In Progress', toString: 'Done' }] },
  };
}

function postEvent(channelId: number, secret: string, body: unknown) {
  return fixture.app.inject({
    method: 'POST',
    url: `/api/alerts/channels/${channelId}/jira-events?secret=${encodeURIComponent(secret)}`,
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
}

describe('Jira', () => {
  it('opens an issue per finding, links it, and Jira’s webhook with the secret closes the finding', async () => {
    const { app } = fixture;
    const created = await jiraChannel();
    const secret = created.inbound_secret ?? '';
    expect(secret).toMatch(/^jwsec_/);
    expect(created.data.inbound_url).toBe(`${app.ctx.publicUrl}/api/alerts/channels/${created.data.id}/jira-events`);
    const listed = await admin.browser.get('/api/alerts/channels', { token: admin.token });
    expect(listed.body).not.toContain(ACCOUNT.token);
    expect(listed.body).not.toContain(secret);
    await addRule(admin, { email: false, webhooks: true });
    const before = jira.issues.length;
    await importFile(app, admin, 'combolist', 'jira.txt', combolist(admin.domain, 2));
    await settle(app);
    const opened = jira.issues.slice(before);
    expect(opened).toHaveLength(2);
    const request = jira.received.at(-1);
    expect(request?.headers.authorization).toBe(
      `Basic ${Buffer.from(`${ACCOUNT.email}:${ACCOUNT.token}`).toString('base64')}`,
    );
    const fields = opened[0]?.fields ?? {};
    expect(fields).toMatchObject({
      project: { key: 'VIG' },
      issuetype: { name: 'Bug' },
      summary: expect.stringMatching(/^\[Vigil\] high: /),
      priority: { name: 'High' },
      labels: ['vigil', 'vigil-credentials'],
      description: { type: 'doc', version: 1, content: expect.any(Array) },
    });
    expect(JSON.stringify(fields.description)).toMatch(/"type":"link","attrs":\{"href":"[^"]+\/credentials\?open=\d+"/);
    const tickets = await app.ctx.db
      .selectFrom('finding_tickets')
      .selectAll()
      .where('channel_id', '=', created.data.id)
      .orderBy('id')
      .execute();
    expect(tickets.map((t) => [t.issue_id, t.issue_key, t.url])).toEqual(
      opened.map((i) => [i.id, i.key, `${jira.url}/browse/${i.key}`]),
    );
    expect((await channelLog(admin, created.data.id)).map((d) => [d.outcome, d.response_code])).toEqual([
      ['succeeded', 201],
    ]);

    const [ticket] = tickets;
    const issue = opened[0];
    if (!ticket || !issue) throw new Error('no ticket');
    // The finding shows its issue (the UI links it).
    const shown = await admin.browser.get(`/api/findings/${ticket.finding_id}`, { token: admin.token });
    expect(answerOf('getFinding', shown).data.tickets).toEqual([
      { key: issue.key, url: `${jira.url}/browse/${issue.key}`, resolved_at: null },
    ]);
    // A wrong secret, or no secret: refused, nothing changes.
    expect((await postEvent(created.data.id, `${secret}x`, issueUpdated(issue.id, issue.key, true))).statusCode).toBe(
      404,
    );
    expect((await postEvent(created.data.id + 1000, secret, issueUpdated(issue.id, issue.key, true))).statusCode).toBe(
      404,
    );
    // In progress: nothing to close.
    const progress = await postEvent(created.data.id, secret, issueUpdated(issue.id, issue.key, false));
    expect(progress.statusCode, progress.body).toBe(200);
    expect(JSON.parse(progress.body)).toEqual({ data: { closed: [] } });
    const done = await postEvent(created.data.id, secret, issueUpdated(issue.id, issue.key, true));
    expect(done.statusCode, done.body).toBe(200);
    expect(JSON.parse(done.body)).toEqual({ data: { closed: [ticket.finding_id] } });
    const finding = await app.ctx.db
      .selectFrom('findings')
      .select(['status', 'resolved_at'])
      .where('id', '=', ticket.finding_id)
      .executeTakeFirst();
    expect(finding?.status).toBe('resolved');
    const history = await app.ctx.db
      .selectFrom('finding_changes')
      .selectAll()
      .where('finding_id', '=', ticket.finding_id)
      .where('field', '=', 'status')
      .execute();
    expect(history.map((h) => [h.from_value, h.to_value, h.actor_user_id])).toEqual([
      ['new', 'resolved', admin.userId],
    ]);
    // The other finding is still open; a second event for the same issue does nothing.
    const again = await postEvent(created.data.id, secret, issueUpdated(issue.id, issue.key, true));
    expect(JSON.parse(again.body)).toEqual({ data: { closed: [] } });
  });

  it('gives Jira’s refusal (400) up with its field errors, and a 500 is tried again', async () => {
    const wrong = await jiraChannel('NOPE');
    await testChannel(admin, wrong.data.id);
    await settle(fixture.app);
    expect((await channelLog(admin, wrong.data.id)).map((d) => [d.outcome, d.response_code, d.error])).toEqual([
      ['given_up', 400, 'Jira answered 400: project: valid project is required.'],
    ]);
    const right = await jiraChannel();
    jira.scripted.push({ status: 500, body: { errorMessages: ['Internal server error'], errors: {} } });
    await testChannel(admin, right.data.id);
    await settle(fixture.app);
    const [entry] = await channelLog(admin, right.data.id);
    expect(entry).toMatchObject({
      outcome: 'retrying',
      response_code: 500,
      error: 'Jira answered 500: Internal server error.',
    });
  });
});
