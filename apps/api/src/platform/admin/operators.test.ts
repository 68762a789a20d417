// Platform operators: granted by configuration or the CLI, they alone upload the CVE catalogue's
// feed files; the user payload says who is one; a revoked operator is a company member again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/env.js';
import { demoAdmin } from '../../demo/demo.seed.js';
import { nvdPage } from '../../modules/cves/cves.fixtures.js';
import { sessionOf, signInStepOf } from '../../testing/api.js';
import { TestBrowser } from '../../testing/browser.js';
import { json, latestCode } from '../../testing/flows.js';
import { newTenant, type Tenant } from '../../testing/monitoring.js';
import { openTestDatabase, type TestDatabase, testApp, type VigilApp } from '../../testing/test-app.js';
import { CATALOGUE_OPERATORS_ONLY } from '../imports/imports.service.js';
import { operatorCommand } from './operators.js';

let database: TestDatabase;
let app: VigilApp;
let member: Tenant;

beforeAll(async () => {
  database = await openTestDatabase();
  ({ app } = await testApp(database));
  member = await newTenant(app, 'member', { role: 'administrator' });
});
afterAll(async () => {
  await app.close();
  await database.close();
});

const uploadNvd = (who: Tenant) =>
  who.browser.post('/api/imports?kind=nvd&file_name=nvd.json', Buffer.from(nvdPage([])), {
    token: who.token,
    headers: { 'content-type': 'application/octet-stream' },
  });
describe('platform operators', () => {
  it('refuses catalogue uploads to a company administrator, and accepts them once the CLI grants the role', async () => {
    const refused = await uploadNvd(member);
    expect(refused.statusCode).toBe(403);
    expect(json(refused)).toEqual({ message: CATALOGUE_OPERATORS_ONLY });

    const now = new Date();
    expect(await operatorCommand(app.ctx.db, ['grant', member.email.toUpperCase(), 'nobody@x.example'], now)).toBe(
      `${member.email}: now a platform operator\nnobody@x.example: no such user (nothing changed)`,
    );
    expect(await operatorCommand(app.ctx.db, ['list'], now)).toContain(member.email);
    expect((await uploadNvd(member)).statusCode).toBe(202);

    expect(await operatorCommand(app.ctx.db, ['revoke', member.email], now)).toBe(
      `${member.email}: no longer a platform operator`,
    );
    expect((await uploadNvd(member)).statusCode).toBe(403);
    await expect(operatorCommand(app.ctx.db, ['promote'], now)).rejects.toThrow(/^Usage: /);
  });

  it('tells the client who is an operator in the signed-in user', async () => {
    const browser = await TestBrowser.open(app);
    const login = signInStepOf(
      await browser.post('/api/login', { email: demoAdmin.email, password: demoAdmin.password }),
    );
    const code = await latestCode(app, demoAdmin.email);
    const verified = await browser.post('/api/verify-two-factor', { user_id: login.user_id, code });
    expect(sessionOf(verified).user.operator).toBe(true);
  });

  it('reads VIGIL_OPERATORS as a list of e-mails and refuses anything else', () => {
    expect(loadConfig({ VIGIL_OPERATORS: ' A@X.example, b@y.example ,' }).operators).toEqual([
      'a@x.example',
      'b@y.example',
    ]);
    expect(loadConfig({}).operators).toEqual([]);
    expect(() => loadConfig({ VIGIL_OPERATORS: 'not-an-email' })).toThrow(/VIGIL_OPERATORS/);
  });
});
