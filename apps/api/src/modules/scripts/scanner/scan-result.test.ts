// Attribution without a browser: stacks to scripts (external by URL, inline by their HTML lines),
// parties along an insertion chain, and what is kept of a connection.
import { describe, expect, it } from 'vitest';
import { Attribution, framesOf, hostWithin, inlineRanges } from './scan-attribution.js';
import { assembleResult, type Observations, sha256 } from './scan-result.js';

const PAGE = 'https://shop.example/checkout';
const limits = { maxScripts: 10, maxConnections: 10, maxContentBytes: 16 };
const external = (url: string, body = url) => ({ url, sha256: sha256(body), size: body.length, content: body });
const devtoolsStack = (url: string, lineNumber = 0) => ({ callFrames: [{ url, lineNumber }] });

describe('stacks', () => {
  it('reads the script URLs of an Error stack, innermost first, eval frames named by their script', () => {
    const stack = [
      'Error',
      '    at get (<anonymous>:12:34)',
      '    at grab (https://cdn.evil.example:8443/a.js?v=1#x:3:20)',
      '    at eval (eval at run (https://shop.example/app.js:9:1), <anonymous>:1:1)',
      '    at https://shop.example/checkout:14:7',
    ].join('\n');
    expect(framesOf(stack)).toEqual([
      { url: 'https://cdn.evil.example:8443/a.js?v=1', line: 3 },
      { url: 'https://shop.example/app.js', line: 9 },
      { url: 'https://shop.example/checkout', line: 14 },
    ]);
  });

  it('names an inline script by the HTML lines it occupies', () => {
    const html = '<html>\n<head>\n<script>\nvar a = 1;\n</script>\n<script>b()</script>\n</head>';
    const ranges = inlineRanges(PAGE, html, [
      { key: 'inline:a', text: '\nvar a = 1;\n' },
      { key: 'inline:b', text: 'b()' },
    ]);
    const who = new Attribution(new Set(['https://shop.example/app.js']), ranges);
    expect(who.scriptAt({ url: PAGE, line: 4 })).toBe('inline:a');
    expect(who.scriptAt({ url: PAGE, line: 6 })).toBe('inline:b');
    expect(who.scriptAt({ url: PAGE, line: 7 })).toBeNull();
    expect(who.scriptAt({ url: 'https://shop.example/app.js', line: 1 })).toBe('https://shop.example/app.js');
    expect(who.scriptAt({ url: 'https://other.example/x.js', line: 1 })).toBeNull();
  });

  it('counts a host as first party on the domain and below it only', () => {
    expect(hostWithin('cdn.shop.example', ['shop.example'])).toBe(true);
    expect(hostWithin('SHOP.example.', ['shop.example'])).toBe(true);
    expect(hostWithin('evilshop.example', ['shop.example'])).toBe(false);
    expect(hostWithin('shop.example.evil.test', ['shop.example'])).toBe(false);
  });
});

describe('assembling a result', () => {
  const A = 'https://tags.vendor.example/tag.js';
  const B = 'https://ads.other.example/b.js';
  const C = 'https://more.third.example/c.js';
  const seen: Observations = {
    documentUrl: PAGE,
    html: '<script>\nloadTag()\n</script>',
    externals: [external('https://cdn.shop.example/app.js'), external(A), external(B), external(C, 'x'.repeat(40))],
    inlineTexts: ['\nloadTag()\n', '   '],
    sriUrls: ['https://cdn.shop.example/app.js#frag'],
    requests: [
      { url: A, type: 'Script', method: 'GET', initiator: { type: 'script', stack: devtoolsStack(PAGE, 1) } },
      { url: B, type: 'Script', method: 'GET', initiator: { type: 'script', stack: devtoolsStack(A) } },
      { url: C, type: 'Script', method: 'GET', initiator: { type: 'script', stack: devtoolsStack(B) } },
      {
        url: 'https://sink.example/c?card=4111',
        type: 'Fetch',
        method: 'POST',
        initiator: { type: 'script', stack: devtoolsStack(C) },
      },
      {
        url: 'https://sink.example/c?card=4242',
        type: 'Fetch',
        method: 'POST',
        initiator: { type: 'script', stack: devtoolsStack(C) },
      },
      { url: 'https://img.example/banner.png', type: 'Image', method: 'GET', initiator: { type: 'parser' } },
      { url: 'https://api.example/x', type: 'XHR', method: 'GET', initiator: { type: 'other' } },
    ],
    reports: [
      { t: 'read', field: 'card', stack: `Error\n    at ${C}:1:1\n    at ${B}:2:2`, frameUrl: PAGE },
      { t: 'send', kind: 'form', url: '/steal', stack: `Error\n    at ${C}:1:1`, frameUrl: PAGE },
    ],
  };
  const { scripts, connections } = assembleResult(
    { url: PAGE, steps: [], firstPartyDomains: ['shop.example'] },
    seen,
    limits,
  );
  const byKey = new Map(scripts.map((s) => [s.key, s]));

  it('follows who inserted whom: an inline script inserts a third party, which inserts fourth parties', () => {
    const inline = scripts.find((s) => s.kind === 'inline');
    expect(scripts.filter((s) => s.kind === 'inline')).toHaveLength(1);
    expect(inline).toMatchObject({ party: 'first', loadedBy: null, sha256: sha256('\nloadTag()\n') });
    expect(byKey.get('https://cdn.shop.example/app.js')).toMatchObject({ party: 'first', sri: true });
    expect(byKey.get(A)).toMatchObject({ party: 'third', loadedBy: inline?.key, sri: false });
    expect(byKey.get(B)).toMatchObject({ party: 'fourth', loadedBy: A });
    expect(byKey.get(C)).toMatchObject({ party: 'fourth', loadedBy: B, size: 40, content: 'x'.repeat(16) });
  });

  it('gives a field read to every script on the stack', () => {
    expect(byKey.get(C)?.reads).toEqual(['card']);
    expect(byKey.get(B)?.reads).toEqual(['card']);
    expect(byKey.get(A)?.reads).toEqual([]);
  });

  it('keeps connections without their query, once, and only those a script made or a script load', () => {
    expect(connections).toContainEqual({
      initiator: C,
      host: 'sink.example',
      url: 'https://sink.example/c',
      kind: 'fetch',
    });
    expect(connections.filter((c) => c.host === 'sink.example')).toHaveLength(1);
    expect(connections).toContainEqual({
      initiator: C,
      host: 'shop.example',
      url: 'https://shop.example/steal',
      kind: 'form',
    });
    expect(connections).toContainEqual({
      initiator: null,
      host: 'api.example',
      url: 'https://api.example/x',
      kind: 'xhr',
    });
    expect(connections.some((c) => c.host === 'img.example')).toBe(false);
    expect(JSON.stringify(connections)).not.toContain('4111');
  });

  it('stops at the caps', () => {
    const capped = assembleResult({ url: PAGE, steps: [], firstPartyDomains: [] }, seen, {
      ...limits,
      maxScripts: 2,
      maxConnections: 1,
    });
    expect(capped.scripts).toHaveLength(2);
    expect(capped.connections).toHaveLength(1);
  });
});
