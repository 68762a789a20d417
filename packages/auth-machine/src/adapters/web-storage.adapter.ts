import type { AuthStorage, CookieJar, KeyValueStore } from '../ports.js';

/** Reads and writes `document.cookie`-style strings; the caller supplies both ends. */
export interface CookieAccess {
  /** Returns the cookie header string, e.g. `() => document.cookie`. */
  read(): string;
  /** Writes one `Set-Cookie`-style string, e.g. `(c) => { document.cookie = c; }`. */
  write(cookie: string): void;
}

/**
 * Parses a cookie string and returns one cookie's decoded value, else null.
 *
 * @example
 * readCookieValue('a=1; auth_user_id=7', 'auth_user_id'); // '7'
 */
export function readCookieValue(cookies: string, name: string): string | null {
  for (const part of cookies.split(';')) {
    const [rawKey, ...rest] = part.split('=');
    if (rawKey?.trim() === name) {
      try {
        return decodeURIComponent(rest.join('=').trim());
      } catch {
        return rest.join('=').trim();
      }
    }
  }
  return null;
}

/**
 * A {@link CookieJar} over a cookie string reader and writer (path `/`, SameSite=Lax).
 *
 * @example
 * const jar = createCookieJar({ read: () => document.cookie, write: (c) => { document.cookie = c; } });
 * jar.set('auth_user_id', '7', { maxAgeSeconds: 86400 });
 */
export function createCookieJar(access: CookieAccess, options: { secure?: boolean } = {}): CookieJar {
  return {
    get: (name) => readCookieValue(access.read(), name),
    set(name, value, { maxAgeSeconds }) {
      const attributes = [`Max-Age=${Math.max(0, Math.floor(maxAgeSeconds))}`, 'Path=/', 'SameSite=Lax'];
      if (maxAgeSeconds <= 0) attributes.push('Expires=Thu, 01 Jan 1970 00:00:00 GMT');
      if (options.secure) attributes.push('Secure');
      access.write(`${name}=${encodeURIComponent(value)}; ${attributes.join('; ')}`);
    },
  };
}

/**
 * Builds the storage port from the browser's objects, which the caller passes in (the package
 * never touches `window` or `document` itself).
 *
 * @example
 * const storage = createWebStorage({
 *   session: sessionStorage,
 *   local: localStorage,
 *   cookies: { read: () => document.cookie, write: (c) => { document.cookie = c; } },
 *   secure: location.protocol === 'https:',
 * });
 */
export function createWebStorage(options: {
  session: KeyValueStore;
  local: KeyValueStore;
  cookies: CookieAccess;
  secure?: boolean;
}): AuthStorage {
  return {
    session: options.session,
    local: options.local,
    cookies: createCookieJar(options.cookies, { secure: options.secure ?? false }),
  };
}

/**
 * An in-memory {@link KeyValueStore} (tests, server rendering, other front ends).
 *
 * @example
 * const store = createMemoryStore({ theme: 'dark' });
 * store.getItem('theme'); // 'dark'
 */
export function createMemoryStore(initial: Record<string, string> = {}): KeyValueStore & {
  entries(): Record<string, string>;
} {
  const map = new Map(Object.entries(initial));
  return {
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => {
      map.set(key, String(value));
    },
    removeItem: (key) => {
      map.delete(key);
    },
    entries: () => Object.fromEntries(map),
  };
}

/**
 * An in-memory {@link AuthStorage}: session and local stores plus a cookie jar that keeps each
 * cookie's value and max-age (a max-age of 0 deletes it).
 *
 * @example
 * const storage = createMemoryStorage();
 * storage.session.setItem('token', 't');
 */
export function createMemoryStorage(): AuthStorage & {
  session: ReturnType<typeof createMemoryStore>;
  local: ReturnType<typeof createMemoryStore>;
  cookieLog: Array<{ name: string; value: string; maxAgeSeconds: number }>;
} {
  const cookies = new Map<string, string>();
  const cookieLog: Array<{ name: string; value: string; maxAgeSeconds: number }> = [];
  return {
    session: createMemoryStore(),
    local: createMemoryStore(),
    cookieLog,
    cookies: {
      get: (name) => cookies.get(name) ?? null,
      set(name, value, { maxAgeSeconds }) {
        cookieLog.push({ name, value, maxAgeSeconds });
        if (maxAgeSeconds <= 0) cookies.delete(name);
        else cookies.set(name, value);
      },
    },
  };
}
