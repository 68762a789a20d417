// Lookalike permutations and the similarity measure, pure: each kind of permutation of a store's
// domain, the bound with every kind represented, international look-alikes in punycode, and a clone
// scoring high against its original where a parked page and an unrelated shop score low.
import { describe, expect, it } from 'vitest';
import { cloneSeverity } from './clones.values.js';
import { MAX_PERMUTATIONS, permutationKinds, permutations } from './permutations.js';
import { contentHash, fingerprintsOf, similarity } from './similarity.js';

describe('permutations', () => {
  const all = permutations('www.acme-retail-store.test', 2000);
  const of = (kind: string) => all.filter((p) => p.kind === kind).map((p) => p.domain);

  it('permutes the registrable name with every kind, never the domain itself', () => {
    expect(of('omission')).toContain('acme-retail-tore.test');
    expect(of('omission')).toContain('acmeretail-store.test');
    expect(of('repetition')).toContain('acme-retaiil-store.test');
    expect(of('replacement')).toContain('acme-retail-stire.test');
    expect(of('transposition')).toContain('acme-retial-store.test');
    expect(of('insertion')).toContain('acme-retaoil-store.test');
    expect(of('addition')).toContain('acme-retail-storez.test');
    expect(of('homoglyph')).toContain('acme-retai1-store.test');
    expect(of('homoglyph')).toContain('acme-retaii-store.test');
    expect(of('hyphenation')).toContain('acme-re-tail-store.test');
    expect(of('subdomain')).toContain('acme-retail.store.test');
    expect(of('tld')).toEqual(expect.arrayContaining(['acme-retail-store.com', 'acme-retail-store.com.br']));
    expect(of('bitsquatting')).toContain('acme-retail-stnre.test');
    expect(all.map((p) => p.domain)).not.toContain('acme-retail-store.test');
    expect(new Set(all.map((p) => p.domain)).size).toBe(all.length);
  });

  it('writes international look-alikes in punycode, and only valid host names', () => {
    const cyrillic = of('homoglyph').find((d) => d.startsWith('xn--'));
    expect(cyrillic).toBeDefined();
    for (const { domain } of all) expect(domain).toMatch(/^[a-z0-9.-]+$/);
    expect(all.some((p) => p.domain.includes('--.') || p.domain.startsWith('-'))).toBe(false);
  });

  it('keeps the list bounded with every kind taking turns', () => {
    const bounded = permutations('a-very-long-store-name-for-permutations.com.br');
    expect(bounded.length).toBe(MAX_PERMUTATIONS);
    expect(new Set(bounded.map((p) => p.kind))).toEqual(new Set(permutationKinds));
    expect(bounded.some((p) => p.domain.endsWith('.com.br'))).toBe(true);
    expect(permutations('not a domain')).toEqual([]);
  });
});

const shelf =
  'Acme Retail running gear Trail running shoe $129.00 Road running shoe $119.00 Merino running socks $19.00 Hydration vest $75.00 Free returns within 30 days';
const storeTags = [
  'html',
  'head',
  'title',
  'link',
  'body',
  'header',
  'h1',
  'nav',
  'a',
  'a',
  'ul',
  ...Array(12).fill('li'),
  'footer',
];
const real = {
  text: `Free shipping on orders over $99 ${shelf}`,
  tags: storeTags,
  assetHosts: ['acmeretail.vteximg.test', 'static.acme-retail-store.test'],
};

describe('similarity', () => {
  it('scores a copied storefront high, a parked page and another shop low', () => {
    const clone = { ...real, text: `Black Friday 70% off everything ${shelf}` };
    const parked = {
      text: 'acmeretail-store.test This domain is parked. It may be for sale: make an offer.',
      tags: ['html', 'head', 'title', 'body', 'div', 'h1', 'p', 'p'],
      assetHosts: [],
    };
    const other = {
      text: 'Garden tools, lawn mowers and seeds for every season',
      tags: ['html', 'body', 'main', 'section', 'img', 'img'],
      assetHosts: ['cdn.garden.test'],
    };
    expect(similarity(real, real)).toBe(1);
    expect(similarity(real, clone)).toBeGreaterThan(0.85);
    expect(similarity(real, parked)).toBeLessThan(0.4);
    expect(similarity(real, other)).toBeLessThan(0.2);
    expect(cloneSeverity(similarity(real, clone), [])).toBe('high');
    expect(cloneSeverity(similarity(real, parked), [])).toBeNull();
    expect(cloneSeverity(0.7, [])).toBe('medium');
    expect(cloneSeverity(0.45, ['vteximg'])).toBe('low');
    expect(cloneSeverity(0.45, [])).toBeNull();
    expect(cloneSeverity(null, ['vteximg'])).toBeNull();
  });

  it('hashes the normalised content and finds the VTEX markers', () => {
    expect(contentHash(real)).toBe(contentHash({ ...real, text: real.text.toUpperCase().replace(/ /g, '  ') }));
    expect(contentHash(real)).not.toBe(contentHash({ ...real, text: `${real.text} more` }));
    expect(
      fingerprintsOf('<img src="https://x.vteximg.com.br/arquivos/ids/1">', ['https://x.vtexassets.com/a.js']),
    ).toEqual(['vtexassets.com', 'vteximg', '/arquivos/']);
    expect(fingerprintsOf('<html>plain</html>', [])).toEqual([]);
  });
});
