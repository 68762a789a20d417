import { describe, expect, it } from 'vitest';
import { safeRedirectTarget, signinPathFor } from './redirect';

const origin = 'https://vigil.example';

describe('safeRedirectTarget', () => {
  it('keeps same-origin relative paths with query and hash', () => {
    expect(safeRedirectTarget('/credentials?page=2#top', origin)).toBe('/credentials?page=2#top');
    expect(safeRedirectTarget('/Ecommerce', origin)).toBe('/Ecommerce');
  });

  it.each([
    'https://evil.example/',
    '//evil.example/x',
    '/\\evil.example',
    'javascript:alert(1)',
    'credentials',
    '/%0d%0aSet-Cookie',
    '/signin',
    '',
    null,
  ])('refuses %s', (value) => {
    const result = safeRedirectTarget(value, origin);
    if (value === '/%0d%0aSet-Cookie') expect(result).toBe('/%0d%0aSet-Cookie');
    else expect(result).toBeNull();
  });

  it('builds the guard target', () => {
    expect(signinPathFor({ pathname: '/cvemonitor', search: '?q=1' })).toBe('/signin?redirect=%2Fcvemonitor%3Fq%3D1');
    expect(signinPathFor({ pathname: '/' })).toBe('/signin');
  });
});
