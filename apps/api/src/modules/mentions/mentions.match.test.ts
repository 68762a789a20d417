// Keyword matching as an analyst reads a post: case, accents and word boundaries for names; host
// names under a domain (never a lookalike); card BINs plain or grouped at a number's start; IPv4
// and IPv6 addresses inside a range. And what each class accepts as a keyword, and the severity
// table (ADR 0030).
import { describe, expect, it } from 'vitest';
import { type Keyword, matchMention, normaliseKeyword, rangesOf } from './mentions.match.js';
import { mentionSeverity } from './mentions.severity.js';

const marked = (text: string, keyword: Pick<Keyword, 'class' | 'term'>) =>
  rangesOf(keyword, text).map((r) => text.slice(r.start, r.end));

describe('names (brand, executive, other)', () => {
  it('ignores case and accents, both ways', () => {
    expect(marked('Who is MARTA CONCEICAO?', { class: 'executive', term: 'Marta Conceição' })).toEqual([
      'MARTA CONCEICAO',
    ]);
    expect(marked('São Paulo branch of acme retail', { class: 'brand', term: 'Sao Paulo' })).toEqual(['São Paulo']);
    expect(marked('acme retail and Acme  Retail', { class: 'brand', term: 'Acme Retail' })).toEqual([
      'acme retail',
      'Acme  Retail',
    ]);
  });

  it('finds whole words only', () => {
    expect(marked('Globexia and globex-bank and Globex.', { class: 'brand', term: 'Globex' })).toEqual([
      'globex',
      'Globex',
    ]);
    expect(marked('acmeist retailers', { class: 'brand', term: 'Acme Retail' })).toEqual([]);
  });
});

describe('domains', () => {
  const acme = { class: 'domain', term: 'acme.com' } as const;

  it('matches the domain, its subdomains and e-mail addresses under it', () => {
    expect(marked('see vpn.ACME.com, acme.com and bob@mail.acme.com.', acme)).toEqual([
      'vpn.ACME.com',
      'acme.com',
      'mail.acme.com',
    ]);
  });

  it('never a lookalike or a longer host', () => {
    expect(marked('acme.com.evil.example notacme.com acme-login.com acme.co', acme)).toEqual([]);
  });
});

describe('card BINs', () => {
  const bin = { class: 'card_bin', term: '457173' } as const;

  it('at the start of a number, plain or grouped by four', () => {
    expect(marked('BIN 457173, 4571731234567890, 4571 7310 **** and 4571-73xx', bin)).toEqual([
      '457173',
      '457173',
      '4571 73',
      '4571-73',
    ]);
  });

  it('not inside a number', () => {
    expect(marked('order 99457173 and 1457173', bin)).toEqual([]);
  });
});

describe('IP ranges', () => {
  it('IPv4 addresses inside the CIDR, not outside, not partial numbers', () => {
    const range = { class: 'ip_range', term: '203.0.113.0/24' } as const;
    expect(marked('RDP on 203.0.113.44:3389, also 203.0.114.1 and 1203.0.113.5 and 203.0.113.0/24', range)).toEqual([
      '203.0.113.44',
      '203.0.113.0',
    ]);
  });

  it('IPv6 addresses, any spelling', () => {
    const range = { class: 'ip_range', term: '2001:db8::/32' } as const;
    expect(marked('hosts 2001:DB8:0:1::5 and 2001:db9::1', range)).toEqual(['2001:DB8:0:1::5']);
  });

  it('one address is a /32', () => {
    expect(normaliseKeyword('ip_range', ' 198.51.100.7 ')).toEqual({ ok: true, term: '198.51.100.7/32' });
    expect(marked('from 198.51.100.7 and 198.51.100.8', { class: 'ip_range', term: '198.51.100.7/32' })).toEqual([
      '198.51.100.7',
    ]);
  });
});

describe('a mention', () => {
  it('lists the keywords it matches with their ranges in title and text', () => {
    const keywords: Keyword[] = [
      { id: 1, class: 'brand', term: 'Acme Retail' },
      { id: 2, class: 'domain', term: 'acme.com' },
      { id: 3, class: 'executive', term: 'Nobody Here' },
    ];
    const matches = matchMention(keywords, 'Acme Retail leak', 'files of acme.com and ACME RETAIL');
    expect(matches.map((m) => [m.keyword.id, m.titleRanges, m.textRanges])).toEqual([
      [1, [{ start: 0, end: 11 }], [{ start: 22, end: 33 }]],
      [2, [], [{ start: 9, end: 17 }]],
    ]);
  });
});

describe('keywords as entered', () => {
  it('normalises each class or says why not', () => {
    expect(normaliseKeyword('domain', ' *.Acme.COM. ')).toEqual({ ok: true, term: 'acme.com' });
    expect(normaliseKeyword('domain', 'not a domain')).toMatchObject({ ok: false });
    expect(normaliseKeyword('card_bin', '4571 73')).toEqual({ ok: true, term: '457173' });
    expect(normaliseKeyword('card_bin', '4571')).toEqual({ ok: false, reason: 'Enter a card BIN: 6 to 8 digits.' });
    expect(normaliseKeyword('ip_range', '2001:DB8::/32')).toEqual({ ok: true, term: '2001:db8::/32' });
    expect(normaliseKeyword('ip_range', '10.0.0.0/33')).toMatchObject({ ok: false });
    expect(normaliseKeyword('brand', '  Acme   Retail ')).toEqual({ ok: true, term: 'Acme Retail' });
    expect(normaliseKeyword('executive', 'Al')).toEqual({ ok: false, reason: 'Enter at least 3 characters.' });
    expect(normaliseKeyword('other', '---')).toMatchObject({ ok: false });
  });
});

describe('severity by source type and keyword class', () => {
  it('takes the most severe matched class on the source', () => {
    expect(mentionSeverity('ransomware_leak_site', ['brand'])).toBe('high');
    expect(mentionSeverity('ransomware_leak_site', ['brand', 'domain'])).toBe('critical');
    expect(mentionSeverity('marketplace', ['card_bin'])).toBe('critical');
    expect(mentionSeverity('forum', ['brand'])).toBe('low');
    expect(mentionSeverity('other', ['other'])).toBe('info');
    expect(mentionSeverity('forum', [])).toBe('info');
  });
});
