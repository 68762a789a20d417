// The input the attacker of issue 11 sent, each of which answered 500: integers beyond int32, a NUL
// character in any text, a date the database cannot hold. Each is a 422 naming the field.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, type SignedIn, signIn } from '../testing/flows.js';
import { openTestDatabase, type TestDatabase, testApp, type VigilApp } from '../testing/test-app.js';

let database: TestDatabase;
let app: VigilApp;
let session: SignedIn;

beforeAll(async () => {
  database = await openTestDatabase();
  ({ app } = await testApp(database));
  session = await signIn(app);
});
afterAll(async () => {
  await app.close();
  await database.close();
});

type Errors = { message: string; errors: Record<string, string[]> };

async function call(method: 'GET' | 'POST' | 'PATCH', url: string, body?: unknown) {
  return session.browser.call(method, url, { token: session.token, ...(body === undefined ? {} : { body }) });
}

function expectInvalid(response: { statusCode: number; body: string }, field: string, message: string) {
  expect(response.statusCode, response.body).toBe(422);
  const body = json<Errors>(response);
  expect(body.message).toBe('The given data was invalid.');
  expect(body.errors[field], response.body).toEqual([message]);
}

const beyond = 2 ** 31;

describe('integers beyond int32', () => {
  it('in a path id', async () => {
    expectInvalid(
      await call('GET', `/api/findings/${beyond}`),
      'id',
      'The id field must not be greater than 2147483647.',
    );
    expectInvalid(
      await call('GET', '/api/imports/9007199254740993'),
      'id',
      'The id field must not be greater than 2147483647.',
    );
  });

  it('in query values', async () => {
    expectInvalid(
      await call('GET', `/api/findings?assignee_id=${beyond}`),
      'assignee_id',
      'The assignee id field must not be greater than 2147483647.',
    );
    expectInvalid(
      await call('GET', `/api/events?finding_id=${beyond}`),
      'finding_id',
      'The finding id field must not be greater than 2147483647.',
    );
  });

  it('in bodies', async () => {
    expectInvalid(
      await call('POST', '/api/get-clients', { selectCompany: beyond }),
      'selectCompany',
      'The select company field must not be greater than 2147483647.',
    );
    expectInvalid(
      await call('POST', '/api/findings/bulk-status', { ids: [1, beyond], status: 'in_review' }),
      'ids.1',
      'The ids 1 field must not be greater than 2147483647.',
    );
    expectInvalid(
      await call('PATCH', '/api/findings/1', { assignee_id: beyond }),
      'assignee_id',
      'The assignee id field must not be greater than 2147483647.',
    );
    expectInvalid(
      await call('POST', '/api/verify-two-factor', { user_id: 1e308, code: '123456' }),
      'user_id',
      'The user id field must not be greater than 2147483647.',
    );
  });

  it('below the minimum', async () => {
    expectInvalid(await call('GET', '/api/findings/0'), 'id', 'The id field must be at least 1.');
  });
});

describe('a NUL character in any text', () => {
  it('in the e-mail of a sign-in', async () => {
    expectInvalid(
      await call('POST', '/api/login', { email: 'analyst\u0000@acme-retail.example', password: 'x' }),
      'email',
      'The email field must not contain a NUL character.',
    );
  });

  it('in a query value, a path value and a nested body value', async () => {
    expectInvalid(await call('GET', '/api/findings?q=a%00b'), 'q', 'The q field must not contain a NUL character.');
    expectInvalid(
      await call('GET', '/api/verify-email/abc%00def'),
      'token',
      'The token field must not contain a NUL character.',
    );
    expectInvalid(
      await call('POST', '/api/findings/1/comments', { body: 'hello\u0000' }),
      'body',
      'The body field must not contain a NUL character.',
    );
  });
});

describe('dates the database cannot hold', () => {
  const message = 'The from field must be a valid date-time between the years 1900 and 2999.';

  it('year 0, year 9999 and an impossible day are refused; 1969 is accepted', async () => {
    expectInvalid(await call('GET', '/api/findings?from=0000-01-01T00:00:00Z'), 'from', message);
    expectInvalid(await call('GET', '/api/findings?from=9999-12-31T00:00:00Z'), 'from', message);
    expectInvalid(await call('GET', '/api/findings?from=2026-02-30T00:00:00Z'), 'from', message);
    expect((await call('GET', '/api/findings?from=1969-12-31T23:59:59Z')).statusCode).toBe(200);
  });

  it('in a body', async () => {
    expectInvalid(
      await call('PATCH', '/api/findings/1', { status: 'risk_accepted', risk_accepted_until: '0000-01-01T00:00:00Z' }),
      'risk_accepted_until',
      'The risk accepted until field must be a valid date-time between the years 1900 and 2999.',
    );
  });
});

describe('a body in a media type the operation does not take', () => {
  it('is a 415 naming the one it takes, not a string or a buffer handed to the handler', async () => {
    for (const contentType of ['text/plain', 'application/octet-stream']) {
      const response = await session.browser.post('/api/login', '{"email":"a@b.example","password":"x"}', {
        headers: { 'content-type': contentType },
      });
      expect(response.statusCode, response.body).toBe(415);
      expect(json(response)).toEqual({ message: 'Unsupported content type: this call takes application/json.' });
    }
  });
});
