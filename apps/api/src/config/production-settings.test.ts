import { describe, expect, it } from 'vitest';
import { loadConfig } from './env.js';
import { productionSettingsRefusal } from './production-settings.js';

const complete = {
  NODE_ENV: 'production',
  COOKIE_SECRET: 'a-secret-shared-by-every-node-0123456789',
  PUBLIC_URL: 'https://vigil.example.com',
  DATABASE_URL: 'postgres://vigil@db.internal/vigil',
};

describe('a production node of a shared deployment', () => {
  it.each(['api', 'worker'])('VIGIL_ROLE=%s refuses to start without each shared setting, naming it', (role) => {
    expect(productionSettingsRefusal(loadConfig({ ...complete, VIGIL_ROLE: role }))).toBeUndefined();
    for (const name of ['COOKIE_SECRET', 'PUBLIC_URL', 'DATABASE_URL'] as const) {
      const refusal = productionSettingsRefusal(loadConfig({ ...complete, VIGIL_ROLE: role, [name]: '' }));
      expect(refusal).toContain(`VIGIL_ROLE=${role} needs ${name}.`);
      expect(refusal).toContain(`  ${name}: `);
    }
    const none = productionSettingsRefusal(loadConfig({ NODE_ENV: 'production', VIGIL_ROLE: role }));
    expect(none?.split('\n')[0]).toBe(
      `Vigil was not started: a production node with VIGIL_ROLE=${role} needs COOKIE_SECRET, PUBLIC_URL, DATABASE_URL.`,
    );
  });

  it('leaves the one-process start (its secret kept under DATA_DIR, PGlite) and development alone', () => {
    expect(productionSettingsRefusal(loadConfig({ NODE_ENV: 'production' }))).toBeUndefined();
    expect(productionSettingsRefusal(loadConfig({ NODE_ENV: 'development', VIGIL_ROLE: 'api' }))).toBeUndefined();
  });
});
