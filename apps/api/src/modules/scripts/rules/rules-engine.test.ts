// The engine's semantics and bounds (any / all / at least N, targets, excerpts, linear-time regexes,
// the content cap), the typosquat matcher, and the default set's sync (a changed bundled rule gets
// a new version, an unchanged one none, one no longer bundled is switched off).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../../../testing/test-app.js';
import { defaultRules } from './rules.defaults.js';
import { compileRule, definitionProblems, EXCERPT, MAX_CONTENT, type RuleSubject } from './rules.engine.js';
import { subjectOf } from './rules.match.js';
import { syncDefaultRules } from './rules.sync.js';
import { editDistance, typosquatOf } from './typosquat.js';

const subject = (more: Partial<RuleSubject>): RuleSubject => ({
  content: null,
  url: null,
  destinations: [],
  behaviours: [],
  ...more,
});
const has = (id: string, value: string) => ({ id, target: 'content' as const, op: 'contains' as const, value });

describe('the rule engine', () => {
  const three = [has('a', 'alpha'), has('b', 'beta'), has('c', 'gamma')];

  it('holds any, all or at least N conditions and names those that held', () => {
    const text = subject({ content: 'alpha ... gamma' });
    expect(compileRule({ conditions: three }).match(text)?.matched).toEqual(['a', 'c']);
    expect(compileRule({ match: 'all', conditions: three }).match(text)).toBeNull();
    expect(compileRule({ match: 'at_least', at_least: 2, conditions: three }).match(text)?.matched).toEqual(['a', 'c']);
    expect(compileRule({ match: 'at_least', at_least: 3, conditions: three }).match(text)).toBeNull();
  });

  it('matches any case unless told, and reads URL, destinations and behaviours', () => {
    expect(compileRule({ conditions: [has('a', 'ALPHA')] }).match(subject({ content: 'alpha' }))).not.toBeNull();
    const exact = { ...has('a', 'ALPHA'), case_sensitive: true };
    expect(compileRule({ conditions: [exact] }).match(subject({ content: 'alpha' }))).toBeNull();
    const url = compileRule({ conditions: [{ id: 'u', target: 'url', op: 'regex', value: '\\.ru/' }] });
    expect(url.match(subject({ url: 'https://cdn.example.ru/x.js' }))?.excerpt).toBe('https://cdn.example.ru/x.js');
    const destination = compileRule({
      conditions: [{ id: 'd', target: 'destination', op: 'contains', value: 'gate' }],
    });
    expect(
      destination.match(subject({ destinations: ['https://a.example/', 'https://b.example/gate'] }))?.excerpt,
    ).toBe('https://b.example/gate');
    const reads = compileRule({ conditions: [{ id: 'r', target: 'behaviour', op: 'is', value: 'reads_card_fields' }] });
    expect(reads.match(subject({ behaviours: ['reads_card_fields'] }))).not.toBeNull();
    expect(reads.match(subject({ behaviours: ['sends_data'] }))).toBeNull();
  });

  it('keeps excerpts to 200 characters around the match, on one line', () => {
    const content = `${'x'.repeat(5000)}\n\nalpha\n${'y'.repeat(5000)}`;
    const found = compileRule({ conditions: [has('a', 'alpha')] }).match(subject({ content }));
    expect(found?.excerpt.length).toBeLessThanOrEqual(EXCERPT);
    expect(found?.excerpt).toMatch(/x alpha y/);
  });

  it('reads content up to the cap only, and runs a pathological regex in linear time', () => {
    const beyond = compileRule({ conditions: [has('a', 'needle')] });
    expect(beyond.match(subject({ content: `${'a'.repeat(MAX_CONTENT)}needle` }))).toBeNull();
    expect(beyond.match(subject({ content: `${'a'.repeat(MAX_CONTENT - 10)}needle` }))).not.toBeNull();
    const evil = compileRule({ conditions: [{ id: 'e', target: 'content', op: 'regex', value: '(a+)+$' }] });
    const started = performance.now();
    expect(evil.match(subject({ content: `${'a'.repeat(200_000)}!` }))).toBeNull();
    expect(performance.now() - started).toBeLessThan(3_000);
  });

  it('runs the whole default set over a 2 MiB script within a scan budget', () => {
    const line = 'function f(a){return document.getElementById("qty").value*a+String(window.innerWidth)}\n';
    const content = line.repeat(Math.ceil(MAX_CONTENT / line.length)).slice(0, MAX_CONTENT);
    const compiled = defaultRules.map((r) => compileRule(r.definition));
    const started = performance.now();
    const hits = compiled.filter((rule) => rule.match(subject({ content, behaviours: ['sends_data'] })));
    const elapsed = performance.now() - started;
    expect(hits).toEqual([]);
    expect(elapsed).toBeLessThan(5_000);
  });

  it('names each problem of a definition with its field', () => {
    expect(definitionProblems({ conditions: [{ id: 'x', target: 'content', op: 'regex', value: '(a)\\1' }] })).toEqual({
      'definition.conditions.0.value': [expect.stringMatching(/^The regex does not compile \(RE2 syntax\): .*\\1/)],
    });
    expect(definitionProblems({ conditions: [has('x', 'a'), has('x', 'b')] })).toEqual({
      'definition.conditions.1.id': ['Each condition needs its own id.'],
    });
    expect(definitionProblems({ conditions: [{ id: 'x', target: 'content', op: 'typosquat' }] })).toEqual({
      'definition.conditions.0.op': ['A content condition takes contains or regex.'],
    });
    expect(definitionProblems({ conditions: [{ id: 'x', target: 'behaviour', op: 'is', value: 'mines' }] })).toEqual({
      'definition.conditions.0.value': [
        'A behaviour is one of reads_card_fields, reads_personal_fields, sends_data, sends_data_elsewhere.',
      ],
    });
    expect(definitionProblems({ conditions: [{ id: 'x', target: 'url', op: 'contains' }] })).toEqual({
      'definition.conditions.0.value': ['The value field is required.'],
    });
  });

  it('sees a scanned script through its own connections and what it read', () => {
    const script = {
      key: 'https://cdn.example/a.js',
      kind: 'external' as const,
      url: 'https://cdn.example/a.js',
      host: 'cdn.example',
      party: 'third' as const,
      loadedBy: null,
      sha256: 'a'.repeat(64),
      sri: false,
      size: 1,
      content: 'x',
      reads: ['card' as const],
    };
    const connections = [
      { initiator: script.key, host: 'collect.evil.test', url: 'https://collect.evil.test/c', kind: 'beacon' as const },
      { initiator: 'other', host: 'ok.example', url: 'https://ok.example/', kind: 'fetch' as const },
    ];
    expect(subjectOf(script, connections)).toEqual({
      content: 'x',
      url: script.url,
      destinations: ['https://collect.evil.test/c'],
      behaviours: ['reads_card_fields', 'sends_data', 'sends_data_elsewhere'],
    });
    expect(
      subjectOf(script, [{ initiator: script.key, host: 'x.example', url: 'https://x.example/s.js', kind: 'script' }])
        .behaviours,
    ).toEqual(['reads_card_fields']);
  });
});

describe('the typosquat matcher', () => {
  it.each([
    ['google-analytlcs.com', 'google-analytics.com', 'homoglyph'],
    ['googie-analytics.com', 'google-analytics.com', 'homoglyph'],
    ['g00gletagmanager.com', 'googletagmanager.com', 'homoglyph'],
    ['xn--googleaps-29h.com', 'googleapis.com', 'homoglyph'],
    ['google-analytic.com', 'google-analytics.com', 'edit_distance'],
    ['cdn.jsdeliver.net', 'jsdelivr.net', 'edit_distance'],
    ['jquery-cdn.com', 'jquery.com', 'combo'],
    ['static.paypal-secure.net', 'paypal.com', 'combo'],
    ['www.google-analytics.com.evil.top', 'google-analytics.com', 'nested'],
  ])('flags %s as imitating %s (%s)', (host, imitates, how) => {
    expect(typosquatOf(host)).toEqual({ imitates, how });
  });

  it.each([
    'www.google-analytics.com',
    'code.jquery.com',
    'js.stripe.com',
    'king.com',
    'ring.com',
    'shop.example',
    '203.0.113.9',
  ])('leaves %s alone', (host) => {
    expect(typosquatOf(host)).toBeNull();
  });

  it('counts an adjacent swap as one edit and stops early', () => {
    expect(editDistance('analytics', 'analyitcs', 2)).toBe(1);
    expect(editDistance('a'.repeat(50), 'b'.repeat(50), 2)).toBe(3);
  });
});

describe('the default set in the database', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase();
  }, 60_000);
  afterAll(async () => database?.close());

  it('is written once, versioned on change, and switched off when no longer bundled', async () => {
    const db = database.handle.db;
    const now = new Date('2026-12-01T00:00:00Z');
    await syncDefaultRules(db, now);
    expect(await syncDefaultRules(db, now)).toEqual({ added: 0, updated: 0, retired: 0 });
    const [first, ...rest] = defaultRules;
    if (!first) throw new Error('no default rules');
    const changed = [{ ...first, severity: 'low' as const }, ...rest.slice(1)];
    expect(await syncDefaultRules(db, now, changed)).toEqual({ added: 0, updated: 1, retired: 1 });
    const row = await db.selectFrom('js_rules').selectAll().where('key', '=', first.key).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ company_id: null, version: 2, severity: 'low', enabled: true });
    const versions = await db
      .selectFrom('js_rule_versions')
      .select(['version', 'severity'])
      .where('rule_id', '=', row.id)
      .execute();
    expect(versions.map((v) => [v.version, v.severity]).sort()).toEqual([
      [1, first.severity],
      [2, 'low'],
    ]);
    const retired = await db
      .selectFrom('js_rules')
      .select('enabled')
      .where('key', '=', rest[0]?.key ?? '')
      .executeTakeFirstOrThrow();
    expect(retired.enabled).toBe(false);
    expect(await syncDefaultRules(db, now)).toEqual({ added: 0, updated: 2, retired: 0 });
  });
});
