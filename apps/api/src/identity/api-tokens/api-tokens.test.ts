// API tokens (issue 37, ADR 0048): shown once, stored hashed, scoped, intersected with the owner's
// current role, bound to one company, revocable with effect on the next call, refused at once for a
// deactivated member or a removed role, and audited (created, used from a new address, revoked).
import { describe, expect, it } from 'vitest';
import { contractOperations, ROLE_REFUSED } from '../../plugins/api-routes.plugin.js';
import { sha256 } from '../../shared/secrets.js';
import { messages } from '../../shared/service-error.js';
import { answerOf, errorOf, validationOf } from '../../testing/api.js';
import { importFile, newTenant, tenantFixture } from '../../testing/monitoring.js';
import { addMembership } from '../clients/clients.repository.js';
import { requiredTokenScope, TOKEN_MESSAGES } from './api-tokens.auth.js';
import { TOKEN_PATTERN, wellFormedToken } from './api-tokens.secret.js';
import { ACTIVE_TOKENS_MAX } from './api-tokens.service.js';
import { tokenHelpers } from './api-tokens.testing.js';

const fixture = tenantFixture('tokens');
const { createToken, call, auditOf, makeAdministrator, leak } = tokenHelpers(fixture);

describe('what a token may call', () => {
  it('writes only the triage, import and MCP operations the contract names; reads every GET but the personal ones', () => {
    const operations = contractOperations(fixture.app.contract).filter((op) => op.secured);
    const writes = operations
      .filter((op) => op.method !== 'GET')
      .map((op) => [op.operationId, requiredTokenScope(op)] as const)
      .filter(([, scope]) => scope !== null);
    expect(Object.fromEntries(writes)).toEqual({
      addFindingComment: 'triage',
      advisorMcp: 'mcp',
      blacklistStoreClone: 'triage',
      bulkUpdateFindingStatus: 'triage',
      cancelJob: 'import',
      createImport: 'import',
      setScriptAuthorisation: 'triage',
      updateFinding: 'triage',
    });
    const personalReads = operations.filter((op) => op.method === 'GET' && requiredTokenScope(op) === null);
    expect(new Set(personalReads.map((op) => op.tag))).toEqual(
      new Set(['account', 'admin', 'advisor', 'api-tokens', 'members', 'two-factor']),
    );
  });
});

describe('creating a token', () => {
  it('answers the secret once, stores only its hash, defaults to 90 days and audits the creation', async () => {
    const { app, tenant: a } = fixture;
    const created = await createToken(a, { name: 'Splunk collector', scopes: ['read'] });
    expect(created.token).toMatch(TOKEN_PATTERN);
    expect(wellFormedToken(created.token)).toBe(true);
    expect(created.data).toMatchObject({
      name: 'Splunk collector',
      scopes: ['read'],
      status: 'active',
      last_used_at: null,
    });
    expect(created.data.hint).toBe(`${created.token.slice(0, 16)}…`);
    const days = (Date.parse(created.data.expires_at) - Date.parse(created.data.created_at)) / 86_400_000;
    expect(days).toBe(90);
    const row = await app.ctx.db
      .selectFrom('api_tokens')
      .selectAll()
      .where('id', '=', created.data.id)
      .executeTakeFirstOrThrow();
    expect(row.token_hash).toBe(sha256(created.token));
    expect(JSON.stringify(row)).not.toContain(created.token.slice(16));
    const list = await a.browser.get('/api/api-tokens', { token: a.token });
    expect(list.body).not.toContain(created.token.slice(16));
    expect(answerOf('listApiTokens', list).data.map((t) => t.id)).toContain(created.data.id);
    const audit = await auditOf('api_token.created', a.companyId);
    expect(audit.at(-1)?.details).toEqual({
      api_credential: created.data.id,
      name: 'Splunk collector',
      scopes: ['read'],
    });
    expect(JSON.stringify(audit)).not.toContain(created.token);
  });

  it('refuses a year and a day, no scope, an unknown scope, mcp without read, a blank or NUL name', async () => {
    const { tenant: a } = fixture;
    const refused = async (body: Record<string, unknown>) => {
      const response = await a.browser.post('/api/api-tokens', body, { token: a.token });
      expect(response.statusCode, response.body).toBe(422);
      return validationOf(response).errors;
    };
    await refused({ name: 'x', scopes: ['read'], expires_in_days: 366 });
    await refused({ name: 'x', scopes: ['read'], expires_in_days: 0 });
    await refused({ name: 'x', scopes: [] });
    await refused({ name: 'x', scopes: ['admin'] });
    expect(await refused({ name: 'x', scopes: ['mcp'] })).toEqual({
      scopes: ["The mcp scope needs read too: the assistant's tools read through the API."],
    });
    await refused({ name: '   ', scopes: ['read'] });
    await refused({ name: 'a\u0000b', scopes: ['read'] });
    await refused({ name: 'x'.repeat(101), scopes: ['read'] });
    const year = await createToken(a, { name: 'yearly', scopes: ['read'], expires_in_days: 365 });
    expect((Date.parse(year.data.expires_at) - Date.parse(year.data.created_at)) / 86_400_000).toBe(365);
  });

  it('holds a member to 50 active tokens; a revoked one frees its place', async () => {
    const { app } = fixture;
    const member = await newTenant(app, 'toklimit');
    const ids: number[] = [];
    for (let i = 0; i < ACTIVE_TOKENS_MAX; i++)
      ids.push((await createToken(member, { name: `t${i}`, scopes: ['read'] })).data.id);
    const over = await member.browser.post(
      '/api/api-tokens',
      { name: 'one too many', scopes: ['read'] },
      { token: member.token },
    );
    expect(over.statusCode, over.body).toBe(422);
    expect(validationOf(over).errors).toEqual({ name: ['You have 50 active API tokens here: revoke one first.'] });
    await member.browser.call('DELETE', `/api/api-tokens/${ids[0]}`, { token: member.token });
    await createToken(member, { name: 'in its place', scopes: ['read'] });
  });
});

describe('calling with a token', () => {
  it('reads with read, records last use, and audits each new address once', async () => {
    const { app, tenant: a } = fixture;
    const { token, data } = await createToken(a, { name: 'collector', scopes: ['read'] });
    const first = await call(token, 'GET', '/api/findings');
    expect(first.statusCode, first.body).toBe(200);
    expect((await call(token, 'GET', '/api/dashboard')).statusCode).toBe(200);
    const row = await app.ctx.db
      .selectFrom('api_tokens')
      .selectAll()
      .where('id', '=', data.id)
      .executeTakeFirstOrThrow();
    expect(row.last_used_ip).toBe('198.51.100.7');
    expect(row.last_used_at).not.toBeNull();
    expect((await call(token, 'GET', '/api/findings', undefined, '203.0.113.9')).statusCode).toBe(200);
    expect((await call(token, 'GET', '/api/findings', undefined, '198.51.100.7')).statusCode).toBe(200);
    const audit = (await auditOf('api_token.used_from_new_address', a.companyId)).filter(
      (e) => e.details.api_credential === data.id,
    );
    expect(audit.map((e) => e.ip)).toEqual(['198.51.100.7', '203.0.113.9']);
  });

  it('writes only within its scopes: import and triage each need their own, account and token calls never', async () => {
    const { app, tenant: a } = fixture;
    const reader = (await createToken(a, { name: 'reader', scopes: ['read'] })).token;
    const worker = (await createToken(a, { name: 'soar', scopes: ['read', 'triage', 'import'] })).token;
    const upload = (token: string) =>
      app.inject({
        method: 'POST',
        url: '/api/imports?kind=combolist&file_name=dump.txt',
        remoteAddress: '198.51.100.7',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/octet-stream' },
        payload: Buffer.from(leak(a.domain, 'tok')),
      });
    const refusedUpload = await upload(reader);
    expect(refusedUpload.statusCode).toBe(403);
    expect(errorOf(refusedUpload).message).toBe(TOKEN_MESSAGES.missingScope('import'));
    const accepted = await upload(worker);
    expect(accepted.statusCode, accepted.body).toBe(202);
    await importFile(app, a, 'combolist', 'more.txt', leak(a.domain, 'tok2'));
    const finding = answerOf('listFindings', await call(reader, 'GET', '/api/findings')).data[0];
    expect(finding).toBeDefined();
    const url = `/api/findings/${finding?.id}`;
    const noTriage = await call(reader, 'PATCH', url, { status: 'in_review' });
    expect(noTriage.statusCode).toBe(403);
    expect(errorOf(noTriage).message).toBe(TOKEN_MESSAGES.missingScope('triage'));
    const triaged = await call(worker, 'PATCH', url, { status: 'in_review', comment: 'Picked up by the playbook.' });
    expect(triaged.statusCode, triaged.body).toBe(200);
    for (const [method, path, body] of [
      ['GET', '/api/account/sessions', undefined],
      ['GET', '/api/profile', undefined],
      ['GET', '/api/api-tokens', undefined],
      ['POST', '/api/api-tokens', { name: 'child', scopes: ['read'] }],
      ['POST', '/api/account/theme', { theme: 'dark' }],
      ['POST', '/api/check-user', undefined],
    ] as const) {
      const response = await call(worker, method, path, body);
      expect(response.statusCode, `${method} ${path}`).toBe(403);
      expect(errorOf(response).message).toBe(messages.sessionOnly);
    }
  });

  it("never acts beyond the owner's current role: a viewer's triage token, and a demoted analyst's", async () => {
    const { app, tenant: admin } = fixture;
    const viewer = await newTenant(app, 'tokview', { join: admin, role: 'viewer' });
    const analyst = await newTenant(app, 'tokana', { join: admin, role: 'analyst' });
    await importFile(app, admin, 'combolist', 'roles.txt', leak(admin.domain, 'role'));
    const id = answerOf('listFindings', await admin.browser.get('/api/findings', { token: admin.token })).data[0]?.id;
    const viewerToken = (await createToken(viewer, { name: 'v', scopes: ['read', 'triage'] })).token;
    const asViewer = await call(viewerToken, 'PATCH', `/api/findings/${id}`, { status: 'in_review' });
    expect(asViewer.statusCode).toBe(403);
    expect(errorOf(asViewer).message).toBe(ROLE_REFUSED);
    const analystToken = (await createToken(analyst, { name: 'a', scopes: ['read', 'triage'] })).token;
    expect((await call(analystToken, 'PATCH', `/api/findings/${id}`, { status: 'confirmed' })).statusCode).toBe(200);
    await makeAdministrator(admin);
    const demoted = await admin.browser.call('PUT', `/api/members/${analyst.userId}/role`, {
      body: { role: 'viewer' },
      token: admin.token,
    });
    expect(demoted.statusCode, demoted.body).toBe(200);
    const after = await call(analystToken, 'PATCH', `/api/findings/${id}`, { status: 'in_review' });
    expect(after.statusCode).toBe(403);
    expect(errorOf(after).message).toBe(ROLE_REFUSED);
  });
});

describe('one company', () => {
  it("reads only its own company where a session reads all of the owner's: clients, search, Global Vision", async () => {
    const { app } = fixture;
    const a = await newTenant(app, 'tokone');
    const b = await newTenant(app, 'toktwo');
    // a works in b's company too: a session sees both, a token made in a's company sees a's only.
    await addMembership(app.ctx.db, a.userId, b.companyId, 'analyst', new Date());
    await importFile(app, a, 'combolist', 'a.txt', leak(a.domain, 'shared-name'));
    await importFile(app, b, 'combolist', 'b.txt', `shared-name@${a.domain}:x\n${leak(b.domain, 'shared-name')}`);
    const { token } = await createToken(a, { name: 'one company', scopes: ['read'] });
    const clientsOf = async (response: { body: string; statusCode: number }) => {
      expect(response.statusCode, response.body).toBe(200);
      return answerOf('listClients', response)
        .data.map((c) => c.idCliente)
        .sort();
    };
    expect(await clientsOf(await a.browser.get('/api/get-clients', { token: a.token }))).toEqual(
      [a.companyId, b.companyId].sort(),
    );
    expect(await clientsOf(await call(token, 'GET', '/api/get-clients'))).toEqual([a.companyId]);
    const companiesFound = (response: { body: string }) =>
      new Set(answerOf('search', response).groups.flatMap((g) => g.hits.map((h) => h.company?.id)));
    const bySession = companiesFound(await a.browser.get('/api/search?q=shared-name', { token: a.token }));
    expect(bySession.has(b.companyId)).toBe(true);
    const byToken = companiesFound(await call(token, 'GET', '/api/search?q=shared-name'));
    expect([...byToken]).toEqual([a.companyId]);
    const portfolio = await call(token, 'GET', '/api/portfolio');
    expect(portfolio.statusCode, portfolio.body).toBe(200);
    expect(answerOf('getPortfolio', portfolio).data.companies.map((c) => c.id)).toEqual([a.companyId]);
  });
});

describe('ending a token', () => {
  it('a revoked token is refused on its next call; a member revokes only their own, an administrator any of the company', async () => {
    const { app, tenant: admin } = fixture;
    const member = await newTenant(app, 'tokrev', { join: admin, role: 'analyst' });
    const stranger = await newTenant(app, 'tokstr', { role: 'administrator' });
    const own = await createToken(member, { name: 'mine', scopes: ['read'] });
    expect((await call(own.token, 'GET', '/api/findings')).statusCode).toBe(200);
    const revoked = await member.browser.call('DELETE', `/api/api-tokens/${own.data.id}`, { token: member.token });
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(answerOf('revokeApiToken', revoked).data.status).toBe('revoked');
    const refused = await call(own.token, 'GET', '/api/findings');
    expect(refused.statusCode).toBe(401);
    expect(errorOf(refused).message).toBe(TOKEN_MESSAGES.revoked);
    expect(refused.headers['www-authenticate']).toBe('Bearer realm="Vigil", error="invalid_token"');

    const second = await createToken(member, { name: 'second', scopes: ['read'] });
    const adminsToken = await createToken(admin, { name: 'admin’s', scopes: ['read'] });
    // Another member's token: not found for a member, not found in another company.
    expect(
      (await member.browser.call('DELETE', `/api/api-tokens/${adminsToken.data.id}`, { token: member.token }))
        .statusCode,
    ).toBe(404);
    expect(
      (await stranger.browser.call('DELETE', `/api/api-tokens/${second.data.id}`, { token: stranger.token }))
        .statusCode,
    ).toBe(404);
    expect((await member.browser.get('/api/api-tokens?owner=company', { token: member.token })).statusCode).toBe(403);
    const strangers = answerOf(
      'listApiTokens',
      await stranger.browser.get('/api/api-tokens?owner=company', { token: stranger.token }),
    );
    expect(strangers.data.map((t) => t.id)).not.toContain(second.data.id);
    await makeAdministrator(admin);
    const company = answerOf(
      'listApiTokens',
      await admin.browser.get('/api/api-tokens?owner=company', { token: admin.token }),
    );
    expect(company.data.find((t) => t.id === second.data.id)?.owner.id).toBe(member.userId);
    expect(
      (await admin.browser.call('DELETE', `/api/api-tokens/${second.data.id}`, { token: admin.token })).statusCode,
    ).toBe(200);
    expect((await call(second.token, 'GET', '/api/findings')).statusCode).toBe(401);
    const audit = await auditOf('api_token.revoked', admin.companyId);
    expect(audit.at(-1)).toMatchObject({
      user_id: admin.userId,
      details: { api_credential: second.data.id, owner: member.userId },
    });
  });

  it("a deactivated member's token is refused at once, and works again on reactivation", async () => {
    const { app, tenant: admin } = fixture;
    const member = await newTenant(app, 'tokdeact', { join: admin, role: 'analyst' });
    const { token } = await createToken(member, { name: 'nightly', scopes: ['read'] });
    expect((await call(token, 'GET', '/api/findings')).statusCode).toBe(200);
    await makeAdministrator(admin);
    const off = await admin.browser.post(`/api/members/${member.userId}/deactivate`, {}, { token: admin.token });
    expect(off.statusCode, off.body).toBe(200);
    const refused = await call(token, 'GET', '/api/findings');
    expect(refused.statusCode).toBe(401);
    expect(errorOf(refused).message).toBe(TOKEN_MESSAGES.notMember);
    const on = await admin.browser.post(`/api/members/${member.userId}/reactivate`, {}, { token: admin.token });
    expect(on.statusCode, on.body).toBe(200);
    expect((await call(token, 'GET', '/api/findings')).statusCode).toBe(200);
  });
});
