// Which header changes weaken a page (a finding) and which are only recorded in its history.
import { describe, expect, it } from 'vitest';
import type { SecurityHeaders } from '../scanner/scan.types.js';
import { headerChanges, headersOf } from './headers.js';

const base: SecurityHeaders = {
  'content-security-policy': "default-src 'self'; script-src 'self' https://cdn.example; frame-ancestors 'self'",
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-frame-options': 'DENY',
  'referrer-policy': 'strict-origin',
};

const regressions = (next: SecurityHeaders) =>
  headerChanges(base, next)
    .filter((c) => c.regression)
    .map((c) => c.header);

describe('header changes', () => {
  it('find nothing when the headers are the same', () => {
    expect(headerChanges(base, { ...base })).toEqual([]);
  });

  it('count a removed CSP, HSTS or X-Frame-Options as regressions', () => {
    const { 'content-security-policy': _c, 'strict-transport-security': _h, ...rest } = base;
    expect(regressions(rest)).toEqual(['content-security-policy', 'strict-transport-security']);
    const { 'x-frame-options': _x, ...withoutXfo } = base;
    // CSP frame-ancestors still forbids framing: X-Frame-Options is not missed.
    expect(regressions(withoutXfo)).toEqual([]);
    const noAncestors = { ...withoutXfo, 'content-security-policy': "default-src 'self'" };
    expect(regressions(noAncestors)).toEqual(['content-security-policy', 'x-frame-options']);
  });

  it('count a loosened script source or framing as a weakened CSP', () => {
    const csp = (value: string) => regressions({ ...base, 'content-security-policy': value });
    expect(
      csp("default-src 'self'; script-src 'self' https://cdn.example 'unsafe-inline'; frame-ancestors 'self'"),
    ).toEqual(['content-security-policy']);
    expect(csp("default-src 'self'; script-src *; frame-ancestors 'self'")).toEqual(['content-security-policy']);
    expect(csp("script-src 'self'; frame-ancestors *")).toEqual(['content-security-policy']);
    expect(csp("img-src 'self'; frame-ancestors 'self'")).toEqual(['content-security-policy']);
    // A tighter policy is a change, not a regression.
    expect(csp("default-src 'none'; script-src 'self'; frame-ancestors 'none'")).toEqual([]);
  });

  it('count a shorter HSTS max-age, dropped includeSubDomains or looser X-Frame-Options as weakened', () => {
    expect(regressions({ ...base, 'strict-transport-security': 'max-age=300; includeSubDomains' })).toEqual([
      'strict-transport-security',
    ]);
    expect(regressions({ ...base, 'strict-transport-security': 'max-age=31536000' })).toEqual([
      'strict-transport-security',
    ]);
    expect(
      regressions({ ...base, 'strict-transport-security': 'max-age=63072000; includeSubDomains; preload' }),
    ).toEqual([]);
    expect(regressions({ ...base, 'x-frame-options': 'SAMEORIGIN' })).toEqual(['x-frame-options']);
  });

  it('record other headers and new ones without a regression', () => {
    const { 'referrer-policy': _r, ...rest } = base;
    expect(headerChanges(base, { ...rest, 'permissions-policy': 'camera=()' })).toEqual([
      { header: 'referrer-policy', from: 'strict-origin', to: null, regression: false },
      { header: 'permissions-policy', from: null, to: 'camera=()', regression: false },
    ]);
  });

  it('read a scan row of headers, dropping what is not a known header', () => {
    expect(headersOf('{"x-frame-options":"DENY","server":"nginx","referrer-policy":3}')).toEqual({
      'x-frame-options': 'DENY',
    });
    expect(headersOf('not json')).toEqual({});
  });
});
