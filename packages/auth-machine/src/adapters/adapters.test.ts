import { describe, expect, it } from 'vitest';
import { createWebCryptoCipher, DEFAULT_CIPHER_SECRET } from './web-crypto.cipher.js';
import { createCookieJar, createMemoryStore, createWebStorage, readCookieValue } from './web-storage.adapter.js';

describe('Web Crypto AES-GCM cipher', () => {
  it('round-trips text with a random IV each time', async () => {
    const cipher = createWebCryptoCipher();
    const a = await cipher.encrypt('olá, Vigil');
    const b = await cipher.encrypt('olá, Vigil');
    expect(a).not.toBe(b);
    expect(await cipher.decrypt(a)).toBe('olá, Vigil');
    expect(DEFAULT_CIPHER_SECRET.length).toBeGreaterThan(0);
  });

  it('rejects another secret, tampering and junk', async () => {
    const sealed = await createWebCryptoCipher({ secret: 'one' }).encrypt('x');
    await expect(createWebCryptoCipher({ secret: 'two' }).decrypt(sealed)).rejects.toThrow();
    await expect(createWebCryptoCipher({ secret: 'one' }).decrypt(`${sealed.slice(0, -4)}AAAA`)).rejects.toThrow();
    await expect(createWebCryptoCipher().decrypt('AAAA')).rejects.toThrow('Not an encrypted value.');
  });
});

describe('web storage adapter', () => {
  it('writes cookies with Max-Age and expires them with 0', () => {
    const written: string[] = [];
    let jar = 'XSRF-TOKEN=abc; auth_user_id=7';
    const storage = createWebStorage({
      session: createMemoryStore(),
      local: createMemoryStore({ theme: 'dark' }),
      cookies: { read: () => jar, write: (c) => written.push(c) },
      secure: true,
    });
    expect(storage.cookies.get('auth_user_id')).toBe('7');
    expect(storage.cookies.get('missing')).toBeNull();
    expect(storage.local.getItem('theme')).toBe('dark');
    storage.cookies.set('auth_user_id', '7 8', { maxAgeSeconds: 86400 });
    storage.cookies.set('access_token', '', { maxAgeSeconds: 0 });
    expect(written).toEqual([
      'auth_user_id=7%208; Max-Age=86400; Path=/; SameSite=Lax; Secure',
      'access_token=; Max-Age=0; Path=/; SameSite=Lax; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Secure',
    ]);
    jar = 'a=%E0%A4%A';
    expect(createCookieJar({ read: () => jar, write: () => {} }).get('a')).toBe('%E0%A4%A');
  });

  it('parses cookie values with = inside', () => {
    expect(readCookieValue('a=1; b=x=y', 'b')).toBe('x=y');
  });

  it('memory store removes and lists', () => {
    const store = createMemoryStore({ a: '1' });
    store.setItem('b', '2');
    store.removeItem('a');
    expect(store.entries()).toEqual({ b: '2' });
  });
});
