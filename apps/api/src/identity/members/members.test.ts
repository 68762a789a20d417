// The user list's member operations: happy paths, refusals, the last-administrator rule (also
// under concurrency) and isolation between companies. Runs on PGlite and on PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VigilApp } from '../../app.js';
import { hashPassword } from '../../shared/passwords.js';
import { answerOf } from '../../testing/api.js';
import { json, latestMail, signIn } from '../../testing/flows.js';
import { newTenant, type Tenant } from '../../testing/monitoring.js';
import { openTestDatabase, type TestDatabase, testApp } from '../../testing/test-app.js';
import { updateUser } from '../users/users.repository.js';
import { LAST_ADMINISTRATOR } from './members.service.js';

let database: TestDatabase;
let app: VigilApp;
let admin: Tenant;
let analyst: Tenant;
let viewer: Tenant;
let otherAdmin: Tenant;

beforeAll(async () => {
  database = await openTestDatabase();
  ({ app } = await testApp(database));
  admin = await newTenant(app, 'members', { role: 'administrator' });
  analyst = await newTenant(app, 'members', { join: admin, role: 'analyst' });
  viewer = await newTenant(app, 'members', { join: admin, role: 'viewer' });
  otherAdmin = await newTenant(app, 'other', { role: 'administrator' });
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

async function members(who: Tenant) {
  const response = await who.browser.get('/api/members', { token: who.token });
  expect(response.statusCode, response.body).toBe(200);
  return answerOf('listMembers', response);
}

const put = (who: Tenant, url: string, body: unknown) => who.browser.call('PUT', url, { token: who.token, body });
const post = (who: Tenant, url: string) => who.browser.post(url, undefined, { token: who.token });
const del = (who: Tenant, url: string) => who.browser.call('DELETE', url, { token: who.token });

describe('the user list', () => {
  it("lists the company's members with role, status, last sign-in and two-factor method", async () => {
    const { data } = await members(admin);
    expect(data.map((m) => m.email).sort()).toEqual([admin.email, analyst.email, viewer.email].sort());
    const mine = data.find((m) => m.id === admin.userId);
    expect(mine).toMatchObject({ role: 'administrator', status: 'active', two_factor: 'email' });
    expect(mine?.last_sign_in_at).not.toBeNull();
  });

  it('shows the authenticator app as the method of a member who confirmed one', async () => {
    const now = new Date();
    await app.ctx.db
      .insertInto('authenticators')
      .values({ user_id: viewer.userId, secret_sealed: 'sealed', created_at: now, confirmed_at: now, last_step: null })
      .execute();
    try {
      const { data } = await members(admin);
      expect(data.find((m) => m.id === viewer.userId)?.two_factor).toBe('authenticator');
      expect(data.find((m) => m.id === analyst.userId)?.two_factor).toBe('email');
    } finally {
      await app.ctx.db.deleteFrom('authenticators').where('user_id', '=', viewer.userId).execute();
    }
  });

  it('refuses analysts and viewers every member operation (403)', async () => {
    for (const who of [analyst, viewer]) {
      expect((await who.browser.get('/api/members', { token: who.token })).statusCode).toBe(403);
      expect((await put(who, `/api/members/${who.userId}/role`, { role: 'administrator' })).statusCode).toBe(403);
      expect((await post(who, `/api/members/${admin.userId}/deactivate`)).statusCode).toBe(403);
      expect((await del(who, `/api/members/${admin.userId}`)).statusCode).toBe(403);
      const invite = await who.browser.post(
        '/api/member-invitations',
        { email: 'x@y.example', role: 'analyst' },
        { token: who.token },
      );
      expect(invite.statusCode).toBe(403);
    }
  });

  it('changes a role and shows who did it in the history', async () => {
    const changed = await put(admin, `/api/members/${viewer.userId}/role`, { role: 'analyst' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(answerOf('changeMemberRole', changed).data.role).toBe('analyst');
    await put(admin, `/api/members/${viewer.userId}/role`, { role: 'viewer' });
    const history = await admin.browser.get(`/api/members/${viewer.userId}/history`, { token: admin.token });
    const rows = answerOf('memberHistory', history).data;
    expect(rows[0]).toMatchObject({ event: 'member.role_changed', role: 'viewer', from: 'analyst' });
    expect(rows[0]?.by?.email).toBe(admin.email);
  });

  it('never demotes, deactivates or removes the last active administrator', async () => {
    for (const response of [
      await put(admin, `/api/members/${admin.userId}/role`, { role: 'analyst' }),
      await post(admin, `/api/members/${admin.userId}/deactivate`),
      await del(admin, `/api/members/${admin.userId}`),
    ]) {
      expect(response.statusCode, response.body).toBe(409);
      expect(json(response).message).toBe(LAST_ADMINISTRATOR);
    }
    expect((await members(admin)).data.find((m) => m.id === admin.userId)?.role).toBe('administrator');
  });

  it('lets one of two administrators step down, but not both at once', async () => {
    const second = await newTenant(app, 'members', { join: admin, role: 'administrator' });
    const [a, b] = await Promise.all([
      put(admin, `/api/members/${second.userId}/role`, { role: 'analyst' }),
      put(second, `/api/members/${admin.userId}/role`, { role: 'analyst' }),
    ]);
    const codes = [a.statusCode, b.statusCode].sort();
    // Whichever came second found one administrator left (or, demoted already, was refused its role).
    expect(codes[0]).toBe(200);
    expect([403, 409]).toContain(codes[1]);
    const admins = (await members(a.statusCode === 200 ? admin : second)).data.filter(
      (m) => m.role === 'administrator' && m.status === 'active',
    );
    expect(admins).toHaveLength(1);
    if (admins[0]?.id !== admin.userId) {
      await put(second, `/api/members/${admin.userId}/role`, { role: 'administrator' });
    }
    await del(admin, `/api/members/${second.userId}`);
  });

  it('deactivates a member in this company, ending every session at once, and reactivates', async () => {
    const member = await newTenant(app, 'members', { join: admin, role: 'analyst' });
    const off = await post(admin, `/api/members/${member.userId}/deactivate`);
    expect(off.statusCode, off.body).toBe(200);
    expect(answerOf('deactivateMember', off).data.status).toBe('deactivated');
    expect((await post(member, '/api/check-user')).statusCode).toBe(401);
    expect((await post(admin, `/api/members/${member.userId}/deactivate`)).statusCode).toBe(409);
    const on = await post(admin, `/api/members/${member.userId}/reactivate`);
    expect(answerOf('reactivateMember', on).data.status).toBe('active');
    const events = answerOf(
      'memberHistory',
      await admin.browser.get(`/api/members/${member.userId}/history`, { token: admin.token }),
    ).data.map((e) => e.event);
    expect(events).toEqual(['member.reactivated', 'member.deactivated']);
  });

  it('a deactivated member can still sign in but no longer works under the company', async () => {
    const member = await newTenant(app, 'members', { join: admin, role: 'analyst' });
    const password = 'Known-password-2026!';
    await updateUser(app.ctx.db, member.userId, { password_hash: await hashPassword(password) });
    await post(admin, `/api/members/${member.userId}/deactivate`);
    const again = await signIn(app, { email: member.email, password });
    // Its one company is left out of the user's companies (none left: 404).
    expect((await again.browser.get('/api/get-clients', { token: again.token })).statusCode).toBe(404);
    expect((await again.browser.get('/api/findings', { token: again.token })).statusCode).toBe(400);
    await post(admin, `/api/members/${member.userId}/reactivate`);
    expect((await again.browser.get('/api/findings', { token: again.token })).statusCode).toBe(200);
  });

  it('activates an account awaiting validation and tells the user', async () => {
    const member = await newTenant(app, 'members', { join: admin, role: 'analyst' });
    await updateUser(app.ctx.db, member.userId, { active: false });
    expect((await members(admin)).data.find((m) => m.id === member.userId)?.status).toBe('awaiting_validation');
    const activated = await post(admin, `/api/members/${member.userId}/activate`);
    expect(activated.statusCode, activated.body).toBe(200);
    expect(answerOf('activateMember', activated).data.status).toBe('active');
    expect((await latestMail(app, member.email)).subject).toBe('Your Vigil account is active');
    expect((await post(admin, `/api/members/${member.userId}/activate`)).statusCode).toBe(409);
  });

  it('removes a member from the company (the account stays)', async () => {
    const member = await newTenant(app, 'members', { join: admin, role: 'viewer' });
    const removed = await del(admin, `/api/members/${member.userId}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await members(admin)).data.some((m) => m.id === member.userId)).toBe(false);
    expect((await del(admin, `/api/members/${member.userId}`)).statusCode).toBe(404);
    const account = await app.ctx.db
      .selectFrom('users')
      .select('id')
      .where('id', '=', member.userId)
      .executeTakeFirst();
    expect(account?.id).toBe(member.userId);
  });

  it("never shows or changes another company's member (404, nothing changes)", async () => {
    expect((await members(otherAdmin)).data.map((m) => m.id)).toEqual([otherAdmin.userId]);
    const id = analyst.userId;
    const calls = [
      otherAdmin.browser.get(`/api/members/${id}/history`, { token: otherAdmin.token }),
      put(otherAdmin, `/api/members/${id}/role`, { role: 'viewer' }),
      post(otherAdmin, `/api/members/${id}/activate`),
      post(otherAdmin, `/api/members/${id}/deactivate`),
      post(otherAdmin, `/api/members/${id}/reactivate`),
      del(otherAdmin, `/api/members/${id}`),
    ];
    for (const response of await Promise.all(calls)) expect(response.statusCode, response.body).toBe(404);
    expect((await members(admin)).data.find((m) => m.id === id)).toMatchObject({ role: 'analyst', status: 'active' });
  });
});
