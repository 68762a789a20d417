// The shared workflow: transitions (and refusals), risk acceptance, assignee, comments, history,
// events, bulk change, reopen when an import sees a resolved finding again, CSV export.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerOf } from '../../testing/api.js';
import { json } from '../../testing/flows.js';
import { importFile, newTenant, type Tenant } from '../../testing/monitoring.js';
import { openTestDatabase, type TestDatabase, testApp, type VigilApp } from '../../testing/test-app.js';
import { expireRiskAcceptances } from './findings.expiry.js';

let database: TestDatabase;
let app: VigilApp;
let a: Tenant;

const nucleiLine = (template: string, host: string, severity = 'high') =>
  JSON.stringify({
    'template-id': template,
    info: { name: `Finding ${template}`, severity, classification: { 'cve-id': null } },
    host,
    'matched-at': `${host}/path`,
    timestamp: '2026-11-20T10:00:00Z',
  });

async function detail(id: number) {
  const response = await a.browser.get(`/api/findings/${id}`, { token: a.token });
  expect(response.statusCode, response.body).toBe(200);
  return answerOf('getFinding', response).data;
}

async function patch(id: number, body: Record<string, unknown>) {
  return a.browser.call('PATCH', `/api/findings/${id}`, { token: a.token, body });
}

let ids: number[] = [];

beforeAll(async () => {
  database = await openTestDatabase();
  ({ app } = await testApp(database));
  a = await newTenant(app, 'flow');
  const hosts = ['https://a', 'https://b', 'https://c', 'https://d'].map((h) => `${h}.${a.domain}`);
  const job = await importFile(app, a, 'nuclei', 'scan.jsonl', hosts.map((h) => nucleiLine('tls-weak', h)).join('\n'));
  expect(job.counts.added).toBe(4);
  const list = await a.browser.get('/api/findings?module=vulnerabilities&sort=last_seen_at', { token: a.token });
  ids = answerOf('listFindings', list).data.map((f) => f.id);
  expect(ids).toHaveLength(4);
});
afterAll(async () => {
  await app.close();
  await database.close();
});

describe('status workflow', () => {
  it('moves new → in_review → confirmed → resolved with history, events and allowed statuses', async () => {
    const id = ids[0] ?? 0;
    expect((await detail(id)).allowed_statuses).toEqual([
      'in_review',
      'confirmed',
      'false_positive',
      'risk_accepted',
      'resolved',
    ]);
    for (const status of ['in_review', 'confirmed', 'resolved']) {
      const response = await patch(id, { status });
      expect(response.statusCode, response.body).toBe(200);
    }
    const d = await detail(id);
    expect(d.status).toBe('resolved');
    expect(d.history.filter((h) => h.field === 'status').map((h) => `${h.from}→${h.to}`)).toEqual([
      'confirmed→resolved',
      'in_review→confirmed',
      'new→in_review',
    ]);
    expect(d.history.every((h) => h.actor?.id === a.userId)).toBe(true);
    const events = await a.browser.get(`/api/events?finding_id=${id}&kind=finding.status_changed`, { token: a.token });
    expect(answerOf('listEvents', events).data).toHaveLength(3);
  });

  it('refuses a transition the workflow does not allow with 409 and the allowed list', async () => {
    const id = ids[1] ?? 0;
    expect((await patch(id, { status: 'false_positive' })).statusCode).toBe(200);
    const response = await patch(id, { status: 'resolved' });
    expect(response.statusCode).toBe(409);
    expect(json(response)).toMatchObject({
      message: 'A finding cannot go from false_positive to resolved; allowed: in_review.',
      details: { allowed_statuses: ['in_review'] },
    });
    expect((await patch(id, { status: 'false_positive' })).statusCode).toBe(409);
    expect((await patch(id, { status: 'in_review' })).statusCode).toBe(200);
    expect((await patch(id, { status: 'new' })).statusCode).toBe(200);
  });

  it('lets a new finding be resolved or risk-accepted at once (issue 33)', async () => {
    await importFile(app, a, 'nuclei', 'more.jsonl', nucleiLine('tls-weak', `https://e.${a.domain}`));
    const list = await a.browser.get('/api/findings?module=vulnerabilities&sort=last_seen_at', { token: a.token });
    const id = answerOf('listFindings', list).data.find((f) => !ids.includes(f.id))?.id ?? 0;
    expect((await detail(id)).allowed_statuses).toEqual([
      'in_review',
      'confirmed',
      'false_positive',
      'risk_accepted',
      'resolved',
    ]);
    expect((await patch(id, { status: 'resolved' })).statusCode).toBe(200);
    expect((await detail(id)).status).toBe('resolved');
  });

  it('needs a future date for risk acceptance (422) and keeps it', async () => {
    const id = ids[1] ?? 0;
    expect((await patch(id, { status: 'in_review' })).statusCode).toBe(200);
    expect((await patch(id, { status: 'risk_accepted' })).statusCode).toBe(422);
    expect((await patch(id, { status: 'risk_accepted', risk_accepted_until: '2000-01-01T00:00:00Z' })).statusCode).toBe(
      422,
    );
    const until = new Date(Date.now() + 30 * 86_400_000).toISOString();
    const ok = await patch(id, {
      status: 'risk_accepted',
      risk_accepted_until: until,
      comment: 'Compensating WAF rule',
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const d = answerOf('updateFinding', ok).data;
    expect(d.risk_accepted_until).toBe(until);
    expect(d.comments.map((c) => c.body)).toEqual(['Compensating WAF rule']);
  });

  it('ends a risk acceptance on its date: back to in_review, with history and event', async () => {
    const id = ids[1] ?? 0;
    expect((await detail(id)).status).toBe('risk_accepted');
    const now = app.ctx.clock.now();
    expect(await expireRiskAcceptances(app.ctx.db, now)).toBe(0);
    await app.ctx.db
      .updateTable('findings')
      .set({ risk_accepted_until: new Date(now.getTime() - 1000) })
      .where('id', '=', id)
      .execute();
    expect(await expireRiskAcceptances(app.ctx.db, now)).toBe(1);
    const d = await detail(id);
    expect(d.status).toBe('in_review');
    expect(d.history[0]).toMatchObject({ field: 'status', from: 'risk_accepted', to: 'in_review', actor: null });
    const until = new Date(Date.now() + 30 * 86_400_000).toISOString();
    expect((await patch(id, { status: 'risk_accepted', risk_accepted_until: until })).statusCode).toBe(200);
  });

  it('assigns only members of the company, changes severity, comments', async () => {
    const id = ids[2] ?? 0;
    const stranger = await newTenant(app, 'stranger');
    const refused = await patch(id, { assignee_id: stranger.userId });
    expect(refused.statusCode).toBe(422);
    const members = answerOf('listAssignees', await a.browser.get('/api/findings/assignees', { token: a.token }));
    expect(members.data.map((m) => m.id)).toEqual([a.userId]);
    expect((await patch(id, { assignee_id: a.userId, severity: 'critical' })).statusCode).toBe(200);
    const comment = await a.browser.post(
      `/api/findings/${id}/comments`,
      { body: 'Patched tomorrow' },
      { token: a.token },
    );
    expect(comment.statusCode).toBe(201);
    const d = await detail(id);
    expect(d.assignee?.id).toBe(a.userId);
    expect(d.severity).toBe('critical');
    expect(d.comments.map((c) => c.body)).toEqual(['Patched tomorrow']);
    expect(d.history.map((h) => h.field).sort()).toEqual(['assignee', 'severity']);
  });

  it('names the people of an assignee change from the company, and no longer a former member', async () => {
    const id = ids[1] ?? 0;
    const colleague = await newTenant(app, 'colleague', { join: a });
    expect((await patch(id, { assignee_id: colleague.userId })).statusCode).toBe(200);
    expect((await patch(id, { assignee_id: a.userId })).statusCode).toBe(200);
    const person = (t: Tenant) => ({ id: t.userId, name: expect.stringContaining('Analyst'), email: t.email });
    const assigned = (await detail(id)).history.filter((h) => h.field === 'assignee');
    expect(assigned).toMatchObject([
      { from: String(colleague.userId), to: String(a.userId), from_user: person(colleague), to_user: person(a) },
      { from: null, to: String(colleague.userId), from_user: null, to_user: person(colleague) },
    ]);
    // The colleague leaves the company: the history keeps the id and names nobody.
    await app.ctx.db
      .deleteFrom('memberships')
      .where('user_id', '=', colleague.userId)
      .where('company_id', '=', a.companyId)
      .execute();
    const after = (await detail(id)).history.filter((h) => h.field === 'assignee');
    expect(after.map((h) => [h.from_user, h.to_user])).toEqual([
      [null, person(a)],
      [null, null],
    ]);
    expect(after[1]?.to).toBe(String(colleague.userId));
  });

  it('offers and accepts as assignee only the active members of the company', async () => {
    const id = ids[1] ?? 0;
    const leaving = await newTenant(app, 'leaving', { join: a });
    const assignees = async () =>
      answerOf('listAssignees', await a.browser.get('/api/findings/assignees', { token: a.token })).data;
    expect((await assignees()).map((p) => p.id)).toContain(leaving.userId);
    await app.ctx.db
      .updateTable('memberships')
      .set({ deactivated_at: new Date() })
      .where('user_id', '=', leaving.userId)
      .where('company_id', '=', a.companyId)
      .execute();
    expect((await assignees()).map((p) => p.id)).not.toContain(leaving.userId);
    expect((await patch(id, { assignee_id: leaving.userId })).statusCode).toBe(422);
  });

  it('bulk-changes what the workflow allows and lists what it refused', async () => {
    const response = await a.browser.post(
      '/api/findings/bulk-status',
      { ids: [ids[2], ids[3], ids[0], 999_999], status: 'confirmed' },
      { token: a.token },
    );
    expect(response.statusCode, response.body).toBe(200);
    const body = answerOf('bulkUpdateFindingStatus', response);
    expect(body.updated.sort()).toEqual([ids[2], ids[3]].sort());
    expect(body.refused.map((r) => r.id).sort()).toEqual([ids[0], 999_999].sort());
  });

  it('reopens a resolved finding when a later import sees it again (the importer is the actor, its summary tells it)', async () => {
    const id = ids[0] ?? 0;
    expect((await detail(id)).status).toBe('resolved');
    const host = `https://a.${a.domain}`;
    const job = await importFile(app, a, 'nuclei', 'rescan.jsonl', nucleiLine('tls-weak', host));
    expect(job.counts).toMatchObject({ added: 0, updated: 1 });
    const d = await detail(id);
    expect(d.status).toBe('new');
    expect(d.reopen_count).toBe(1);
    expect(d.history[0]).toMatchObject({
      field: 'status',
      from: 'resolved',
      to: 'new',
      actor: null,
      import_id: job.id,
    });
    // The timeline hears it from the import's one event (issue 14), not from an event per finding.
    const events = answerOf(
      'listEvents',
      await a.browser.get(`/api/events?kind=import.succeeded&module=vulnerabilities`, { token: a.token }),
    );
    expect(events.data[0]).toMatchObject({ import_id: job.id, details: { reopened: 1 } });
    const ofFinding = answerOf(
      'listEvents',
      await a.browser.get(`/api/events?finding_id=${id}&kind=finding.reopened`, { token: a.token }),
    );
    expect(ofFinding.data).toHaveLength(0);
  });
});

describe('lists and export', () => {
  it('filters, sorts and pages with a total', async () => {
    const response = await a.browser.get('/api/findings?page_size=2&status=confirmed&status=new', { token: a.token });
    const body = answerOf('listFindings', response);
    expect(body.meta).toMatchObject({ page: 1, page_size: 2, total: 3, total_is_lower_bound: false, has_more: true });
    expect(body.data.every((f) => ['confirmed', 'new'].includes(f.status))).toBe(true);
  });

  it('exports the filtered set as CSV', async () => {
    const response = await a.browser.get('/api/vulnerabilities/export?severity=high', { token: a.token });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toMatch(/^id,module,title,severity,status/);
    // The four of the flow (one changed to medium) and the one resolved at once.
    expect(lines).toHaveLength(1 + 4);
    const all = await a.browser.get('/api/findings/export', { token: a.token });
    expect(all.body.trim().split('\r\n')).toHaveLength(1 + 5);
  });
});
