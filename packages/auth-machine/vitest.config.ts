import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    coverage: {
      provider: 'v8',
      reporter: ['text-summary', 'text'],
      include: ['src/**'],
      // The CLI entry only prints what getAuthPaths returns; the testing helpers are test code.
      exclude: ['src/**/*.test.ts', 'src/cli/**', 'src/testing/**'],
      thresholds: { lines: 95, statements: 95, functions: 90, branches: 85 },
    },
  },
});
