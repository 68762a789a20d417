import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, createApiClient } from './index.js';

// A real HTTP server on 127.0.0.1: each test sets how it answers and reads what it received.
type Reply = { status: number; body?: unknown; headers?: Record<string, string>; delayMs?: number };
let server: Server;
let baseUrl: string;
let reply: Reply;
let received: { method: string; url: string; headers: IncomingMessage['headers']; body: string }[];

beforeAll(async () => {
  server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let body = '';
    req.on('data', (chunk: Buffer) => {
      body += chunk.toString();
    });
    req.on('end', () => {
      received.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      setTimeout(() => {
        const text = reply.body === undefined ? '' : JSON.stringify(reply.body);
        res.writeHead(reply.status, { 'Content-Type': 'application/json', ...reply.headers });
        res.end(text);
      }, reply.delayMs ?? 0);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  received = [];
  reply = { status: 200, body: {} };
});

const user = { id: 7, name: 'Ana', email: 'ana@acme.test', idCliente: 1 };

describe('createApiClient', () => {
  it('sends JSON to the /api path with Bearer, anti-forgery and Accept headers', async () => {
    reply = { status: 200, body: { access_token: 'tok', token_type: 'Bearer', expires_in: 60, user } };
    const api = createApiClient({
      baseUrl,
      getAccessToken: () => 'secret-token',
      getCookies: () => 'theme=dark; XSRF-TOKEN=abc%3D%3D; other=1',
    });
    const { data } = await api.POST('/login', { body: { email: 'ana@acme.test', password: 'pw' } });
    expect(data).toEqual({ access_token: 'tok', token_type: 'Bearer', expires_in: 60, user });
    const [request] = received;
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe('/api/login');
    expect(request?.headers.authorization).toBe('Bearer secret-token');
    expect(request?.headers['x-xsrf-token']).toBe('abc==');
    expect(request?.headers.accept).toBe('application/json');
    expect(request?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(request?.body ?? '')).toEqual({ email: 'ana@acme.test', password: 'pw' });
  });

  it('awaits an asynchronous token source and sends no Authorization or XSRF header without them', async () => {
    const withToken = createApiClient({ baseUrl, getAccessToken: async () => 'later', getCookies: () => '' });
    await withToken.GET('/get-clients');
    const without = createApiClient({ baseUrl, getAccessToken: () => null, getCookies: () => '' });
    await without.GET('/get-clients');
    expect(received[0]?.headers.authorization).toBe('Bearer later');
    expect(received[1]?.headers.authorization).toBeUndefined();
    expect(received[1]?.headers['x-xsrf-token']).toBeUndefined();
  });

  it('fills path parameters and query values from the contract', async () => {
    const api = createApiClient({ baseUrl, getCookies: () => '' });
    await api.GET('/confirm-registration/{id}/{token}', { params: { path: { id: 12, token: 'a b' } } });
    await api.GET('/auth/microsoft/login/retrieveToken', {
      params: { query: { redirect_key: 'k1', temp_token: 't1' } },
    });
    expect(received[0]?.url).toBe('/api/confirm-registration/12/a%20b');
    expect(received[1]?.url).toBe('/api/auth/microsoft/login/retrieveToken?redirect_key=k1&temp_token=t1');
  });

  it('rejects a 422 with an ApiError that carries the validation map and its joined text', async () => {
    reply = {
      status: 422,
      body: { message: 'The given data was invalid.', errors: { email: ['Bad e-mail.'], password: ['Too short.'] } },
    };
    const api = createApiClient({ baseUrl, getCookies: () => '' });
    const error = await api.POST('/register', { body: registration() }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    const apiError = error as ApiError;
    expect(apiError.status).toBe(422);
    expect(apiError.serverMessage).toBe('The given data was invalid.');
    expect(apiError.validation).toEqual({ email: ['Bad e-mail.'], password: ['Too short.'] });
    expect(apiError.validationText()).toBe('Bad e-mail. Too short.');
  });

  it('rejects a 403 with the body flags, details and the rest of the body', async () => {
    reply = {
      status: 403,
      body: { message: 'Pending', details: 'Ask your administrator.', active_validation_required: true, user_id: 9 },
    };
    const api = createApiClient({ baseUrl, getCookies: () => '' });
    const error = (await api
      .POST('/login', { body: { email: 'a@b.test', password: 'x' } })
      .catch((e) => e)) as ApiError;
    expect(error.status).toBe(403);
    expect(error.flags).toEqual({ active_validation_required: true });
    expect(error.details).toBe('Ask your administrator.');
    expect(error.body).toMatchObject({ user_id: 9 });
  });

  it('hands the server message of a 401 to the hook, then rejects', async () => {
    reply = { status: 401, body: { message: 'Session expired due to inactivity.' } };
    const onUnauthorized = vi.fn();
    const api = createApiClient({ baseUrl, getAccessToken: () => 't', getCookies: () => '', onUnauthorized });
    const error = (await api.POST('/check-user').catch((e) => e)) as ApiError;
    expect(error.status).toBe(401);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(onUnauthorized.mock.calls[0]?.[0].serverMessage).toBe('Session expired due to inactivity.');
  });

  it('reads Retry-After of a 429 and keeps a non-JSON body as text', async () => {
    const api = createApiClient({ baseUrl, getCookies: () => '' });
    reply = { status: 429, body: { message: 'Too many attempts.' }, headers: { 'Retry-After': '42' } };
    const limited = (await api.POST('/resend-two-factor', { body: { user_id: 1 } }).catch((e) => e)) as ApiError;
    expect(limited.retryAfter).toBe(42);
    expect(limited.message).toBe('Too many attempts.');
    reply = { status: 502, body: undefined };
    const bare = (await api.POST('/logout').catch((e) => e)) as ApiError;
    expect(bare.status).toBe(502);
    expect(bare.serverMessage).toBeUndefined();
    expect(bare.message).toBe('Bad Gateway');
  });

  it('has no timeout: a slow answer still resolves', async () => {
    reply = { status: 200, body: { status: 'active' }, delayMs: 1200 };
    const api = createApiClient({ baseUrl, getCookies: () => '' });
    const { data } = await api.POST('/check-user');
    expect(data).toEqual({ status: 'active' });
  });

  it('turns a failed connection into an ApiError with status 0', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const api = createApiClient({ baseUrl: `http://127.0.0.1:${port}/api`, getCookies: () => '' });
    const error = (await api.POST('/logout').catch((e) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(0);
  });
});

function registration() {
  return { name: 'Ana', email: 'ana@acme.test', password: 'pw', password_confirmation: 'pw' };
}
