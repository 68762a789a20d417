// What one scan means without the database: hits of the rules and the blacklist from the baseline
// on, a denied script a finding on every scan, first-party hosts never a new destination, findings
// once each, and an authorisation by host passed to a new script from that host.
import { describe, expect, it } from 'vitest';
import { connection, external, inline, result } from '../../../testing/scripts.js';
import type { Blacklist } from '../blacklists/js-blacklist.match.js';
import type { RuleSet } from '../rules/rules.match.js';
import type { ScannedScript } from '../scanner/scan.types.js';
import { type KnownScript, type PlanInput, type PreviousScan, planScan } from './scan-plan.js';

const SKIM = 'https://evil-cdn.test/skim.js';
const noRules: RuleSet = { match: () => [] };
const noBlacklist: Blacklist = { matchScript: () => [], matchConnection: () => [] };
const firstScan: PreviousScan = { baseline: false, scripts: [], destinations: new Set(), headers: {} };

const rule = {
  id: 7,
  key: 'VGL-SKIM-001',
  name: 'Card exfiltration',
  family: 'magecart',
  severity: 'critical' as const,
  version: 2,
  reference: null,
};
const skimRules: RuleSet = {
  match: (s: ScannedScript) => (s.key === SKIM ? [{ rule, evidence: { excerpt: 'btoa(cc)', matched: ['c1'] } }] : []),
};
const evilHost: Blacklist = {
  matchScript: () => [],
  matchConnection: (c) =>
    c.host === 'collect.evil.test'
      ? [{ entryId: 3, kind: 'host', value: 'evil.test', family: 'magecart', source: 'demo' }]
      : [],
};

const plan = (overrides: Partial<PlanInput>) =>
  planScan({
    pageUrl: 'https://www.acme-shop.test/checkout',
    firstPartyDomains: ['acme-shop.test'],
    previous: firstScan,
    result: result([]),
    rules: noRules,
    blacklist: noBlacklist,
    ...overrides,
  });

const known = (script: ScannedScript, id: number, extra: Partial<KnownScript> = {}): KnownScript => ({
  id,
  key: script.key,
  sha256: script.sha256,
  removedAt: null,
  authorisation: 'pending',
  authorisedByHash: true,
  authorisedSha256: null,
  authorisedHost: null,
  justification: null,
  approvedBy: null,
  approvedAt: null,
  ...extra,
});

describe('a scan plan', () => {
  it('raises rule and blacklist hits from the baseline scan on, but no unauthorised script', () => {
    const skimmer = external(SKIM, 'skim', { party: 'third', reads: ['card'] });
    const p = plan({
      result: result([skimmer, inline('x')], [connection(SKIM, 'https://collect.evil.test/c', 'beacon')]),
      rules: skimRules,
      blacklist: evilHost,
    });
    expect(p.findings.map((f) => [f.kind, f.scriptKey, f.discriminator, f.severity])).toEqual([
      ['pattern_hit', SKIM, 'VGL-SKIM-001', 'critical'],
      ['blacklist_hit', SKIM, '3:collect.evil.test', 'critical'],
    ]);
    expect(p.blacklistEntryIds).toEqual([3]);
    expect(p.newDestinations.map((d) => d.host)).toEqual(['collect.evil.test']);
    expect(p.scripts.find((s) => s.script.key === SKIM)?.ruleHits).toHaveLength(1);
  });

  it('raises a denied script on every scan, and an unauthorised one only when it appears', () => {
    const tag = external('https://tags.test/t.js', 'tag', { party: 'third' });
    const widget = external('https://widget.test/w.js', 'w', { party: 'fourth', loadedBy: tag.key });
    const previous: PreviousScan = {
      baseline: true,
      scripts: [known(tag, 1, { authorisation: 'denied' }), known(widget, 2)],
      destinations: new Set(),
      headers: {},
    };
    const again = plan({ previous, result: result([tag, widget]) });
    expect(again.findings.map((f) => [f.kind, f.scriptKey, f.severity, f.title])).toEqual([
      [
        'unauthorised_script',
        tag.key,
        'high',
        'Denied script on https://www.acme-shop.test/checkout: https://tags.test/t.js',
      ],
    ]);
    const returned = plan({
      previous: { ...previous, scripts: [known(tag, 1), known(widget, 2, { removedAt: new Date() })] },
      result: result([tag, widget]),
    });
    expect(returned.findings.map((f) => [f.kind, f.scriptKey, f.severity])).toEqual([
      ['unauthorised_script', widget.key, 'high'],
    ]);
    expect(returned.scripts.map((s) => s.status)).toEqual(['same', 'returned']);
    expect(returned.scripts[0]?.behaviours).toEqual(['loads_scripts']);
  });

  it('never counts the store own hosts as new destinations, and names each new host once', () => {
    const app = external('https://www.acme-shop.test/app.js', 'a');
    const p = plan({
      previous: { baseline: true, scripts: [known(app, 1)], destinations: new Set(['known.test']), headers: {} },
      result: result(
        [app],
        [
          connection(app.key, 'https://api.acme-shop.test/cart', 'xhr'),
          connection(app.key, 'https://known.test/x'),
          connection(app.key, 'https://new.test/a', 'xhr'),
          connection(null, 'https://new.test/b', 'image'),
          connection(app.key, 'https://cdn.test/lib.js', 'script'),
        ],
      ),
    });
    expect(p.newDestinations).toEqual([
      { host: 'new.test', kind: 'xhr', url: 'https://new.test/a', initiator: app.key },
    ]);
    expect(p.findings.map((f) => [f.kind, f.discriminator, f.severity])).toEqual([
      ['new_destination', 'new.test', 'medium'],
    ]);
  });

  it('passes an authorisation by host to a new script of that host, not to an inline one', () => {
    const v1 = external('https://cdn.vendor.test/v1/lib.js', 'one', { party: 'third' });
    const v2 = external('https://cdn.vendor.test/v2/lib.js', 'two', { party: 'third' });
    const byHost = known(v1, 1, {
      authorisation: 'authorised',
      authorisedByHash: false,
      authorisedHost: 'cdn.vendor.test',
    });
    const p = plan({
      previous: { baseline: true, scripts: [byHost], destinations: new Set(), headers: {} },
      result: result([v2, inline('y')]),
    });
    expect(p.scripts.map((s) => [s.status, s.inherits?.id ?? null])).toEqual([
      ['new', 1],
      ['new', null],
    ]);
    expect(p.findings.map((f) => [f.kind, f.scriptKey])).toEqual([
      ['unauthorised_script', expect.stringMatching(/^inline:/)],
    ]);
    expect(p.removed.map((r) => r.id)).toEqual([1]);
  });

  it('raises a hash change of a script authorised by hash while it lasts, not of one pending', () => {
    const lib = external('https://cdn.vendor.test/lib.js', 'new content', { party: 'third' });
    const authorised = known(lib, 1, {
      sha256: 'a'.repeat(64),
      authorisation: 'authorised',
      authorisedSha256: 'a'.repeat(64),
    });
    const previous: PreviousScan = { baseline: true, scripts: [authorised], destinations: new Set(), headers: {} };
    expect(plan({ previous, result: result([lib]) }).findings.map((f) => [f.kind, f.discriminator])).toEqual([
      ['hash_changed', lib.sha256],
    ]);
    // Seen again with the same new content: the same finding (not a new change).
    const still = plan({
      previous: { ...previous, scripts: [{ ...authorised, sha256: lib.sha256 }] },
      result: result([lib]),
    });
    expect(still.scripts[0]?.status).toBe('same');
    expect(still.findings.map((f) => f.kind)).toEqual(['hash_changed']);
    const pending = plan({
      previous: { ...previous, scripts: [known(lib, 1, { sha256: 'b'.repeat(64) })] },
      result: result([lib]),
    });
    expect(pending.scripts[0]?.status).toBe('changed');
    expect(pending.findings).toEqual([]);
  });
});
