import { describe, expect, it } from 'vitest';
import { findMatches, foldWord, highlightRanges } from './text-match.js';

const cut = (text: string, ranges: { start: number; end: number }[]) => ranges.map((r) => text.slice(r.start, r.end));

describe('text matching', () => {
  it('ignores case and accents, both ways', () => {
    expect(cut('Vazamento da ACME em São Paulo', findMatches('Vazamento da ACME em São Paulo', 'sao paulo'))).toEqual([
      'São Paulo',
    ]);
    expect(cut('Leak at Sao Paulo office', findMatches('Leak at Sao Paulo office', 'São Paulo'))).toEqual([
      'Sao Paulo',
    ]);
    expect(foldWord('ÉCOLE Ärger')).toBe('ecole arger');
  });

  it('matches whole words only, unless asked for word starts', () => {
    expect(findMatches('acmeist and macme', 'acme')).toEqual([]);
    expect(cut('mail.acme.com, acme-corp', findMatches('mail.acme.com, acme-corp', 'acme'))).toEqual(['acme', 'acme']);
    expect(cut('card 4111111111111111', findMatches('card 4111111111111111', '411111', { prefix: true }))).toEqual([
      '411111',
    ]);
    expect(findMatches('card 4111111111111111', '411111')).toEqual([]);
  });

  it('lets a phrase span any whitespace and gives offsets of the original text', () => {
    const text = 'Ação:  Acme\n  Bank leaked';
    const ranges = findMatches(text, 'acme bank');
    expect(cut(text, ranges)).toEqual(['Acme\n  Bank']);
    expect(ranges[0]?.start).toBe(7);
  });

  it('keeps offsets right after characters that fold to more or fewer code units', () => {
    const text = '𝒜 ﬁ Ñandú Acme';
    expect(cut(text, findMatches(text, 'acme'))).toEqual(['Acme']);
    expect(cut(text, findMatches(text, 'nandu'))).toEqual(['Ñandú']);
  });

  it('treats the term literally and merges overlapping highlights', () => {
    expect(findMatches('a+b (x)', 'a+b')).toHaveLength(1);
    expect(findMatches('anything', '.*')).toEqual([]);
    const text = 'John Johnson';
    expect(cut(text, highlightRanges(text, ['john', 'johns'], { prefix: true }))).toEqual(['John', 'Johns']);
    expect(highlightRanges('ab', [' ', ''])).toEqual([]);
  });
});
