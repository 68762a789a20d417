// A body field the contract does not know (its object schemas say additionalProperties: false) is
// refused with the contract's 422, naming the field, instead of being dropped silently (issue 32
// item 8): on every operation with a JSON body, at the top level and inside nested objects.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, type SignedIn } from '../testing/flows.js';
import { newTenant } from '../testing/monitoring.js';
import { openTestDatabase, type TestDatabase, testApp, type VigilApp } from '../testing/test-app.js';
import { contractOperations, loadContract } from './api-routes.plugin.js';

let database: TestDatabase;
let app: VigilApp;
let session: SignedIn;

beforeAll(async () => {
  database = await openTestDatabase();
  ({ app } = await testApp(database));
  // An administrator (and platform operator): every role check lets the call through to validation.
  session = await newTenant(app, 'fields', { role: 'administrator', operator: true });
});
afterAll(async () => {
  await app.close();
  await database.close();
});

const contract = loadContract();
// JSON-RPC messages of the MCP endpoint are open by design (the protocol adds fields over time).
// Jira's webhook payload is Jira's (ADR 0050): only webhookEvent and the issue are read.
const OPEN_BODIES = ['POST /mcp', 'POST /alerts/channels/{id}/jira-events'];
const jsonBodies = contractOperations(contract).filter(
  (op) => op.bodyTypes.includes('application/json') && !OPEN_BODIES.includes(`${op.method} ${op.path}`),
);

const headers = () => ({
  authorization: `Bearer ${session.token}`,
  cookie: 'XSRF-TOKEN=t',
  'x-xsrf-token': 't',
});

const concrete = (path: string) => `/api${path.replace(/\{id\}/g, '1').replace(/\{[^}]+\}/g, 'x')}`;

async function send(method: string, url: string, payload: unknown) {
  const response = await app.inject({ method: method as 'POST', url, headers: headers(), payload: payload as object });
  const body = response.body ? json<{ message?: string; errors?: Record<string, string[]> }>(response) : {};
  return { status: response.statusCode, body };
}

describe('unknown body fields', () => {
  it('the contract closes every JSON body but the MCP endpoint', () => {
    expect(jsonBodies.length).toBeGreaterThan(50);
  });

  it.each(jsonBodies.map((op) => [`${op.method} ${op.path}`, op] as const))(
    '%s answers 422 naming an unknown field',
    async (_name, op) => {
      const { status, body } = await send(op.method, concrete(op.path), { sneaky: true });
      expect(status, JSON.stringify(body)).toBe(422);
      expect(body.message).toBe('The given data was invalid.');
      expect(body.errors?.sneaky).toEqual(['The sneaky field is not allowed.']);
    },
  );

  it('refuses an otherwise valid body for its extra field alone, and a nested one by its path', async () => {
    const login = await send('POST', '/api/login', { email: 'nobody@example.com', password: 'x', remember: true });
    expect(login).toEqual({
      status: 422,
      body: { message: 'The given data was invalid.', errors: { remember: ['The remember field is not allowed.'] } },
    });
    // Without the extra field the same call reaches the handler (a wrong password, not a 422).
    expect((await send('POST', '/api/login', { email: 'nobody@example.com', password: 'x' })).status).not.toBe(422);

    const nested = await send('POST', '/api/js-rules/test', { definition: { match: 'all', sneaky: 1 } });
    expect(nested.status, JSON.stringify(nested.body)).toBe(422);
    expect(nested.body.errors?.['definition.sneaky']).toEqual(['The definition sneaky field is not allowed.']);
  });
});
