// A development start on a non-loopback HOST (issue 32 item 6): refused with a sentence saying why
// and how, unless VIGIL_DEV_ALLOW_REMOTE=1; production listens where it is told.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { devHostRefusal, devHostWarning, isLoopbackHost } from './dev-host.js';
import { loadConfig } from './env.js';

const settings = (env: Record<string, string | undefined>) => loadConfig({ NODE_ENV: 'development', ...env });

describe('the development HOST', () => {
  it('counts loopback only as local', () => {
    for (const host of ['127.0.0.1', '127.0.0.2', '::1', '[::1]', 'localhost', 'LOCALHOST.', '::ffff:127.0.0.1']) {
      expect(isLoopbackHost(host), host).toBe(true);
    }
    for (const host of [
      '0.0.0.0',
      '::',
      '192.168.1.10',
      '10.0.0.5',
      'example.com',
      'localhost.example.com',
      '::127.0.0.1',
    ]) {
      expect(isLoopbackHost(host), host).toBe(false);
    }
  });

  it('refuses a development or test start beyond loopback, saying why and how', () => {
    for (const env of [{ HOST: '0.0.0.0' }, { HOST: '::' }, { HOST: '192.168.1.10', NODE_ENV: 'test' }]) {
      const refusal = devHostRefusal(settings(env));
      expect(refusal, env.HOST).toContain(`HOST=${env.HOST} is not a loopback address`);
      expect(refusal).toContain('/api/dev/outbox');
      expect(refusal).toContain('VIGIL_DEV_ALLOW_REMOTE=1');
    }
    expect(devHostRefusal(settings({ HOST: '0.0.0.0' }))).toBe(
      'Vigil was not started: HOST=0.0.0.0 is not a loopback address, and a development start would show every ' +
        'sign-in code and password-reset link at /api/dev/outbox to anyone who can reach it and would let webhooks ' +
        'reach private addresses. Use HOST=127.0.0.1 (the default), set NODE_ENV=production for a real deployment, ' +
        'or set VIGIL_DEV_ALLOW_REMOTE=1 if you mean to expose this development server to your network.',
    );
  });

  it('lets loopback, production and an explicit VIGIL_DEV_ALLOW_REMOTE=1 start, the last with a warning', () => {
    expect(devHostRefusal(settings({}))).toBeUndefined();
    expect(devHostRefusal(settings({ HOST: 'localhost' }))).toBeUndefined();
    expect(devHostRefusal(settings({ HOST: '0.0.0.0', NODE_ENV: 'production' }))).toBeUndefined();
    expect(devHostWarning(settings({ HOST: '0.0.0.0', NODE_ENV: 'production' }))).toBeUndefined();
    const allowed = settings({ HOST: '0.0.0.0', VIGIL_DEV_ALLOW_REMOTE: '1' });
    expect(devHostRefusal(allowed)).toBeUndefined();
    expect(devHostWarning(allowed)).toMatch(/WARNING .*HOST=0\.0\.0\.0 .*\/api\/dev\/outbox/);
    expect(devHostWarning(settings({}))).toBeUndefined();
    expect(() => settings({ VIGIL_DEV_ALLOW_REMOTE: 'yes' })).toThrow(/VIGIL_DEV_ALLOW_REMOTE/);
  });
});

describe('the start entry', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    process.exitCode = undefined;
    vi.restoreAllMocks();
  });

  it('stops before opening anything, with the sentence, when HOST is not loopback', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'vigil-dev-host-'));
    const printed: string[] = [];
    vi.spyOn(console, 'error').mockImplementation((text: unknown) => void printed.push(String(text)));
    vi.spyOn(process, 'exit').mockImplementation((code) => {
      throw new Error(`process.exit(${code}) called`);
    });
    // A documentation address: should the refusal be missing, listening there fails at once.
    for (const [name, value] of Object.entries({
      NODE_ENV: 'development',
      HOST: '192.0.2.1',
      PORT: '0',
      DATA_DIR: dataDir,
    })) {
      vi.stubEnv(name, value);
    }
    try {
      await import('../server.js');
      await vi.waitFor(() => expect(printed.join('\n')).toContain('Vigil was not started: HOST=192.0.2.1'), {
        timeout: 5000,
      });
      expect(process.exitCode).toBe(1);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
