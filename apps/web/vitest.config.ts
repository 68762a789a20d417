import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      environment: 'happy-dom',
      setupFiles: ['./src/testing/setup.ts'],
      include: ['src/**/*.test.{ts,tsx}'],
      restoreMocks: true,
      pool: 'threads',
      maxWorkers: 2,
      // Test files share their worker's modules (Chakra's system, i18next, React load once per worker,
      // not once per file): the suite took 443 s in CI, 401 s of it in per-file setup, and 67 s so.
      // So a file cannot `vi.mock` a module another file already loaded: pass what a component reads
      // as a prop or a provider instead (monitoring-queries.test.tsx).
      isolate: false,
      // In `npm test` the server's suite runs beside this one on two cores: a screen test that
      // clicks through a drawer and a dialog took over 5 s there (members-screen, issue 16's CI)
      // while it takes under one alone. A hung test still fails, after 15 s.
      testTimeout: 15_000,
    },
  }),
);
