// The demo sign-in over real HTTP on 127.0.0.1 (the curl transcript of the issue, as a test).
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoUser } from './demo/demo.seed.js';
import { openTestDatabase, type TestDatabase, testApp, type VigilApp } from './testing/test-app.js';

let database: TestDatabase;
let app: VigilApp;
let base = '';

beforeAll(async () => {
  database = await openTestDatabase();
  ({ app } = await testApp(database));
  await app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await app.close();
  await database.close();
});

function cookieValue(response: Response, name: string): string | undefined {
  for (const line of response.headers.getSetCookie()) {
    const [pair = ''] = line.split(';');
    if (pair.startsWith(`${name}=`)) return pair.slice(name.length + 1);
  }
  return undefined;
}

describe('over HTTP', () => {
  it('csrf cookie → login → code from the outbox → verify → clients → logout → 401', async () => {
    const csrf = await fetch(`${base}/api/csrf-cookie`);
    expect(csrf.status).toBe(204);
    const xsrf = cookieValue(csrf, 'XSRF-TOKEN') ?? '';
    const headers = { 'content-type': 'application/json', 'x-xsrf-token': xsrf, cookie: `XSRF-TOKEN=${xsrf}` };

    const login = await fetch(`${base}/api/login`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ email: demoUser.email, password: demoUser.password }),
    });
    expect(login.status).toBe(200);
    const step = (await login.json()) as { user_id: number; two_factor_required: boolean };
    expect(step.two_factor_required).toBe(true);
    const pending = cookieValue(login, 'vigil_pending') ?? '';

    const outbox = await fetch(`${base}/api/dev/outbox?to=${encodeURIComponent(demoUser.email)}&limit=1`);
    const mail = (await outbox.json()) as { data: { text: string }[] };
    const code = /code is (\d{6})/.exec(mail.data[0]?.text ?? '')?.[1];

    const verify = await fetch(`${base}/api/verify-two-factor`, {
      method: 'POST',
      headers: { ...headers, cookie: `XSRF-TOKEN=${xsrf}; vigil_pending=${pending}` },
      body: JSON.stringify({ user_id: step.user_id, code }),
    });
    expect(verify.status).toBe(200);
    const { access_token: token } = (await verify.json()) as { access_token: string };
    const auth = { ...headers, authorization: `Bearer ${token}` };

    const clients = await fetch(`${base}/api/get-clients`, { headers: auth });
    expect(clients.status).toBe(200);
    expect(((await clients.json()) as { data: unknown[] }).data).toHaveLength(2);

    expect((await fetch(`${base}/api/logout`, { method: 'POST', headers: auth })).status).toBe(200);
    const after = await fetch(`${base}/api/check-user`, { method: 'POST', headers: auth });
    expect(after.status).toBe(401);
  });
});
