import { describe, expect, it } from 'vitest';
import { createWebCryptoCipher } from './adapters/web-crypto.cipher.js';
import { createMemoryStorage } from './adapters/web-storage.adapter.js';
import { MODEL_SERVER_USER, MODEL_USER } from './auth.model.js';
import { SESSION_KEYS } from './constants.js';
import { readSession, saveClients, saveSession, saveTwoFactorStep } from './session.store.js';
import { TRANSFORM_USER_FAILED, transformUser } from './user.transform.js';

describe('session storage', () => {
  it('round-trips the session, clients and pending steps under the spec keys', async () => {
    const storage = createMemoryStorage();
    const deps = { storage, cipher: createWebCryptoCipher() };
    await saveSession(deps, 'tok', MODEL_USER);
    await saveClients(deps, [{ idCliente: 4, name: 'Acme' }]);
    storage.session.setItem(SESSION_KEYS.twoFactorUserId, '7');
    storage.session.setItem(SESSION_KEYS.termsEmail, 'a@b.test');
    storage.session.setItem(SESSION_KEYS.verificationUserId, 'x');
    expect(await readSession(deps)).toEqual({
      token: 'tok',
      user: MODEL_USER,
      clients: [{ idCliente: 4, name: 'Acme' }],
      // Without the encrypted copy the step is the e-mailed code's.
      twoFactor: { userId: 7, email: null, method: 'email' },
      verificationUserId: null,
      terms: { userId: null, email: 'a@b.test' },
    });
    expect(Object.keys(storage.session.entries()).sort()).toEqual(
      [
        'encryptedClients',
        'encryptedUser',
        'terms_email',
        'token',
        'two_factor_user_id',
        'verification_user_id',
      ].sort(),
    );
    expect(storage.session.getItem(SESSION_KEYS.encryptedUser)).not.toContain('Ana');
  });

  it('keeps the two-factor method in the encrypted copy only (no key of its own)', async () => {
    const storage = createMemoryStorage();
    const deps = { storage, cipher: createWebCryptoCipher() };
    await saveTwoFactorStep(deps, { userId: 7, email: 'a@b.test', method: 'authenticator' });
    expect((await readSession(deps)).twoFactor).toEqual({ userId: 7, email: 'a@b.test', method: 'authenticator' });
    expect(Object.keys(storage.session.entries()).sort()).toEqual(
      ['encryptedTwoFactor', 'two_factor_email', 'two_factor_user_id'].sort(),
    );
    expect(storage.session.getItem(SESSION_KEYS.encryptedTwoFactor)).not.toContain('authenticator');
  });

  it('lands the encrypted two-factor copies in the order they were asked for, however long each encryption takes', async () => {
    const storage = createMemoryStorage();
    const real = createWebCryptoCipher();
    let calls = 0;
    // The first encryption is the slow one: without ordering, the older step would land last.
    const cipher = {
      ...real,
      encrypt: async (plain: string) => {
        const delay = calls++ === 0 ? 30 : 0;
        await new Promise((resolve) => setTimeout(resolve, delay));
        return real.encrypt(plain);
      },
    };
    const deps = { storage, cipher };
    const first = saveTwoFactorStep(deps, { userId: 7, email: 'a@b.test', method: 'email' });
    const second = saveTwoFactorStep(deps, { userId: 7, email: 'a@b.test', method: 'authenticator' }, first);
    await Promise.all([first, second]);
    expect((await readSession({ storage, cipher: real })).twoFactor?.method).toBe('authenticator');
  });

  it('a failed decryption gives a null user and an empty client list', async () => {
    const storage = createMemoryStorage();
    const cipher = createWebCryptoCipher({ secret: 'other' });
    const written = { storage, cipher: createWebCryptoCipher() };
    await saveSession(written, 'tok', MODEL_USER);
    await saveClients(written, [{ idCliente: 4, name: 'Acme' }]);
    const read = await readSession({ storage, cipher });
    expect(read.user).toBeNull();
    expect(read.clients).toEqual([]);
    storage.session.setItem(SESSION_KEYS.encryptedUser, await written.cipher.encrypt('{}'));
    expect((await readSession(written)).user).toBeNull();
  });
});

describe('user transformation (spec §3)', () => {
  it('takes idcliente from idCliente or idcliente, else null; optional fields else null', () => {
    expect(transformUser(MODEL_SERVER_USER)).toEqual(MODEL_USER);
    expect(transformUser({ id: 1, name: 'A', email: 'a@b.test', idcliente: 3 })).toEqual({
      id: 1,
      name: 'A',
      email: 'a@b.test',
      position: null,
      idcliente: 3,
      active: null,
      picture: null,
      theme: null,
      language: null,
      operator: false,
    });
    expect(transformUser({ id: 1, name: 'A', email: 'a@b.test', operator: true }).operator).toBe(true);
    expect(transformUser({ id: 1, name: 'A', email: 'a@b.test', operator: 'yes' }).operator).toBe(false);
  });

  it.each([null, {}, [], { id: '1', name: 'A', email: 'a' }])('refuses %j', (raw) => {
    expect(() => transformUser(raw)).toThrow(TRANSFORM_USER_FAILED);
  });
});
