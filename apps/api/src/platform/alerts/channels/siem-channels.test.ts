// The SIEM channels against local servers speaking their real protocols (dev/channel-replay/):
// exactly what Splunk HEC, Elasticsearch and a syslog collector receive, their refusals given up,
// their failures (5xx, a timeout, a refused connection) tried again after the webhook back-off,
// every attempt in the log, the credential never in an answer, and one company's channels out of
// another's reach.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startElastic, startSplunkHec } from '../../../dev/channel-replay/channel-replay.js';
import { parseCef, selfSigned, startSyslog } from '../../../dev/channel-replay/syslog-replay.js';
import type { ManualClock } from '../../../shared/clock.js';
import { addRule, combolist, settle } from '../../../testing/alerts.js';
import { answerOf } from '../../../testing/api.js';
import { addChannel, channelLog, testChannel } from '../../../testing/channels.js';
import { importFile, newTenant, type Tenant, tenantFixture } from '../../../testing/monitoring.js';
import { closedPort } from '../../../testing/webhook-receiver.js';
import { TIMEOUT_MS } from '../outbound-http.js';
import { DELIVERY_ATTEMPTS, deliveryBackoff } from '../webhook-delivery.js';
import { cefExtensionValue, cefHeaderField } from './cef.js';

const HEC_TOKEN = '9c1a4d2e-7f3b-4c8a-b1d2-3e4f5a6b7c8d';
const ES_KEY = 'VnVhQ2ZHY0JDZGJrUW0tZTVhT3g6dWkybHAyYXhUTm1zeWFrdzl0dk5udw==';
const fixture = tenantFixture('siem');
let hec: Awaited<ReturnType<typeof startSplunkHec>>;
let es: Awaited<ReturnType<typeof startElastic>>;
let admin: Tenant;

beforeAll(async () => {
  hec = await startSplunkHec(HEC_TOKEN);
  es = await startElastic(ES_KEY);
});
beforeEach(async () => {
  admin = await newTenant(fixture.app, 'siem', { role: 'administrator' });
});
afterAll(async () => {
  await hec.close();
  await es.close();
});

const clock = () => fixture.app.ctx.clock as ManualClock;

describe('CEF escaping', () => {
  it('escapes the header’s | and \\, and the extensions’ \\, = and line breaks', () => {
    expect(cefHeaderField('a|b\\c\nd')).toBe('a\\|b\\\\c d');
    expect(cefExtensionValue('x=1\\2\r\ny|z\r')).toBe('x\\=1\\\\2\\ny|z\\r');
  });
});

describe('Splunk HEC', () => {
  it('posts the HEC envelope with its token, never shows the token, and logs the success', async () => {
    const { app } = fixture;
    const created = await addChannel(admin, { kind: 'splunk_hec', settings: { url: hec.url }, credential: HEC_TOKEN });
    expect(JSON.stringify(created)).not.toContain(HEC_TOKEN);
    expect(created.data).toMatchObject({ kind: 'splunk_hec', has_credential: true, inbound_url: null });
    const listed = await admin.browser.get('/api/alerts/channels', { token: admin.token });
    expect(listed.body).not.toContain(HEC_TOKEN);
    const stored = await app.ctx.db
      .selectFrom('alert_channels')
      .select('secret_box')
      .where('id', '=', created.data.id)
      .executeTakeFirst();
    expect(stored?.secret_box).not.toContain(HEC_TOKEN);
    await addRule(admin, { email: false, webhooks: true });
    const before = hec.received.length;
    await importFile(app, admin, 'combolist', 'hec.txt', combolist(admin.domain, 2));
    await settle(app);
    const request = hec.received[before];
    expect(request?.url).toBe('/services/collector/event');
    expect(request?.headers.authorization).toBe(`Splunk ${HEC_TOKEN}`);
    expect(request?.headers['content-type']).toBe('application/json');
    const body = JSON.parse(request?.body ?? '{}');
    expect(Object.keys(body)).toEqual(['time', 'host', 'source', 'sourcetype', 'event']);
    expect(body).toMatchObject({
      source: 'vigil',
      sourcetype: 'vigil:alert',
      host: new URL(app.ctx.publicUrl).hostname,
    });
    expect(body.time).toBe(clock().now().getTime() / 1000);
    expect(body.event).toMatchObject({ kind: 'findings', module: 'credentials', severity: 'high', total: 2 });
    expect(body.event.findings).toHaveLength(2);
    const [entry] = await channelLog(admin, created.data.id);
    expect(entry).toMatchObject({ attempt: 1, outcome: 'succeeded', response_code: 200, error: null });
  });

  it('gives a refused token up at once, with Splunk’s words in the log', async () => {
    const created = await addChannel(admin, {
      kind: 'splunk_hec',
      settings: { url: hec.url },
      credential: 'not-the-token',
    });
    await testChannel(admin, created.data.id);
    await settle(fixture.app);
    expect((await channelLog(admin, created.data.id)).map((d) => [d.outcome, d.response_code, d.error])).toEqual([
      ['given_up', 403, 'Splunk answered 403: Invalid token (code 4).'],
    ]);
  });

  it('tries a busy server (503) again after the back-off', async () => {
    const created = await addChannel(admin, {
      kind: 'splunk_hec',
      settings: { url: `${hec.url}/` },
      credential: HEC_TOKEN,
    });
    hec.scripted.push({ status: 503, body: { text: 'Server is busy', code: 9 } });
    await testChannel(admin, created.data.id);
    await settle(fixture.app);
    clock().advance(deliveryBackoff(1));
    await settle(fixture.app);
    expect((await channelLog(admin, created.data.id)).map((d) => [d.attempt, d.outcome, d.response_code])).toEqual([
      [1, 'retrying', 503],
      [2, 'succeeded', 200],
    ]);
  });

  it('tries a HEC that does not answer within the timeout again', { timeout: 30_000 }, async () => {
    // A server that takes the request and never answers (a hung collector).
    const silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = silent.address() as AddressInfo;
      const created = await addChannel(admin, {
        kind: 'splunk_hec',
        settings: { url: `http://127.0.0.1:${port}` },
        credential: HEC_TOKEN,
      });
      await testChannel(admin, created.data.id);
      await settle(fixture.app);
      expect((await channelLog(admin, created.data.id)).map((d) => [d.outcome, d.response_code, d.error])).toEqual([
        ['retrying', null, `No answer within ${TIMEOUT_MS / 1000} s.`],
      ]);
    } finally {
      silent.closeAllConnections();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });
});

describe('Elastic', () => {
  it('indexes one ECS document per finding with _bulk create, and a tried-again bulk does not index twice', async () => {
    const { app } = fixture;
    const created = await addChannel(admin, {
      kind: 'elastic',
      settings: { url: es.url, index: 'vigil-alerts' },
      credential: ES_KEY,
    });
    await addRule(admin, { email: false, webhooks: true });
    const before = es.received.length;
    // The first attempt: one document indexed, the other refused by a full queue (429): tried again.
    es.itemFailures.push({ status: 429, type: 'es_rejected_execution_exception', reason: 'rejected execution' });
    await importFile(app, admin, 'combolist', 'es.txt', combolist(admin.domain, 2));
    await settle(app);
    const first = es.received[before];
    expect(first?.headers.authorization).toBe(`ApiKey ${ES_KEY}`);
    expect(first?.headers['content-type']).toBe('application/x-ndjson');
    const lines = (first?.body ?? '').split('\n');
    expect(lines).toHaveLength(5);
    expect(lines[4]).toBe('');
    const action = JSON.parse(lines[0] ?? '{}');
    expect(action).toEqual({ create: { _index: 'vigil-alerts', _id: expect.stringMatching(/^vigil-\d+-\d+$/) } });
    const doc = JSON.parse(lines[1] ?? '{}');
    expect(doc).toMatchObject({
      '@timestamp': clock().now().toISOString(),
      event: { kind: 'alert', category: ['threat'], severity: 73, dataset: 'vigil.alert' },
      organization: { name: expect.any(String) },
      url: { full: expect.stringMatching(/\/credentials\?open=\d+$/) },
      rule: { name: expect.stringContaining('2 new findings in credentials') },
      labels: { vigil_module: 'credentials', vigil_severity: 'high' },
    });
    expect((await channelLog(admin, created.data.id)).map((d) => [d.outcome, d.response_code])).toEqual([
      ['retrying', 200],
    ]);
    clock().advance(deliveryBackoff(1));
    await settle(app);
    const log = await channelLog(admin, created.data.id);
    expect(log.map((d) => [d.attempt, d.outcome])).toEqual([
      [1, 'retrying'],
      [2, 'succeeded'],
    ]);
    expect(log[0]?.error).toContain('429 es_rejected_execution_exception');
    // Both documents once: the second attempt's 409 on the first is an earlier attempt's success.
    expect(
      [...es.documents.keys()].filter((k) => k.startsWith(`vigil-alerts/${action.create._id.replace(/-\d+$/, '')}-`)),
    ).toHaveLength(2);
  });

  it('gives a bulk whose item is refused (errors: true, 400) up, and a wrong key at once', async () => {
    const good = await addChannel(admin, {
      kind: 'elastic',
      settings: { url: es.url, index: 'vigil' },
      credential: ES_KEY,
    });
    const bad = await addChannel(admin, {
      kind: 'elastic',
      settings: { url: es.url, index: 'vigil' },
      credential: 'wrong-key-123',
    });
    es.itemFailures.push({
      status: 400,
      type: 'mapper_parsing_exception',
      reason: 'failed to parse field [event.severity]',
    });
    await testChannel(admin, good.data.id);
    await settle(fixture.app);
    await testChannel(admin, bad.data.id);
    await settle(fixture.app);
    expect((await channelLog(admin, good.data.id)).map((d) => [d.outcome, d.response_code, d.error])).toEqual([
      [
        'given_up',
        200,
        'Elasticsearch refused a document (400 mapper_parsing_exception: failed to parse field [event.severity]).',
      ],
    ]);
    expect((await channelLog(admin, bad.data.id)).map((d) => [d.outcome, d.response_code, d.error])).toEqual([
      ['given_up', 401, 'Elasticsearch answered 401: security_exception.'],
    ]);
  });
});

describe('syslog with CEF', () => {
  it('sends octet-counted RFC 5424 messages over TCP carrying one CEF event per finding', async () => {
    const { app } = fixture;
    const collector = await startSyslog();
    try {
      const created = await addChannel(admin, {
        kind: 'syslog_cef',
        settings: { host: collector.host, port: collector.port, framing: 'octet_counting' },
      });
      expect(created.data.has_credential).toBe(false);
      await addRule(admin, { email: false, webhooks: true });
      await importFile(app, admin, 'combolist', 'cef.txt', combolist(admin.domain, 2));
      await settle(app);
      expect(collector.raw).toHaveLength(1);
      expect(collector.raw[0]).toMatch(/^\d+ <107>1 /);
      expect(collector.messages).toHaveLength(2);
      const event = parseCef(collector.messages[0] ?? '');
      expect(event.syslog).toBe(
        `<107>1 ${clock().now().toISOString()} ${new URL(app.ctx.publicUrl).hostname} vigil - - - `,
      );
      expect(event.header).toEqual(['CEF:0', 'Vigil', 'Vigil', '1', 'vigil:credentials', expect.any(String), '8']);
      expect(event.extensions).toMatchObject({
        rt: String(clock().now().getTime()),
        cs1Label: 'Company',
        cat: 'credentials',
        request: expect.stringMatching(/\/credentials\?open=\d+$/),
        msg: expect.stringContaining('2 new findings in credentials'),
      });
      expect(Number(event.extensions.externalId)).toBeGreaterThan(0);
      const [entry] = await channelLog(admin, created.data.id);
      expect(entry).toMatchObject({ outcome: 'succeeded', response_code: null });
    } finally {
      await collector.close();
    }
  });

  it('sends newline-framed messages over TLS to a collector it trusts, and gives up on one it cannot', async () => {
    const pair = selfSigned();
    const collector = await startSyslog(pair);
    try {
      const trusted = await addChannel(admin, {
        kind: 'syslog_cef',
        settings: { host: collector.host, port: collector.port, tls: true, framing: 'newline', ca: pair.cert },
      });
      const untrusted = await addChannel(admin, {
        kind: 'syslog_cef',
        settings: { host: collector.host, port: collector.port, tls: true },
      });
      await testChannel(admin, trusted.data.id);
      await settle(fixture.app);
      expect(collector.raw).toHaveLength(1);
      expect(collector.raw[0]).toMatch(
        /^<\d+>1 .* CEF:0\|Vigil\|Vigil\|1\|vigil:test\|Test message from Vigil for .*\n$/,
      );
      const event = parseCef(collector.messages[0] ?? '');
      expect(event.extensions.cs2).toMatch(/^test \d+$/);
      await testChannel(admin, untrusted.data.id);
      await settle(fixture.app);
      expect((await channelLog(admin, trusted.data.id)).map((d) => d.outcome)).toEqual(['succeeded']);
      const [refused] = await channelLog(admin, untrusted.data.id);
      expect(refused?.outcome).toBe('given_up');
      expect(refused?.error).toMatch(/self.signed|certificate/i);
    } finally {
      await collector.close();
    }
  });

  it('tries a collector that is down again, five times in all, each attempt in the log', async () => {
    const created = await addChannel(admin, {
      kind: 'syslog_cef',
      settings: { host: '127.0.0.1', port: await closedPort() },
    });
    await testChannel(admin, created.data.id);
    await settle(fixture.app);
    for (let attempt = 1; attempt < DELIVERY_ATTEMPTS; attempt += 1) {
      clock().advance(deliveryBackoff(attempt));
      await settle(fixture.app);
    }
    const again = await newTenant(fixture.app, 'siem', { join: admin, role: 'administrator' });
    const log = await channelLog(again, created.data.id);
    expect(log.map((d) => d.outcome)).toEqual(['retrying', 'retrying', 'retrying', 'retrying', 'given_up']);
    expect(log.every((d) => /ECONNREFUSED/.test(d.error ?? ''))).toBe(true);
  });
});

describe('the company’s channels', () => {
  it('are its own: another company gets 404, an analyst 403, and each kind’s settings are checked', async () => {
    const created = await addChannel(admin, { kind: 'splunk_hec', settings: { url: hec.url }, credential: HEC_TOKEN });
    const other = await newTenant(fixture.app, 'siem', { role: 'administrator' });
    const id = created.data.id;
    const tries = [
      other.browser.call('PATCH', `/api/alerts/channels/${id}`, { body: { name: 'mine' }, token: other.token }),
      other.browser.call('DELETE', `/api/alerts/channels/${id}`, { token: other.token }),
      other.browser.get(`/api/alerts/channels/${id}/deliveries`, { token: other.token }),
      other.browser.post(`/api/alerts/channels/${id}/test`, undefined, { token: other.token }),
    ];
    for (const response of await Promise.all(tries)) expect(response.statusCode, response.body).toBe(404);
    const listed = answerOf(
      'listAlertChannels',
      await other.browser.get('/api/alerts/channels', { token: other.token }),
    );
    expect(listed.data).toEqual([]);
    const analyst = await newTenant(fixture.app, 'siem', { join: admin, role: 'analyst' });
    expect((await analyst.browser.get('/api/alerts/channels', { token: analyst.token })).statusCode).toBe(403);
    const missing = await admin.browser.post(
      '/api/alerts/channels',
      { name: 'x', kind: 'elastic', settings: { url: es.url, host: 'h' }, credential: ES_KEY },
      { token: admin.token },
    );
    expect(missing.statusCode).toBe(422);
    expect(missing.body).toContain('settings.index');
    expect(missing.body).toContain('settings.host');
    const changed = await admin.browser.call('PATCH', `/api/alerts/channels/${id}`, {
      body: { credential: 'a-new-token-1' },
      token: admin.token,
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.body).not.toContain('a-new-token-1');
  });
});
