// @vitest-environment node
// bench:web's signed-in first-load budget (scripts/bench-web-first-load.mjs, issue 35): which
// module's code a chunk carries, and which budgets a visit breaks, so a module that brings its
// screen or its work onto the dashboard fails bench:web.
import { describe, expect, it } from 'vitest';
// @ts-expect-error the bench script is plain JavaScript (no declarations)
import { brokenBudgets, FIRST_LOAD_BUDGET, modulesOfChunk } from '../../scripts/bench-web-first-load.mjs';

describe('modulesOfChunk', () => {
  it('names the modules whose code a chunk carries, not their registrations', () => {
    expect(
      modulesOfChunk([
        'package:react',
        'src/app/app.tsx',
        'src/modules/credentials/credentials.module.ts',
        'src/modules/scripts/scripts.module.ts',
      ]),
    ).toEqual([]);
    expect(
      modulesOfChunk([
        'src/modules/credentials/components/credentials-screen.tsx',
        'src/modules/scripts/stores/stores-screen.tsx',
        'src/modules/credentials/credentials.module.ts',
        'src/platform/dashboard/index.ts',
      ]),
    ).toEqual(['credentials', 'scripts']);
  });
});

describe('brokenBudgets', () => {
  const within = {
    jsGzipTotal: FIRST_LOAD_BUDGET.jsGzipTotal - 1,
    mainThreadMs: FIRST_LOAD_BUDGET.mainThreadMs - 1,
    perModule: [['cves', { bytes: 1_000, ms: 5, chunks: ['/assets/cves-card.js'] }]],
  };

  it('passes a load within every budget', () => {
    expect(brokenBudgets(within)).toEqual([]);
  });

  it('names the total and the module over their budgets', () => {
    const broken = brokenBudgets({
      ...within,
      jsGzipTotal: FIRST_LOAD_BUDGET.jsGzipTotal + 1,
      perModule: [
        ['cves', { bytes: 1_000, ms: 5, chunks: [] }],
        [
          'credentials',
          { bytes: FIRST_LOAD_BUDGET.moduleJsGzip + 1, ms: FIRST_LOAD_BUDGET.moduleMainThreadMs + 1, chunks: [] },
        ],
      ],
    });
    expect(broken).toHaveLength(3);
    expect(broken[0]).toMatch(/^\/dashboard signed in loads \d+ B of JS gzip/);
    expect(broken.slice(1).every((line: string) => line.startsWith('module credentials adds'))).toBe(true);
  });

  it('names a main thread over its budget', () => {
    expect(brokenBudgets({ ...within, mainThreadMs: FIRST_LOAD_BUDGET.mainThreadMs + 1 })).toEqual([
      expect.stringMatching(/keeps the main thread \d+ ms/),
    ]);
  });
});
