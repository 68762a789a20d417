// API tokens (issue 37, ADR 0048), the edges: the anti-forgery rule for a bearer without a cookie,
// the MCP endpoint with and without its scope, and expiry (with lookalikes refused without a match).
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../shared/clock.js';
import { errorOf } from '../../testing/api.js';
import { importFile, tenantFixture } from '../../testing/monitoring.js';
import { TOKEN_MESSAGES } from './api-tokens.auth.js';
import { tokenHelpers } from './api-tokens.testing.js';

const fixture = tenantFixture('tokens-edges');
const { createToken, call, leak } = tokenHelpers(fixture);

describe('anti-forgery and the MCP endpoint', () => {
  it('a token without a cookie needs no anti-forgery header; with a cookie it does', async () => {
    const { app, tenant: a } = fixture;
    const { token } = await createToken(a, { name: 'csrf', scopes: ['read', 'triage'] });
    const withCookie = await app.inject({
      method: 'POST',
      url: '/api/findings/bulk-status',
      headers: { authorization: `Bearer ${token}`, cookie: 'XSRF-TOKEN=abc', 'content-type': 'application/json' },
      payload: JSON.stringify({ ids: [1], status: 'in_review' }),
    });
    expect(withCookie.statusCode).toBe(419);
    const withoutCookie = await call(token, 'POST', '/api/findings/bulk-status', {
      ids: [2147483647],
      status: 'in_review',
    });
    expect(withoutCookie.statusCode, withoutCookie.body).toBe(200);
  });

  it('an mcp token lists and calls the tools in its company; a token without mcp is refused', async () => {
    const { app, tenant: a } = fixture;
    await importFile(app, a, 'combolist', 'mcp.txt', leak(a.domain, 'mcp'));
    const mcp = (await createToken(a, { name: 'Claude Desktop', scopes: ['read', 'mcp'] })).token;
    const reader = (await createToken(a, { name: 'reader', scopes: ['read'] })).token;
    const rpc = (token: string, method: string, params: unknown) =>
      call(token, 'POST', '/api/mcp', { jsonrpc: '2.0', id: 1, method, params });
    const tools = await rpc(mcp, 'tools/list', {});
    expect(tools.statusCode, tools.body).toBe(200);
    const answer = await rpc(mcp, 'tools/call', { name: 'leaked_accounts', arguments: {} });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.body).toContain(`mcp@${a.domain}`);
    expect(answer.body).not.toContain('"isError":true');
    const found = await rpc(mcp, 'tools/call', { name: 'search', arguments: { q: 'mcp' } });
    expect(found.statusCode, found.body).toBe(200);
    expect(found.body).not.toContain('"isError":true');
    const refused = await rpc(reader, 'tools/list', {});
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused).message).toBe(TOKEN_MESSAGES.missingScope('mcp'));
  });
});

// Last: it moves the app's clock a day on, past every session of the fixture.
describe('expiry', () => {
  it('an expired token is refused; a lookalike or a bad checksum is refused without a match', async () => {
    const { app, tenant: a } = fixture;
    const { token } = await createToken(a, { name: 'short', scopes: ['read'], expires_in_days: 1 });
    expect((await call(token, 'GET', '/api/findings')).statusCode).toBe(200);
    const clock = app.ctx.clock;
    if (!(clock instanceof ManualClock)) throw new Error('The test app runs on a manual clock.');
    clock.advance(86_400_000 + 1000);
    const expired = await call(token, 'GET', '/api/findings');
    expect(expired.statusCode).toBe(401);
    expect(errorOf(expired).message).toBe(TOKEN_MESSAGES.expired);
    const flipped = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    expect((await call(flipped, 'GET', '/api/findings')).statusCode).toBe(401);
    expect((await call('vigil_pat_short', 'GET', '/api/findings')).statusCode).toBe(401);
  });
});
