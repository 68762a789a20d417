import { createWebCryptoCipher } from '../adapters/web-crypto.cipher.js';
import { createMemoryStorage } from '../adapters/web-storage.adapter.js';
import { apiFailure, type GivenStorage, type ServerReply } from '../auth.model.js';
import { SESSION_KEYS } from '../constants.js';
import type { AuthApi, AuthPorts } from '../ports.js';

type Operation = keyof AuthApi;

interface PendingCall {
  operation: Operation;
  args: unknown[];
  settle: (reply: ServerReply) => void;
}

/**
 * Fake ports for tests: in-memory storage (which can be told to fail once), the real AES-GCM
 * cipher, a recording logger, and an API whose calls wait until the test answers them.
 */
export function createFakeWorld() {
  const storage = createMemoryStorage();
  let failNext = false;
  const failOnce = <T>(run: () => T): T => {
    if (failNext) {
      failNext = false;
      throw new Error('Storage is disabled.');
    }
    return run();
  };
  const memory = storage.session;
  const session = {
    getItem: (key: string) => failOnce(() => memory.getItem(key)),
    setItem: (key: string, value: string) => failOnce(() => memory.setItem(key, value)),
    removeItem: (key: string) => failOnce(() => memory.removeItem(key)),
  };
  const cipher = createWebCryptoCipher();
  const logs: Array<{ level: 'info' | 'error'; message: string }> = [];
  const calls: Array<{ operation: Operation; args: unknown[] }> = [];
  const pending: PendingCall[] = [];

  const call =
    (operation: Operation) =>
    (...args: unknown[]) => {
      calls.push({ operation, args });
      return new Promise((resolve, reject) => {
        pending.push({
          operation,
          args,
          settle: (reply) =>
            reply.status >= 200 && reply.status < 300
              ? resolve(reply.body)
              : reject(apiFailure(reply.status, reply.body)),
        });
      });
    };
  const operations: Operation[] = [
    'register',
    'login',
    'verifyTwoFactor',
    'resendTwoFactor',
    'resendVerificationEmail',
    'verifyEmail',
    'confirmRegistration',
    'acceptTerms',
    'requestPasswordReset',
    'resetPassword',
    'listClients',
    'switchClient',
    'switchLanguage',
    'checkUser',
    'logout',
    'startMicrosoftSignUp',
    'startMicrosoftSignIn',
    'retrieveMicrosoftToken',
  ];
  // The fake answers whatever body the test scripts; the contract's types do not constrain a script.
  const api = Object.fromEntries(operations.map((op) => [op, call(op)])) as unknown as AuthApi;

  const ports: AuthPorts = {
    api,
    storage: { session, local: storage.local, cookies: storage.cookies },
    cipher,
    logger: {
      info: (message) => logs.push({ level: 'info', message }),
      error: (message) => logs.push({ level: 'error', message }),
    },
  };

  return {
    ports,
    storage,
    cipher,
    logs,
    calls,
    /** Seeds session storage before start-up. */
    async given(given: GivenStorage): Promise<void> {
      if (given.token) memory.setItem(SESSION_KEYS.token, given.token);
      if (given.user) memory.setItem(SESSION_KEYS.encryptedUser, await cipher.encrypt(JSON.stringify(given.user)));
      if (given.fails) failNext = true;
    },
    /** The next session-storage access throws. */
    failStorageOnce(): void {
      failNext = true;
    },
    /** Answers the oldest waiting call of `reply.operation` (waiting a few ticks for it to be made). */
    async answer(reply: ServerReply): Promise<unknown[]> {
      for (let tick = 0; tick < 100; tick++) {
        const index = pending.findIndex((p) => p.operation === reply.operation);
        const found = pending[index];
        if (found) {
          pending.splice(index, 1);
          found.settle(reply);
          return found.args;
        }
        await new Promise((resolve) => setTimeout(resolve, 0));
      }
      throw new Error(`No call of ${reply.operation} is waiting.`);
    },
    /** Reads and decrypts a JSON value of session storage. */
    async decrypted(key: string): Promise<unknown> {
      const value = memory.getItem(key);
      return value === null ? null : JSON.parse(await cipher.decrypt(value));
    },
  };
}

export type FakeWorld = ReturnType<typeof createFakeWorld>;
