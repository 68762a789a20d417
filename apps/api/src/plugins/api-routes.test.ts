// Every operation of the contract is served, and the cross-cutting rules hold on every route:
// 422 in the contract's shape, 419 without the anti-forgery header, 401 without a session.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validationOf } from '../testing/api.js';
import { json, type SignedIn, signIn } from '../testing/flows.js';
import { openTestDatabase, type TestDatabase, testApp, type VigilApp } from '../testing/test-app.js';
import { contractOperations, loadContract } from './api-routes.plugin.js';

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

const operations = contractOperations(loadContract());

function concrete(path: string): string {
  return `/api${path.replace(/\{id\}/g, '1').replace(/\{[^}]+\}/g, 'x')}`;
}

describe('every operation of the contract', () => {
  it('lists the 18 calls of spec §7 and the additions', () => {
    expect(operations.length).toBeGreaterThanOrEqual(18);
  });

  it.each(operations.map((op) => [`${op.method} ${op.path}`, op] as const))('%s is served', async (_name, op) => {
    const fastifyPath = `/api${op.path.replace(/\{([^}]+)\}/g, ':$1')}`;
    expect(app.hasRoute({ method: op.method as 'GET', url: fastifyPath })).toBe(true);
    // Called signed in and with the anti-forgery header, so the handler itself answers.
    const token = op.operationId === 'logout' ? (await signIn(app)).token : session.token;
    const response = await app.inject({
      method: op.method as 'GET',
      url: concrete(op.path),
      headers: { authorization: `Bearer ${token}`, cookie: 'XSRF-TOKEN=t', 'x-xsrf-token': 't' },
    });
    // Whatever the outcome (validation, CSRF, auth), it comes from the route, not the router's 404.
    const isJson = String(response.headers['content-type'] ?? '').startsWith('application/json');
    const body = isJson && response.body ? json(response) : {};
    expect(body.message ?? '').not.toMatch(/^Route .* not found$/);
    expect(response.statusCode, String(body.message ?? '')).not.toBe(501);
    if (op.tag === 'microsoft' && response.statusCode === 503) {
      // This app has no OpenID provider: the documented 503 of the start calls.
      expect(body.message).toBe('Microsoft sign-in is not configured on this server.');
    } else {
      expect(response.statusCode).toBeLessThan(500);
    }
  });

  it('secured operations answer 401 without a session (after the CSRF check)', async () => {
    for (const op of operations.filter((o) => o.secured && o.method === 'GET')) {
      const response = await app.inject({ method: 'GET', url: concrete(op.path) });
      expect(response.statusCode, op.operationId).toBe(401);
      expect(json(response).message).toBe('Unauthenticated.');
    }
  });
});

describe('cross-cutting rules', () => {
  it('sets XSRF-TOKEN on /api answers and refuses a POST without the header (419)', async () => {
    const first = await app.inject({ method: 'GET', url: '/api/csrf-cookie' });
    expect(first.statusCode).toBe(204);
    const cookie = first.cookies.find((c) => c.name === 'XSRF-TOKEN');
    expect(cookie?.httpOnly).toBeFalsy();
    expect(cookie?.sameSite).toBe('Lax');
    expect(cookie?.path).toBe('/');
    const refused = await app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { cookie: `XSRF-TOKEN=${cookie?.value}` },
      payload: { email: 'a@b.example', password: 'x' },
    });
    expect(refused.statusCode).toBe(419);
    expect(json(refused)).toEqual({ message: 'CSRF token mismatch.' });
    const wrong = await app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { cookie: `XSRF-TOKEN=${cookie?.value}`, 'x-xsrf-token': 'other' },
      payload: { email: 'a@b.example', password: 'x' },
    });
    expect(wrong.statusCode).toBe(419);
  });

  it('answers schema failures with 422 and a field map', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/register',
      headers: { cookie: 'XSRF-TOKEN=t', 'x-xsrf-token': 't' },
      payload: { name: '', email: 'not-an-email' },
    });
    expect(response.statusCode).toBe(422);
    const body = validationOf(response);
    expect(body.message).toBe('The given data was invalid.');
    expect(body.errors.email).toEqual(['The email field must be a valid email address.']);
    expect(body.errors.password).toEqual(['The password field is required.']);
    expect(body.errors.password_confirmation).toEqual(['The password confirmation field is required.']);
    expect(body.errors.name).toEqual(['The name field is required.']);
  });

  it('answers a missing body with 422 naming the required fields', async () => {
    for (const headers of [{}, { 'content-type': 'application/json' }]) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/login',
        headers: { cookie: 'XSRF-TOKEN=t', 'x-xsrf-token': 't', ...headers },
      });
      expect(response.statusCode).toBe(422);
      expect(json(response)).toEqual({
        message: 'The given data was invalid.',
        errors: { email: ['The email field is required.'], password: ['The password field is required.'] },
      });
    }
  });

  it('answers malformed JSON with 400', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { cookie: 'XSRF-TOKEN=t', 'x-xsrf-token': 't', 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(response.statusCode).toBe(400);
    expect(json(response).message).toBe('Malformed JSON body.');
  });

  it('sends the security headers and no-store on /api', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(json(response)).toEqual({ status: 'ok', database: database.kind });
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('same-origin');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('answers an unknown /api path with a JSON 404', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(json(response)).toEqual({ message: 'Not found.' });
  });
});
