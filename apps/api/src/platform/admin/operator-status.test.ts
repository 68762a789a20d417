// The operator status view: refused to company members; for an operator, the schedules with their
// last run, failed jobs with their reasons, the catalogue's freshness and each company's storage.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerOf } from '../../testing/api.js';
import { json } from '../../testing/flows.js';
import { importFile, newTenant, platformOperator, type Tenant } from '../../testing/monitoring.js';
import { openTestDatabase, type TestDatabase, testApp, type VigilApp } from '../../testing/test-app.js';
import { OPERATORS_ONLY } from './operator-status.service.js';

let database: TestDatabase;
let app: VigilApp;
let member: Tenant;
let operator: Tenant;

beforeAll(async () => {
  database = await openTestDatabase();
  ({ app } = await testApp(database));
  member = await newTenant(app, 'status', { role: 'administrator' });
  operator = await platformOperator(app);
});
afterAll(async () => {
  await app.close();
  await database.close();
});

describe('the operator status view', () => {
  it('is refused to a company administrator', async () => {
    const refused = await member.browser.get('/api/operator/status', { token: member.token });
    expect(refused.statusCode).toBe(403);
    expect(json(refused)).toEqual({ message: OPERATORS_ONLY });
  });

  it('shows schedules, failures with their reasons, the catalogue and each company', async () => {
    await importFile(app, member, 'combolist', 'list.txt', `a@${member.domain}:secret-1\nb@${member.domain}:secret-2`);
    const broken = await importFile(app, operator, 'nvd', 'broken.json', '{"vulnerabilities": [');
    expect(broken.status).toBe('failed');
    await app.jobs.drain();
    const response = await operator.browser.get('/api/operator/status', { token: operator.token });
    expect(response.statusCode, response.body).toBe(200);
    const status = answerOf('getOperatorStatus', response).data;
    expect(status.catalogue_sync).toBe(false);
    // The feeds' sync is off outside production (CATALOGUE_SYNC), the probes' without PROBE_SCHEDULE:
    // housekeeping, the alert digests, the scope proofs' hourly re-check, the monthly reports' daily
    // check and the hourly rating snapshots are scheduled.
    expect(status.schedules.map((s) => [s.kind, s.enabled])).toEqual([
      ['alerts.digest', true],
      ['assets.scope-verify', true],
      ['housekeeping', true],
      ['reports.monthly', true],
      ['risk.snapshot', true],
    ]);
    expect(status.jobs.failures[0]).toMatchObject({ kind: 'nvd', company: null, error: broken.error });
    expect(status.jobs.counts.failed).toBeGreaterThanOrEqual(1);
    expect(status.catalogue.map((c) => c.feed)).toEqual(['nvd', 'kev', 'epss']);
    expect(status.storage.find((s) => s.company.endsWith(member.domain.replace('.example', '')))?.findings).toBe(2);
  });
});
