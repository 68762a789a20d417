// The API token tests' helpers, bound to a file's fixture: create a token through the API, call as an
// integration does (the token as bearer, no cookie), read the audit, promote a member.
import { expect } from 'vitest';
import { answerOf } from '../../testing/api.js';
import type { Tenant, TenantFixture } from '../../testing/monitoring.js';

export function tokenHelpers(fixture: TenantFixture) {
  async function createToken(who: Tenant, body: Record<string, unknown>) {
    const response = await who.browser.post('/api/api-tokens', body, { token: who.token });
    expect(response.statusCode, response.body).toBe(201);
    return answerOf('createApiToken', response);
  }

  /** An integration's call: the API token as bearer, no cookie, no anti-forgery header. */
  function call(
    token: string,
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    body?: unknown,
    ip = '198.51.100.7',
  ) {
    return fixture.app.inject({
      method,
      url,
      remoteAddress: ip,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
  }

  async function auditOf(event: string, companyId: number) {
    const rows = await fixture.app.ctx.db
      .selectFrom('audit_events')
      .select(['event', 'ip', 'details', 'user_id'])
      .where('event', '=', event)
      .where('company_id', '=', companyId)
      .orderBy('id')
      .execute();
    return rows.map((row) => ({ ...row, details: JSON.parse(row.details ?? '{}') as Record<string, unknown> }));
  }

  /** The fixture's member is an analyst: this makes it its company's administrator. */
  async function makeAdministrator(who: Tenant) {
    await fixture.app.ctx.db
      .updateTable('memberships')
      .set({ role: 'administrator' })
      .where('user_id', '=', who.userId)
      .where('company_id', '=', who.companyId)
      .execute();
  }

  const leak = (domain: string, user: string) => `${user}@${domain}:Clear-Pw-${user}-2026`;

  return { createToken, call, auditOf, makeAdministrator, leak };
}
