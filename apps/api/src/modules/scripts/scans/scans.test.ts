// A page's scans written through the `scripts.scan` job with scan results given by the test: the
// baseline scan inventories without findings; later scans turn a new unauthorised script, a change of
// a script authorised by hash, a new destination and a header regression into findings (a change of
// a script authorised by host is not one), write one event per scan and queue the alert evaluation;
// a failed scan records why and is due again within the hour.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ManualClock } from '../../../shared/clock.js';
import { newTenant, type Tenant } from '../../../testing/monitoring.js';
import {
  connection,
  external,
  fixedScanner,
  inline,
  result,
  STRONG_HEADERS,
  scanWith,
  scriptFindings,
  seedStorePage,
} from '../../../testing/scripts.js';
import { openTestDatabase, type TestDatabase, testApp, type VigilApp } from '../../../testing/test-app.js';

let database: TestDatabase;
let app: VigilApp;
let clock: ManualClock;
let a: Tenant;
let pageId: number;

const APP = 'https://www.acme-shop.test/js/app.js';
const APP_V2 = 'https://www.acme-shop.test/js/app.v2.js';
const ANALYTICS = 'https://cdn.analytics.test/a.js';
const SKIMMER = 'https://evil-cdn.test/jquery.min.js';
const baseline = [
  external(APP, 'app v1'),
  external(ANALYTICS, 'analytics v1', { party: 'third' }),
  inline('window.dataLayer = [];'),
];

beforeAll(async () => {
  database = await openTestDatabase();
  ({ app, clock } = await testApp(database, { env: { VIGIL_ROLE: 'api' } }));
  a = await newTenant(app, 'scans');
  ({ pageId } = await seedStorePage(app, a.companyId));
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

const scriptsOf = async () => {
  const rows = await app.ctx.db
    .selectFrom('page_scripts')
    .selectAll()
    .where('page_id', '=', pageId)
    .orderBy('id')
    .execute();
  return new Map(rows.map((r) => [r.script_key, r]));
};

const eventsOf = (scanId: number) =>
  app.ctx.db
    .selectFrom('events')
    .selectAll()
    .where('company_id', '=', a.companyId)
    .where('kind', '=', 'scripts.scanned')
    .where(({ eb }) => eb('details', 'like', `%"scan_id":${scanId},%`))
    .execute();

const authorise = (id: number, by: 'hash' | 'host') =>
  a.browser.post(
    `/api/scripts/${id}/authorisation`,
    { decision: 'authorised', justification: 'Needed', by },
    {
      token: a.token,
    },
  );

describe('the scans of a page', () => {
  it('inventories the baseline scan without a finding per script', async () => {
    const scan = await scanWith(
      app,
      a.companyId,
      pageId,
      fixedScanner(result(baseline, [connection(ANALYTICS, 'https://collect.analytics.test/c?x=1')])),
    );
    expect(scan).toMatchObject({ status: 'done', scripts: 3, new_scripts: 3, removed_scripts: 0, findings_opened: 0 });
    const scripts = await scriptsOf();
    expect([...scripts.values()].map((s) => [s.party, s.authorisation])).toEqual([
      ['first', 'pending'],
      ['third', 'pending'],
      ['first', 'pending'],
    ]);
    expect(scripts.get(ANALYTICS)?.behaviours).toEqual(['sends_data']);
    expect((await scriptFindings(app, a.companyId)).size).toBe(0);
    const page = await app.ctx.db
      .selectFrom('store_pages')
      .selectAll()
      .where('id', '=', pageId)
      .executeTakeFirstOrThrow();
    expect(page.last_scan_id).toBe(scan.id);
    expect(page.next_scan_at?.getTime()).toBe(clock.now().getTime() + 24 * 3_600_000);
    const [event] = await eventsOf(scan.id);
    expect(event).toMatchObject({ module: 'scripts', severity: null, job_id: scan.job_id });
    expect(JSON.parse(event?.details ?? '{}')).toMatchObject({ status: 'done', scripts: 3, new_findings: 0 });
  });

  it('turns what changed since into findings, but not the change of a script authorised by host', async () => {
    const scripts = await scriptsOf();
    expect((await authorise(scripts.get(ANALYTICS)?.id ?? 0, 'hash')).statusCode).toBe(200);
    expect((await authorise(scripts.get(APP)?.id ?? 0, 'host')).statusCode).toBe(200);
    clock.advance(3_600_000);
    const skimmer = external(SKIMMER, 'skim()', { party: 'third', reads: ['card'] });
    const { 'content-security-policy': _csp, ...withoutCsp } = STRONG_HEADERS;
    const scan = await scanWith(
      app,
      a.companyId,
      pageId,
      fixedScanner(
        result(
          [external(APP, 'app v1.1'), external(ANALYTICS, 'analytics v2', { party: 'third' }), skimmer],
          [
            connection(SKIMMER, 'https://collect.evil.test/c', 'beacon'),
            connection(ANALYTICS, 'https://collect.analytics.test/c'),
          ],
          withoutCsp,
        ),
      ),
    );
    expect(scan).toMatchObject({ status: 'done', scripts: 3, new_scripts: 1, changed_scripts: 2, removed_scripts: 1 });
    const after = await scriptsOf();
    const found = await scriptFindings(app, a.companyId);
    const skimmerId = after.get(SKIMMER)?.id;
    expect([...found.keys()].sort()).toEqual(
      [
        `unauthorised_script:s${skimmerId}`,
        `hash_changed:s${after.get(ANALYTICS)?.id}:${after.get(ANALYTICS)?.sha256}`,
        `new_destination:s${skimmerId}:collect.evil.test`,
        `header_regression:p${pageId}:content-security-policy`,
        // Vigil's default rule: it read the card and sent data to another site.
        `pattern_hit:s${skimmerId}:VGL-SKIM-003`,
      ].sort(),
    );
    expect(found.get(`unauthorised_script:s${skimmerId}`)).toMatchObject({ severity: 'high', scan_id: scan.id });
    expect(found.get(`new_destination:s${skimmerId}:collect.evil.test`)?.severity).toBe('high');
    expect(scan.findings_opened).toBe(5);
    expect(JSON.parse(scan.header_changes)).toEqual([
      {
        header: 'content-security-policy',
        from: STRONG_HEADERS['content-security-policy'],
        to: null,
        regression: true,
      },
    ]);
    expect(after.get(`inline:${baseline[2]?.sha256}`)?.removed_at).not.toBeNull();
    expect(after.get(SKIMMER)?.behaviours).toEqual(['reads_card_fields', 'sends_data']);
    const changes = await app.ctx.db
      .selectFrom('script_changes')
      .select(['change', 'field', 'to_value'])
      .where('scan_id', '=', scan.id)
      .execute();
    expect(changes.map((c) => c.change).sort()).toEqual(
      ['changed', 'changed', 'header_changed', 'new', 'new_destination', 'removed'].sort(),
    );
    const [event] = await eventsOf(scan.id);
    expect(event?.severity).toBe('critical');
    expect(JSON.parse(event?.details ?? '{}')).toMatchObject({ new_findings: 5, header_regressions: 1 });
    const evaluation = await app.ctx.db
      .selectFrom('jobs')
      .select('options')
      .where('company_id', '=', a.companyId)
      .where('kind', '=', 'alerts.evaluate')
      .execute();
    expect(evaluation.map((e) => JSON.parse(e.options ?? '{}'))).toContainEqual({ job_id: scan.job_id });
  });

  it('opens nothing new when the page is scanned again unchanged', async () => {
    clock.advance(3_600_000);
    const before = await scriptFindings(app, a.companyId);
    const scan = await scanWith(
      app,
      a.companyId,
      pageId,
      fixedScanner(
        result(
          [
            external(APP, 'app v1.1'),
            external(ANALYTICS, 'analytics v2', { party: 'third' }),
            external(SKIMMER, 'skim()', { party: 'third', reads: ['card'] }),
          ],
          [connection(SKIMMER, 'https://collect.evil.test/c', 'beacon')],
          { 'strict-transport-security': STRONG_HEADERS['strict-transport-security'] ?? '' },
        ),
      ),
    );
    expect(scan).toMatchObject({ new_scripts: 0, changed_scripts: 0, removed_scripts: 0, new_destinations: 0 });
    // X-Frame-Options removed without a CSP frame-ancestors to replace it: a regression of its own.
    const found = await scriptFindings(app, a.companyId);
    expect([...found.keys()].filter((k) => !before.has(k))).toEqual([`header_regression:p${pageId}:x-frame-options`]);
    expect(scan.findings_opened).toBe(1);
  });

  it('lets a new script from a host authorised by host take that authorisation', async () => {
    clock.advance(3_600_000);
    const scan = await scanWith(app, a.companyId, pageId, fixedScanner(result([external(APP_V2, 'app v2')])));
    const v2 = (await scriptsOf()).get(APP_V2);
    expect(v2).toMatchObject({ authorisation: 'authorised', authorised_by_hash: false, justification: 'Needed' });
    const found = await scriptFindings(app, a.companyId);
    expect(found.has(`unauthorised_script:s${v2?.id}`)).toBe(false);
    expect(scan.removed_scripts).toBe(3);
  });

  it('records a failed scan with its reason and tries the page again within the hour', async () => {
    clock.advance(3_600_000);
    const failed = await scanWith(app, a.companyId, pageId, fixedScanner(new Error('net::ERR_NAME_NOT_RESOLVED')));
    expect(failed).toMatchObject({ status: 'failed', error: 'The scan stopped: net::ERR_NAME_NOT_RESOLVED' });
    const page = await app.ctx.db
      .selectFrom('store_pages')
      .selectAll()
      .where('id', '=', pageId)
      .executeTakeFirstOrThrow();
    expect(page.next_scan_at?.getTime()).toBe(clock.now().getTime() + 3_600_000);
    const job = await app.ctx.db
      .selectFrom('jobs')
      .select('status')
      .where('id', '=', failed.job_id ?? 0)
      .executeTakeFirstOrThrow();
    expect(job.status).toBe('failed');
    const [event] = await eventsOf(failed.id);
    expect(JSON.parse(event?.details ?? '{}')).toMatchObject({ status: 'failed' });
    // An error page is a failed scan, not a page whose scripts all went away.
    const refused = await scanWith(app, a.companyId, pageId, fixedScanner({ ...result([]), status: 503 }));
    expect(refused).toMatchObject({ status: 'failed', error: 'The page answered HTTP 503.' });
    expect((await scriptsOf()).get(APP_V2)?.removed_at).toBeNull();
  });
});
