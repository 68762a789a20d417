import type { Page } from '@playwright/test';
import { createWebCryptoCipher, type GivenStorage, SESSION_KEYS } from '@vigil/auth-machine';

/**
 * Storage conditions of the model (`condition.given.storage`), arranged before the app starts:
 * a stored session (encrypted with the app's cipher, as the app itself writes it), a token alone,
 * or session storage that throws.
 */
export async function arrangeStorage(
  page: Page,
  given: GivenStorage,
  failsOn: 'getItem' | 'removeItem',
): Promise<void> {
  if (given.fails) {
    await page.addInitScript((method) => {
      const original = Storage.prototype[method];
      Object.defineProperty(Storage.prototype, method, {
        configurable: true,
        value(this: Storage, ...args: [string]) {
          if (this === window.sessionStorage && !String(args[0]).startsWith('__qa'))
            throw new Error('Storage is disabled.');
          return (original as (...a: [string]) => unknown).apply(this, args);
        },
      });
    }, failsOn);
  }
  const items: Record<string, string> = {};
  if (given.token) items[SESSION_KEYS.token] = given.token;
  if (given.user) items[SESSION_KEYS.encryptedUser] = await createWebCryptoCipher().encrypt(JSON.stringify(given.user));
  if (Object.keys(items).length === 0) return;
  await page.addInitScript((stored) => {
    if (sessionStorage.getItem('__qa_seeded')) return;
    sessionStorage.setItem('__qa_seeded', '1');
    for (const [key, value] of Object.entries(stored)) sessionStorage.setItem(key, value);
  }, items);
}
