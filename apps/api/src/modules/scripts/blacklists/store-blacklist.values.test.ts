// The store blacklist's value rules: the domain's normal form (a URL's host taken), a URL only on
// the domain, the workflow's allowed moves, and which HTTP answers count as a store still online.
import { describe, expect, it } from 'vitest';
import { answersOnline } from './store-blacklist.liveness.js';
import { allowedMove, storeDomain, storeUrl } from './store-blacklist.values.js';

describe('store blacklist values', () => {
  it('normalises a domain, takes a URL host, and refuses what is not a host name', () => {
    expect(storeDomain(' Shop-Clone.EXAMPLE. ')).toEqual({ ok: true, value: 'shop-clone.example' });
    expect(storeDomain('https://www.Shop-Clone.example:8443/p?x=1')).toEqual({
      ok: true,
      value: 'www.shop-clone.example',
    });
    expect(storeDomain('lojá-clone.example')).toEqual({ ok: true, value: 'xn--loj-clone-21a.example' });
    for (const bad of ['localhost', '203.0.113.7', 'not a domain', 'https://', '-bad.example']) {
      expect(storeDomain(bad).ok, bad).toBe(false);
    }
  });

  it('accepts an http(s) URL on the domain or a subdomain only, without credentials', () => {
    expect(storeUrl('https://www.clone.example/checkout', 'clone.example')).toEqual({
      ok: true,
      value: 'https://www.clone.example/checkout',
    });
    expect(storeUrl('  ', 'clone.example')).toEqual({ ok: true, value: null });
    for (const bad of [
      'https://clone.example.evil.test/',
      'https://notclone.example/',
      'ftp://clone.example/',
      'https://user:pw@clone.example/',
      'clone.example/path',
    ]) {
      expect(storeUrl(bad, 'clone.example').ok, bad).toBe(false);
    }
  });

  it('moves one step forward only, and back from offline to confirmed', () => {
    expect(allowedMove('suspected', 'confirmed')).toBe(true);
    expect(allowedMove('confirmed', 'takedown_requested')).toBe(true);
    expect(allowedMove('takedown_requested', 'offline')).toBe(true);
    expect(allowedMove('offline', 'confirmed')).toBe(true);
    expect(allowedMove('suspected', 'offline')).toBe(false);
    expect(allowedMove('confirmed', 'suspected')).toBe(false);
    expect(allowedMove('takedown_requested', 'confirmed')).toBe(false);
  });

  it('counts a store online when it answers below 400 or refuses strangers, offline on what a takedown leaves', () => {
    for (const status of [200, 204, 301, 302, 401, 403]) expect(answersOnline(status), String(status)).toBe(true);
    for (const status of [404, 410, 451, 500, 502, 503]) expect(answersOnline(status), String(status)).toBe(false);
  });
});
