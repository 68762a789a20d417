// The URL normaliser and the tagger, case by case: one key per URL whatever its spelling (host
// case, IDN, default ports, dot segments, repeated slashes, escapes, query order and values), the
// values of secret-looking keys never kept, and the tags and interest each kind of URL gets.
import { describe, expect, it } from 'vitest';
import { cdxTimestamp, urlListLine } from './archive-lines.js';
import { isInteresting, severityOf, tagsOf } from './archive-tags.js';
import { extensionOf, isSecretKey, type NormalUrl, normaliseUrl } from './archive-url.js';

const normal = (raw: string): NormalUrl => {
  const result = normaliseUrl(raw);
  if (!result.ok) throw new Error(result.reason);
  return result.url;
};
const tags = (raw: string) => tagsOf(normal(raw));

describe('normaliseUrl', () => {
  it('gives one key to every spelling of a URL', () => {
    const spellings = [
      'https://Shop.ACME.example:443/a/./b/../c/?q=1&page=2',
      'http://shop.acme.example./a//c?page=9&q=x#top',
      'shop.acme.example/a/c/?page&q',
      'HTTP://shop.acme.example:80/a/%63?q=&page=1&q=2',
    ];
    expect(new Set(spellings.map((s) => normal(s).key))).toEqual(new Set(['shop.acme.example/a/c?page&q']));
  });

  it('keeps a port that is not the default, punycodes international names, upper-cases other escapes', () => {
    expect(normal('https://shop.acme.example:8443/x').key).toBe('shop.acme.example:8443/x');
    expect(normal('https://bücher.example/').host).toBe('xn--bcher-kva.example');
    expect(normal('https://a.example/a%2fb%7e').path).toBe('/a%2Fb~');
    expect(normal('https://a.example').path).toBe('/');
  });

  it('never keeps the value of a secret-looking key, nor a password in the URL', () => {
    const url = normal('https://a.example/cb?access_token=abc123&state=ok&X-Amz-Signature=f00&apiKey=k1&author=me');
    expect(url.sampleUrl).toBe(
      'https://a.example/cb?access_token=[redacted]&state=ok&X-Amz-Signature=[redacted]&apiKey=[redacted]&author=me',
    );
    expect(url.secretInQuery).toBe(true);
    expect(url.key).toBe('a.example/cb?X-Amz-Signature&access_token&apiKey&author&state');
    const withPassword = normal('https://user:hunter2@a.example/x');
    expect(withPassword.sampleUrl).toBe('https://a.example/x');
    expect(withPassword.secretInQuery).toBe(true);
    expect(normal('https://a.example/reset?token=').secretInQuery).toBe(false);
    expect(normal('https://a.example/?page=2&sort=asc').secretInQuery).toBe(false);
  });

  it('names secret-looking keys', () => {
    for (const key of [
      'token',
      'password',
      'client_secret',
      'auth',
      'sig',
      'PHPSESSID',
      'api_key',
      'apikey',
      'key',
      'sid',
    ])
      expect(isSecretKey(key), key).toBe(true);
    for (const key of ['author', 'page', 'q', 'monkey', 'keyword', 'sort', 'id'])
      expect(isSecretKey(key), key).toBe(false);
  });

  it('refuses what is not an http(s) URL of a host name', () => {
    expect(normaliseUrl('ftp://a.example/x')).toEqual({
      ok: false,
      reason: '"ftp://a.example/x" is not an http(s) URL.',
    });
    expect(normaliseUrl('http://10.0.0.1/x')).toEqual({ ok: false, reason: '"10.0.0.1" is not a host name.' });
    expect(normaliseUrl('http://localhost/')).toEqual({ ok: false, reason: '"localhost" is not a host name.' });
    expect(normaliseUrl('')).toEqual({ ok: false, reason: 'Empty URL.' });
    expect(normaliseUrl(`https://a.example/${'x'.repeat(5000)}`).ok).toBe(false);
  });

  it('reads the extension of the last segment', () => {
    expect(extensionOf('/backup/site.tar.gz')).toBe('tar.gz');
    expect(extensionOf('/index.php~')).toBe('php~');
    expect(extensionOf('/.env')).toBeNull();
    expect(extensionOf('/docs/Report.PDF')).toBe('pdf');
    expect(extensionOf('/a.b/c')).toBeNull();
  });
});

describe('tagsOf', () => {
  it('tags each kind of exposure', () => {
    expect(tags('https://a.example/site-backup.zip')).toEqual(['backup']);
    expect(tags('https://a.example/index.php~')).toEqual(['backup', 'source']);
    expect(tags('https://a.example/web.config')).toEqual(['config']);
    expect(tags('https://a.example/app/settings.yml')).toEqual(['config']);
    expect(tags('https://a.example/.env')).toEqual(['env']);
    expect(tags('https://a.example/.env.production')).toEqual(['env']);
    expect(tags('https://a.example/dump/orders.sql')).toEqual(['database']);
    expect(tags('https://a.example/orders.sql.gz')).toEqual(['database']);
    expect(tags('https://a.example/.git/config')).toEqual(['source']);
    expect(tags('https://a.example/logs/app.log')).toEqual(['log']);
    expect(tags('https://a.example/wp-admin/')).toEqual(['admin']);
    expect(tags('https://a.example/manager/html')).toEqual(['admin']);
    expect(tags('https://a.example/cb?session=abc')).toEqual(['secret_in_query']);
    expect(tags('https://a.example/annual.pdf')).toEqual(['document']);
    expect(tags('https://a.example/api/v1/users')).toEqual(['api']);
    expect(tags('https://a.example/graphql')).toEqual(['api']);
    expect(tags('https://a.example/about-us')).toEqual([]);
  });

  it('finds a URL interesting unless it is only a document or an API route', () => {
    expect(isInteresting(['document'])).toBe(false);
    expect(isInteresting(['api', 'document'])).toBe(false);
    expect(isInteresting([])).toBe(false);
    expect(isInteresting(['api', 'secret_in_query'])).toBe(true);
    expect(isInteresting(['admin'])).toBe(true);
  });

  it('rates a finding by its worst tag', () => {
    expect(severityOf(['admin'])).toBe('low');
    expect(severityOf(['admin', 'config'])).toBe('medium');
    expect(severityOf(['log', 'env'])).toBe('high');
    expect(severityOf([])).toBe('info');
  });
});

describe('the import lines', () => {
  it('reads gau and waybackurls -dates lines, refuses others', () => {
    const dated = urlListLine('2021-06-01T10:00:00Z https://a.example/x.bak');
    expect(dated.ok && dated.record.capturedAt?.toISOString()).toBe('2021-06-01T10:00:00.000Z');
    expect(urlListLine('two words')).toEqual({ ok: false, reason: 'Expected one URL per line.' });
  });

  it('reads CDX timestamps, short ones padded', () => {
    expect(cdxTimestamp('20210601102030')?.toISOString()).toBe('2021-06-01T10:20:30.000Z');
    expect(cdxTimestamp('2021')?.toISOString()).toBe('2021-01-01T00:00:00.000Z');
    expect(cdxTimestamp('20211301000000')).toBeNull();
    expect(cdxTimestamp('x')).toBeNull();
  });
});
