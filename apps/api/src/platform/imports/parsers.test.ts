// The pure parsers on edge cases of their formats (no database).
import { describe, expect, it } from 'vitest';
import { parseComboLine } from '../../modules/credentials/combolist.parser.js';
import { maskPassword } from '../../modules/credentials/credentials.secrets.js';
import { parseInfostealer, parseLogDate } from '../../modules/credentials/infostealer.parser.js';
import { parseEpss } from '../../modules/cves/epss.parser.js';
import { parseKev } from '../../modules/cves/kev.parser.js';
import { cpeProduct, parseNvd } from '../../modules/cves/nvd.parser.js';
import type { ParsedItem } from './import.types.js';
import { tar } from './import-archive.js';
import type { StoredFile } from './import-files.repository.js';
import { openUpload, textUpload } from './import-unpack.js';

async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const all: T[] = [];
  for await (const item of items) all.push(item);
  return all;
}

/** A stored file held in memory, read in small pieces as the chunks would be. */
function stored(content: Buffer): StoredFile {
  return {
    size: content.length,
    async *read(start = 0, end = content.length) {
      for (let at = start; at < end; at += 100) yield content.subarray(at, Math.min(end, at + 100));
    },
  };
}

describe('combolist lines', () => {
  it.each([
    ['a@x.example:pw', { email: 'a@x.example', password: 'pw', url: null }],
    ['A@X.example;p;w', { email: 'a@x.example', password: 'p;w', url: null }],
    ['a@x.example|p:w', { email: 'a@x.example', password: 'p:w', url: null }],
    [
      'https://x.example:8443/login:a@x.example:p@ss:1',
      { email: 'a@x.example', password: 'p@ss:1', url: 'https://x.example:8443/login' },
    ],
    ['x.example/login:a@x.example:pw', { email: 'a@x.example', password: 'pw', url: 'x.example/login' }],
    [
      'android://hash@com.app/:a@x.example:pw',
      { email: 'a@x.example', password: 'pw', url: 'android://hash@com.app/' },
    ],
  ])('%s', (line, record) => {
    expect(parseComboLine(line)).toEqual({ ok: true, record });
  });

  it('refuses lines without an e-mail, a separator or a password', () => {
    expect(parseComboLine('just text')).toEqual({ ok: false, reason: 'No e-mail address.' });
    expect(parseComboLine('a@x.example')).toMatchObject({ ok: false });
    expect(parseComboLine('a@x.example:')).toEqual({ ok: false, reason: 'Empty password.' });
    // PostgreSQL text cannot hold NUL: binary junk is a refused line, not a failed job.
    expect(parseComboLine('a@x.example:pass\u0000word')).toEqual({
      ok: false,
      reason: 'Binary data (a NUL byte) in the line.',
    });
  });

  it('masks with length and last two characters only', () => {
    expect(maskPassword('Secret-Alpha-01')).toBe('•••••••••••••01 (15)');
    expect(maskPassword('abc')).toBe('••• (3)');
  });
});

describe('stealer logs', () => {
  it('reads blocks separated by blank lines or rules, and dates as stealers write them', async () => {
    const files = [
      {
        path: 'PC/Passwords.txt',
        text: 'URL: a\nUSER: u1\nPASS: p1\nURL: b\nLogin: u2\nPassword: p2\n----------\nURL: c\n',
      },
      { path: 'PC/information.txt', text: 'Vidar\nComputer: PC\nDate: 11/05/2026 13:45:10' },
    ];
    const items = await collect(parseInfostealer(textUpload(files)));
    expect(items.filter((i) => i.kind === 'reject').map((i) => i.line)).toEqual([8]);
    const device = items.find((i) => i.kind === 'record');
    expect(device?.kind === 'record' && device.record).toMatchObject({
      machineName: 'PC',
      malwareFamily: 'Vidar',
      infectionDate: new Date('2026-11-05T13:45:10Z'),
      credentials: [
        { url: 'a', username: 'u1', password: 'p1', line: 1 },
        { url: 'b', username: 'u2', password: 'p2', line: 4 },
      ],
    });
    expect(parseLogDate('2026-11-05T10:00:00Z')?.toISOString()).toBe('2026-11-05T10:00:00.000Z');
  });

  it('round-trips a tar archive and refuses paths that climb out', async () => {
    const archive = tar([
      { path: 'a/Passwords.txt', text: 'x' },
      { path: '../evil.txt', text: 'y' },
    ]);
    const files = await collect(openUpload(stored(archive), 'logs.tar', true).files());
    expect(files.map((f) => f.path)).toEqual(['a/Passwords.txt']);
  });
});

describe('CVE formats', () => {
  it('refuses an NVD page or KEV catalogue that is not JSON or has no vulnerabilities array, file by file', async () => {
    const files = [
      { path: 'broken.json', text: '{"vulnerabilities": [' },
      { path: 'other.json', text: '{"items": []}' },
    ];
    for (const [parse, what] of [
      [parseNvd, 'an NVD CVE API 2.0 page'],
      [parseKev, 'a KEV catalogue'],
    ] as const) {
      const items = await collect<ParsedItem<unknown>>(parse(textUpload(files)));
      expect(items).toHaveLength(2);
      expect(items[0]).toMatchObject({ kind: 'reject', file: 'broken.json', line: 0 });
      expect(items[0]?.kind === 'reject' && items[0].reason).toMatch(/^Not valid JSON: /);
      expect(items[1]).toMatchObject({ kind: 'reject', file: 'other.json', line: 0, progress: 1 });
      // The refusal names what the file is not, then what is accepted (issue 30: said once per file).
      expect(items[1]?.kind === 'reject' && items[1].reason).toMatch(
        new RegExp(`^Not ${what} \\(no vulnerabilities array\\)[.;]`),
      );
    }
  });

  it('replaces NUL in JSON strings as in text lines: PostgreSQL text cannot hold it, and one such value failed its batch', async () => {
    const kev = JSON.stringify({
      vulnerabilities: [
        { cveID: 'CVE-2026-0001', vendorProject: 'Ac\u0000me', product: 'x', dateAdded: '2026-01-02' },
        { cveID: 'CVE-2026-0002', vendorProject: 'Acme', product: 'y', dateAdded: '2026-01-02' },
      ],
    });
    const items = await collect<ParsedItem<unknown>>(parseKev(textUpload([{ path: 'kev.json', text: kev }])));
    expect(items.map((item) => item.kind)).toEqual(['record', 'record']);
    expect(JSON.stringify(items)).not.toContain('\\u0000');
    expect(JSON.stringify(items)).toContain('"vendor":"ac\uFFFDme"');
  });

  it('takes vendor and product from cpe:2.3 names, escapes included', () => {
    expect(cpeProduct('cpe:2.3:a:apache:http_server:2.4.49:*:*:*:*:*:*:*')).toEqual({
      vendor: 'apache',
      product: 'http_server',
    });
    expect(cpeProduct('cpe:2.3:a:foo\\:bar:baz:1:*:*:*:*:*:*:*')).toEqual({ vendor: 'foo:bar', product: 'baz' });
    expect(cpeProduct('cpe:/a:apache:http_server')).toBeUndefined();
  });

  it('reads EPSS meta and refuses a missing header', async () => {
    const items = await collect(
      parseEpss(
        textUpload([
          {
            path: 'e.csv',
            text: '#model_version:v2025.03.14,score_date:2026-11-21T00:00:00+0000\ncve,epss,percentile\nCVE-2026-0001,0.5,0.9\nCVE-2026-0002,2,0.9',
          },
        ]),
      ),
    );
    expect(items[0]).toMatchObject({ kind: 'record', record: { model: 'v2025.03.14', scoreDate: '2026-11-21' } });
    expect(items[1]).toMatchObject({ kind: 'reject', line: 4 });
    const bad = await collect(parseEpss(textUpload([{ path: 'e.csv', text: 'a,b,c\n1,2,3' }])));
    expect(bad).toEqual([expect.objectContaining({ kind: 'reject', line: 1 })]);
  });
});
