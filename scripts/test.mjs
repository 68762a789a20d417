#!/usr/bin/env node
// `npm test`: every check and test of the repository, in the order a reviewer wants them:
// lint, then typecheck/tests/builds of every workspace, then the browser tests, the benchmarks' smokes
// and the production install in two lanes.
import { existsSync, readdirSync } from 'node:fs';
import { ensureChromium, ensureHeadlessShell, ensurePdfTools, heading, run, runHeld, turboEnv } from './run.mjs';

function hasBrowserTests() {
  const dir = 'apps/web/e2e';
  return existsSync(dir) && readdirSync(dir, { recursive: true }).some((f) => String(f).endsWith('.spec.ts'));
}

try {
  heading('lint and format (Biome, import boundaries, import circles)');
  await run('npx', ['biome', 'ci', '--colors=off', '.']);
  await run('node', ['scripts/check-boundaries.mjs']);
  await run('node', ['scripts/check-cycles.mjs']);

  // The server suite scans the test store in Chromium too, not only the browser tests.
  ensureChromium({ required: true });
  ensurePdfTools({ required: true });
  ensureHeadlessShell({ required: true });
  heading('contract lint, typecheck, tests and builds of every workspace (turbo)');
  await run('npx', ['turbo', 'run', 'typecheck', 'test', 'build', '--concurrency=2', '--output-logs=full']);

  // The browser phase in two lanes, one per core, each a chain of runs; the output of each run is held
  // and printed, under its heading, when it is done. The browser suite is split in two runs with a
  // server each (no state shared between them): one run of it left a core a third idle for its last 7
  // minutes, once what ran beside it was done.
  const browser = hasBrowserTests();
  const playwright = (title, projects, env = {}) => [
    title,
    'npx',
    ['playwright', 'test', ...projects.map((name) => `--project=${name}`)],
    { cwd: 'apps/web', env: { ...turboEnv, ...env } },
  ];
  const smokes = [
    // bench:data, bench:probes and bench:scan were smoked inside the API suite; these need the builds.
    'benchmark smokes of the built server (bench:api, its uploads, bench:web without Lighthouse)',
    'node',
    ['scripts/bench-smoke.mjs'],
  ];
  const install = [
    // docs/operations.md followed on a clean clone: deploy/install.sh, two API processes and two
    // workers on PostgreSQL behind nginx, and the installed server on Node 22 and 24.
    "production install (deploy/install.sh in a clean clone, the guide's deployment, Node 22 and 24)",
    'node',
    ['scripts/install-smoke.mjs'],
  ];
  // The lanes carry about the same CPU: the monitoring screens (about 17 minutes beside the other lane)
  // in one; the flows, the install, the paths and the smokes in the other.
  const lanes = [
    browser
      ? [
          playwright('browser tests of the monitoring screens (Playwright in Debian Chromium, real server)', [
            'monitoring',
          ]),
        ]
      : [],
    [
      ...(browser
        ? [
            playwright('browser tests of the sign-in flows, account, accessibility and layout (desktop, mobile, qa)', [
              'desktop',
              'mobile',
              'qa',
            ]),
          ]
        : []),
      install,
      // The auth machine's generated paths answer every call from a fake API: their server has the
      // demo seed only, not the monitoring data a development start imports.
      ...(browser
        ? [
            playwright("browser tests of the auth machine's paths (the paths project)", ['paths'], {
              VIGIL_E2E_DEMO_DATA: '0',
            }),
          ]
        : []),
      smokes,
    ],
  ];
  heading(`browser tests, benchmark smokes and the production install, in ${lanes.length} lanes`);
  const failures = [];
  await Promise.all(
    lanes.map(async (lane) => {
      for (const [title, ...command] of lane) {
        const { failure, output, seconds } = await runHeld(...command);
        heading(`${title}: ${failure ? 'FAILED' : 'passed'} in ${seconds.toFixed(0)} s`);
        process.stdout.write(output);
        if (failure) failures.push(failure);
      }
    }),
  );
  if (failures.length > 0) throw new Error(failures.join('\n'));
  heading('all checks passed');
} catch (error) {
  console.error(`\n${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
