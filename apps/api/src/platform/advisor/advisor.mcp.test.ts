// POST /api/mcp (issue 20): the advisor's tools as an MCP server for other assistants, called with
// the user's bearer token and no cookie (no anti-forgery header then), answering as that user in
// the user's current company; JSON-RPC errors for unknown methods and bad params.
import { describe, expect, it } from 'vitest';
import { answerOf, errorOf } from '../../testing/api.js';
import { json } from '../../testing/flows.js';
import { importFile, newTenant, type Tenant, tenantFixture } from '../../testing/monitoring.js';
import { MCP_FOREIGN_ORIGIN, MCP_PROTOCOL_VERSION } from './advisor.mcp.js';
import { TOOL_NAMES } from './advisor.types.js';

const fixture = tenantFixture('mcp');

interface RpcAnswer {
  jsonrpc: string;
  id: string | number | null;
  result?: Record<string, unknown> & {
    tools?: { name: string; inputSchema: { type: string } }[];
    content?: { type: string; text: string }[];
    structuredContent?: Record<string, unknown>;
    isError?: boolean;
  };
  error?: { code: number; message: string };
}

/** An MCP client: its bearer token, no cookie, no anti-forgery header (and no Origin, unless a page sends it). */
async function rpc(token: string | undefined, body: unknown, origin?: string) {
  return fixture.app.inject({
    method: 'POST',
    url: '/api/mcp',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(origin ? { origin } : {}),
    },
    payload: JSON.stringify(body),
  });
}

async function call(who: Tenant, method: string, params?: unknown, id: number | string = 1): Promise<RpcAnswer> {
  const response = await rpc(who.token, { jsonrpc: '2.0', id, method, ...(params ? { params } : {}) });
  expect(response.statusCode, response.body).toBe(200);
  return json<RpcAnswer>(response);
}

const leak = (domain: string, user: string) => `${user}@${domain}:Clear-Pw-${user}-2026`;

describe('the MCP endpoint', () => {
  it('initialises, lists the eight tools with their input schemas, and answers pings', async () => {
    const { tenant: a } = fixture;
    const init = await call(a, 'initialize', {
      protocolVersion: MCP_PROTOCOL_VERSION,
      capabilities: {},
      clientInfo: { name: 'test-client', version: '1.0.0' },
    });
    expect(init).toMatchObject({
      jsonrpc: '2.0',
      id: 1,
      result: { protocolVersion: '2025-06-18', capabilities: { tools: {} }, serverInfo: { name: 'vigil-advisor' } },
    });
    expect((await rpc(a.token, { jsonrpc: '2.0', method: 'notifications/initialized' })).statusCode).toBe(202);
    const list = await call(a, 'tools/list', {}, 'list-1');
    expect(list.id).toBe('list-1');
    expect(list.result?.tools?.map((t) => t.name)).toEqual([...TOOL_NAMES]);
    for (const tool of list.result?.tools ?? []) expect(tool.inputSchema.type).toBe('object');
    expect(await call(a, 'ping')).toEqual({ jsonrpc: '2.0', id: 1, result: {} });
  });

  it("calls a tool as the user, in the user's company, never another's", async () => {
    const { app, tenant: a } = fixture;
    const b = await newTenant(app, 'mcpb');
    await importFile(app, a, 'combolist', 'a.txt', [leak(a.domain, 'ana'), leak(a.domain, 'ben')].join('\n'));
    await importFile(app, b, 'combolist', 'b.txt', leak(b.domain, 'bob'));
    const answer = await call(a, 'tools/call', { name: 'leaked_accounts', arguments: { clearPasswordOnly: true } });
    const result = answer.result;
    expect(result?.isError).toBe(false);
    const data = result?.structuredContent as { accounts: { email: string; clear_password: boolean; path: string }[] };
    expect(data.accounts.map((x) => x.email).sort()).toEqual([`ana@${a.domain}`, `ben@${a.domain}`]);
    expect(JSON.parse(result?.content?.[0]?.text ?? '{}')).toEqual(data);
    expect(JSON.stringify(answer)).not.toMatch(/Clear-Pw-|•/);
    expect(JSON.stringify(answer)).not.toContain(b.domain);
    // B's finding by its id: not found for A (a tool error the client's model reads), found for B.
    const ofB = answerOf('listFindings', await b.browser.get('/api/findings', { token: b.token })).data[0]?.id;
    const refused = await call(a, 'tools/call', { name: 'get_finding', arguments: { id: ofB } });
    expect(refused.result).toMatchObject({
      isError: true,
      content: [{ type: 'text', text: `Finding ${ofB} not found.` }],
    });
    const own = await call(b, 'tools/call', { name: 'get_finding', arguments: { id: ofB } });
    expect(own.result?.structuredContent).toMatchObject({
      finding: { ref: `F${ofB}`, path: `/credentials?open=${ofB}` },
    });
  });

  it('works for a viewer, read-only', async () => {
    const { app, tenant: a } = fixture;
    const viewer = await newTenant(app, 'mcpviewer', { join: a, role: 'viewer' });
    const answer = await call(viewer, 'tools/call', { name: 'posture_summary', arguments: {} });
    expect(answer.result?.isError).toBe(false);
    expect(answer.result?.structuredContent).toMatchObject({ rating: { ref: 'rating', path: '/technicalrisk' } });
  });

  it('answers JSON-RPC errors for unknown methods and tools and bad params, and tool errors for bad arguments', async () => {
    const { tenant: a } = fixture;
    expect((await call(a, 'resources/list')).error).toMatchObject({ code: -32601 });
    expect((await call(a, 'tools/call', { name: 'delete_everything', arguments: {} })).error).toMatchObject({
      code: -32602,
    });
    expect((await call(a, 'tools/call', { arguments: {} })).error).toMatchObject({ code: -32602 });
    expect((await call(a, 'tools/call', { name: 'search', arguments: 'q' })).error).toMatchObject({ code: -32602 });
    const bad = await call(a, 'tools/call', { name: 'list_findings', arguments: { limit: 1000, extra: true } });
    expect(bad.result?.isError).toBe(true);
    expect(bad.result?.content?.[0]?.text).toMatch(/^Invalid arguments for list_findings/);
    const malformed = await rpc(a.token, { jsonrpc: '1.0', method: 'ping' });
    expect(malformed.statusCode).toBeLessThan(500);
    expect(malformed.statusCode).not.toBe(200);
  });

  it('needs a valid token; with a cookie, the anti-forgery header is required as for any call', async () => {
    const { tenant: a } = fixture;
    // Without a bearer token the call is an ordinary state-changing one: the anti-forgery check first.
    expect((await rpc(undefined, { jsonrpc: '2.0', id: 1, method: 'ping' })).statusCode).toBe(419);
    expect((await rpc('not-a-token', { jsonrpc: '2.0', id: 1, method: 'ping' })).statusCode).toBe(401);
    // The signed-in browser (cookies) without the header: refused, as every state-changing call.
    const noHeader = await a.browser.post('/api/mcp', { jsonrpc: '2.0', id: 1, method: 'ping' }, { noCsrf: true });
    expect(noHeader.statusCode).toBe(419);
    const withHeader = await a.browser.post('/api/mcp', { jsonrpc: '2.0', id: 1, method: 'ping' }, { token: a.token });
    expect(withHeader.statusCode).toBe(200);
    // The exemption is the MCP endpoint's only: any other call with a bearer and no cookie still needs the header.
    const other = await fixture.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { authorization: `Bearer ${a.token}` },
    });
    expect(other.statusCode).toBe(419);
  });

  it("refuses a page of another origin (DNS rebinding), answers the product's own pages and clients without Origin", async () => {
    const { tenant: a } = fixture;
    const ping = { jsonrpc: '2.0', id: 1, method: 'ping' };
    // A rebound name reaches this server with the attacker's page as its Origin, even holding a token.
    for (const origin of ['http://evil.test', 'http://127.0.0.1:3999.evil.test', 'https://127.0.0.1:3999', 'null']) {
      const refused = await rpc(a.token, ping, origin);
      expect(refused.statusCode, origin).toBe(403);
      expect(errorOf(refused).message).toBe(MCP_FOREIGN_ORIGIN);
    }
    expect((await rpc(undefined, ping, 'http://evil.test')).statusCode).not.toBe(200);
    expect((await rpc(a.token, ping, 'http://127.0.0.1:3999')).statusCode).toBe(200);
    expect((await rpc(a.token, ping)).statusCode).toBe(200);
  });
});
