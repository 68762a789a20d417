// Invitations: the e-mailed single-use link (7 days), a new account set up from it, an existing
// account that only gains the membership, re-send and revoke, and isolation between companies.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VigilApp } from '../../app.js';
import { answerOf, errorOf, sessionOf, signInStepOf } from '../../testing/api.js';
import { TestBrowser } from '../../testing/browser.js';
import { latestMail } from '../../testing/flows.js';
import { newTenant, type Tenant } from '../../testing/monitoring.js';
import { openTestDatabase, type TestDatabase, testApp } from '../../testing/test-app.js';
import { INVALID_INVITATION } from './invitations.service.js';

let database: TestDatabase;
let app: VigilApp;
let admin: Tenant;
let otherAdmin: Tenant;
let visitor: TestBrowser;

beforeAll(async () => {
  database = await openTestDatabase();
  ({ app } = await testApp(database));
  admin = await newTenant(app, 'invites', { role: 'administrator' });
  otherAdmin = await newTenant(app, 'elsewhere', { role: 'administrator' });
  visitor = await TestBrowser.open(app);
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

let seq = 0;
const address = () => {
  seq += 1;
  return `new-${seq}-${Date.now()}@people.example`;
};

async function invite(who: Tenant, email: string, role = 'analyst') {
  const response = await who.browser.post('/api/member-invitations', { email, role }, { token: who.token });
  expect(response.statusCode, response.body).toBe(201);
  return answerOf('inviteMember', response).data;
}

async function linkToken(email: string) {
  const mail = await latestMail(app, email);
  const token = /\/invitation\?token=([A-Za-z0-9_-]+)/.exec(mail.text_body ?? '')?.[1];
  if (!token) throw new Error('no invitation link');
  return token;
}

const lookup = (token: string) => visitor.post('/api/invitations/lookup', { token });
const accept = (body: Record<string, string>) => visitor.post('/api/invitations/accept', body);
const password = 'Invited-person-2026!';

describe('invitations', () => {
  it('e-mails a 7-day single-use link; the new person sets a name and password, signs in, and is a member', async () => {
    const email = address();
    const invitation = await invite(admin, email, 'viewer');
    expect(invitation.status).toBe('invited');
    const listed = answerOf('listMembers', await admin.browser.get('/api/members', { token: admin.token }));
    expect(listed.invitations.map((i) => i.email)).toContain(email);
    const token = await linkToken(email);
    expect(answerOf('lookupInvitation', await lookup(token)).data).toEqual({
      email,
      company: expect.stringContaining('Company'),
      account_exists: false,
    });
    const weak = await accept({ token, name: 'Nina New', password: 'short', password_confirmation: 'short' });
    expect(weak.statusCode).toBe(422);
    const accepted = await accept({ token, name: 'Nina New', password, password_confirmation: password });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect((await accept({ token, name: 'Again', password, password_confirmation: password })).statusCode).toBe(400);
    expect(errorOf(await lookup(token)).message).toBe(INVALID_INVITATION);

    // The normal sign-in: password, the e-mailed code, then the terms (a new account accepts them once).
    const member = await TestBrowser.open(app);
    const login = signInStepOf(await member.post('/api/login', { email, password }));
    const code = /code is (\d{6})/.exec((await latestMail(app, email)).text_body ?? '')?.[1];
    const verified = await member.post('/api/verify-two-factor', { user_id: login.user_id, code });
    expect(signInStepOf(verified).terms_accepted_required).toBe(true);
    const terms = await member.post('/api/terms-accepted', { user_id: login.user_id, terms: true, privacy: true });
    expect(terms.statusCode, terms.body).toBe(200);
    const signedIn = {
      browser: member,
      token: sessionOf(terms).access_token,
      userId: login.user_id,
    };
    const clients = answerOf('listClients', await member.get('/api/get-clients', { token: signedIn.token }));
    expect(clients.data).toEqual([expect.objectContaining({ idCliente: admin.companyId, role: 'viewer' })]);
    const history = answerOf(
      'memberHistory',
      await admin.browser.get(`/api/members/${signedIn.userId}/history`, { token: admin.token }),
    );
    expect(history.data.map((e) => e.event)).toContain('member.joined');
  });

  it('refuses an expired link', async () => {
    const email = address();
    await invite(admin, email);
    const token = await linkToken(email);
    await app.ctx.db
      .updateTable('invitations')
      .set({ expires_at: new Date('2000-01-01T00:00:00Z') })
      .where('email', '=', email)
      .execute();
    expect((await lookup(token)).statusCode).toBe(400);
    expect((await accept({ token, name: 'Late', password, password_confirmation: password })).statusCode).toBe(400);
  });

  it('re-sends with a new link (the old one stops working) and revokes', async () => {
    const email = address();
    const { id } = await invite(admin, email);
    expect(
      (await admin.browser.post('/api/member-invitations', { email, role: 'viewer' }, { token: admin.token }))
        .statusCode,
    ).toBe(409);
    const first = await linkToken(email);
    const resent = await admin.browser.post(`/api/member-invitations/${id}/resend`, undefined, { token: admin.token });
    expect(resent.statusCode, resent.body).toBe(200);
    const second = await linkToken(email);
    expect(second).not.toBe(first);
    expect((await lookup(first)).statusCode).toBe(400);
    expect((await lookup(second)).statusCode).toBe(200);
    const revoked = await admin.browser.call('DELETE', `/api/member-invitations/${id}`, { token: admin.token });
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect((await lookup(second)).statusCode).toBe(400);
  });

  it('adds the membership to an existing account without touching its password or name', async () => {
    const outsider = await newTenant(app, 'existing', { role: 'analyst' });
    await invite(admin, outsider.email, 'analyst');
    const token = await linkToken(outsider.email);
    expect(answerOf('lookupInvitation', await lookup(token)).data.account_exists).toBe(true);
    const accepted = await accept({
      token,
      name: 'Someone Else',
      password: 'Another-password-1',
      password_confirmation: 'Another-password-1',
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const user = await app.ctx.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', outsider.userId)
      .executeTakeFirstOrThrow();
    expect(user.name).not.toBe('Someone Else');
    const clients = answerOf('listClients', await outsider.browser.get('/api/get-clients', { token: outsider.token }));
    expect(clients.data.map((c) => c.idCliente).sort()).toEqual([outsider.companyId, admin.companyId].sort());
  });

  it('refuses to invite a member of the company again (409)', async () => {
    const response = await admin.browser.post(
      '/api/member-invitations',
      { email: admin.email, role: 'viewer' },
      { token: admin.token },
    );
    expect(response.statusCode).toBe(409);
  });

  it("never shows, re-sends or revokes another company's invitation", async () => {
    const { id } = await invite(admin, address());
    const theirs = answerOf('listMembers', await otherAdmin.browser.get('/api/members', { token: otherAdmin.token }));
    expect(theirs.invitations.map((i) => i.id)).not.toContain(id);
    expect(
      (await otherAdmin.browser.post(`/api/member-invitations/${id}/resend`, undefined, { token: otherAdmin.token }))
        .statusCode,
    ).toBe(404);
    expect(
      (await otherAdmin.browser.call('DELETE', `/api/member-invitations/${id}`, { token: otherAdmin.token }))
        .statusCode,
    ).toBe(404);
    const ours = answerOf('listMembers', await admin.browser.get('/api/members', { token: admin.token }));
    expect(ours.invitations.map((i) => i.id)).toContain(id);
  });
});
