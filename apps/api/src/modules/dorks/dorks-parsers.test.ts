// The dorks module's pure parts: the GHDB XML parser (categories by name or number, malformed
// entries rejected with their line and reason, a broken document stopped), the saved search page
// parser, URL normalisation (key without query values, secret-looking values redacted) and the
// `site:`-less query a saved page is matched to a dork by.
import { describe, expect, it } from 'vitest';
import type { ParsedItem, Upload } from '../../platform/imports/import.types.js';
import { textUpload } from '../../platform/imports/import-unpack.js';
import { inDomains, normaliseResultUrl } from './dork-results.ingest.js';
import { ghdbXml, searchPage } from './dorks.demo.js';
import { queryWithoutSite } from './dorks.importers.js';
import { ghdbCategories } from './dorks.table.js';
import { dorkTemplates, severityOfCategory } from './dorks.templates.js';
import { ghdbCategoryOf, parseGhdb } from './ghdb.parser.js';
import { parseSearchPage } from './search-page.parser.js';

async function parse<R>(parser: (upload: Upload) => AsyncIterable<ParsedItem<R>>, text: string) {
  const records: R[] = [];
  const rejects: { line: number; reason: string }[] = [];
  for await (const item of parser(textUpload([{ path: 'file', text }]))) {
    if (item.kind === 'record') records.push(item.record);
    else if (item.kind === 'reject') rejects.push({ line: item.line, reason: item.reason });
  }
  return { records, rejects };
}

describe('GHDB XML', () => {
  it('maps the 14 categories by name, snake case or number', () => {
    expect(ghdbCategoryOf('Files Containing Juicy Info')).toBe('files_containing_juicy_info');
    expect(ghdbCategoryOf('Network or Vulnerability Data')).toBe('network_or_vulnerability_data');
    expect(ghdbCategoryOf('pages_containing_login_portals')).toBe('pages_containing_login_portals');
    expect(ghdbCategoryOf('1')).toBe('footholds');
    expect(ghdbCategoryOf('14')).toBe('advisories_and_vulnerabilities');
    expect(ghdbCategoryOf('15')).toBeNull();
    expect(ghdbCategoryOf('Cooking recipes')).toBeNull();
    expect(ghdbCategories).toHaveLength(14);
  });

  it('reads each entry, and rejects malformed ones with their line and reason', async () => {
    const xml = `<?xml version="1.0"?>
<searchEngineDatabase>
  <entry><id>101</id><category>Sensitive Directories</category><title>Listed &amp; exposed</title>
    <query><![CDATA[intitle:"index of" <backup>]]></query><date>2024-02-29</date><author>someone</author></entry>
  <entry><id>abc</id><category>Footholds</category><query>inurl:x</query></entry>
  <entry><id>102</id><category>Cooking</category><query>inurl:x</query></entry>
  <entry><id>103</id><category>Footholds</category><query>  </query></entry>
  <entry><id>104</id><category>Footholds</category><query>inurl:y</query><date>2023-02-30</date></entry>
  <entry><id>105</id><category>3</category><shortDescription>Old style</shortDescription><query>inurl:z</query></entry>
</searchEngineDatabase>`;
    const { records, rejects } = await parse(parseGhdb, xml);
    expect(records).toEqual([
      {
        ghdbId: 101,
        category: 'sensitive_directories',
        title: 'Listed & exposed',
        query: 'intitle:"index of" <backup>',
        author: 'someone',
        publishedOn: '2024-02-29',
      },
      {
        ghdbId: 105,
        category: 'sensitive_directories',
        title: 'Old style',
        query: 'inurl:z',
        author: null,
        publishedOn: null,
      },
    ]);
    expect(rejects).toEqual([
      { line: 5, reason: 'Entry id "abc" is not a number.' },
      { line: 6, reason: 'Entry 102: unknown category "Cooking".' },
      { line: 7, reason: 'Entry 103: no query.' },
      { line: 8, reason: 'Entry 104: date "2023-02-30" is not a date.' },
    ]);
  });

  it('stops a document that is not well formed, keeping the entries before the error', async () => {
    const broken = ghdbXml().replace('</entry>\n  <entry>', '</entry>\n  <entry><id>1</oops>');
    const { records, rejects } = await parse(parseGhdb, broken);
    expect(records).toHaveLength(1);
    expect(rejects).toHaveLength(1);
    expect(rejects[0]?.reason).toMatch(/^Not well-formed XML/);
  });

  it('reads the demo file whole', async () => {
    const { records, rejects } = await parse(parseGhdb, ghdbXml());
    expect(rejects).toEqual([]);
    expect(records.map((r) => r.ghdbId)).toEqual([4601, 5220, 6012, 7345, 8120, 8409]);
  });
});

describe('saved search pages (Programmable Search JSON)', () => {
  const page = searchPage('intitle:"index of" site:acme.example', [
    { link: 'https://www.acme.example/backup/', title: 'Index of /backup', snippet: 'Parent Directory' },
  ]);

  it('reads one page and an array of pages, with the query that found them', async () => {
    const one = await parse(parseSearchPage, JSON.stringify(page));
    expect(one.records).toEqual([
      {
        url: 'https://www.acme.example/backup/',
        title: 'Index of /backup',
        snippet: 'Parent Directory',
        query: 'intitle:"index of" site:acme.example',
      },
    ]);
    const many = await parse(parseSearchPage, JSON.stringify([page, page]));
    expect(many.records).toHaveLength(2);
  });

  it('rejects items without an http(s) link, and what is not a results page', async () => {
    const bad = { ...page, items: [{ link: 'javascript:alert(1)' }, 'text', { title: 'no link' }] };
    expect((await parse(parseSearchPage, JSON.stringify(bad))).rejects).toEqual([
      { line: 1, reason: 'Item without an http(s) link.' },
      { line: 2, reason: 'Item without an http(s) link.' },
      { line: 3, reason: 'Item without an http(s) link.' },
    ]);
    expect((await parse(parseSearchPage, '{"hello": 1}')).rejects[0]?.reason).toBe(
      'Not a search results page (no items).',
    );
    expect((await parse(parseSearchPage, '{"items": [')).rejects[0]?.line).toBe(0);
  });
});

describe('result URLs', () => {
  it('keys a URL by host, path and sorted query keys, never their values', () => {
    const a = normaliseResultUrl('HTTPS://WWW.Acme.example:443/Files/?b=2&a=1#top');
    const b = normaliseResultUrl('http://www.acme.example/Files?a=9&b=8');
    expect(a?.key).toBe('www.acme.example/Files?a&b');
    expect(b?.key).toBe(a?.key);
    expect(a?.host).toBe('www.acme.example');
    expect(normaliseResultUrl('https://shop.acme.example:8443/')?.key).toBe('shop.acme.example:8443/');
    expect(normaliseResultUrl('ftp://acme.example/x')).toBeNull();
    expect(normaliseResultUrl('not a url')).toBeNull();
  });

  it('redacts secret-looking query values before the URL is stored', () => {
    const url = normaliseResultUrl('https://vpn.acme.example/login?session=3f9a1c&lang=en&api_key=AKIA123&sig=zz');
    expect(url?.url).toBe('https://vpn.acme.example/login?session=REDACTED&lang=en&api_key=REDACTED&sig=REDACTED');
    expect(url?.url).not.toMatch(/3f9a1c|AKIA123/);
  });

  it('keeps a host that is a domain or under one', () => {
    expect(inDomains('acme.example', ['acme.example'])).toBe(true);
    expect(inDomains('www.acme.example', ['acme.example'])).toBe(true);
    expect(inDomains('evilacme.example', ['acme.example'])).toBe(false);
  });
});

describe('templates and queries', () => {
  it('has keyed templates without site:, each category with a severity', () => {
    const keys = dorkTemplates.map((t) => t.key);
    expect(new Set(keys).size).toBe(keys.length);
    expect(dorkTemplates.length).toBeGreaterThanOrEqual(20);
    expect(dorkTemplates.every((t) => !/site:/i.test(t.query) && t.query.length <= 500)).toBe(true);
    expect(ghdbCategories.every((c) => severityOfCategory[c] !== undefined)).toBe(true);
  });

  it('matches a saved query to a dork without its site: operators', () => {
    expect(queryWithoutSite('intitle:"index of"   site:acme.example')).toBe('intitle:"index of"');
    expect(queryWithoutSite('site:a.example ext:log -site:b.a.example')).toBe('ext:log');
  });
});
