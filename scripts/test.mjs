#!/usr/bin/env node
// `npm test`: every check and test of the repository, in the order a reviewer wants them:
// lint, then typecheck/tests/builds of every workspace, then the browser tests with the benchmarks'
// smokes and the production install's beside them.
import { existsSync, readdirSync } from 'node:fs';
import { ensureChromium, ensureHeadlessShell, ensurePdfTools, heading, run, runHeld } from './run.mjs';

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

  // The smokes of the built server, the production install and the auth paths' browser tests run
  // beside the browser suite, one after the other: it keeps a quarter to a third of the two cores idle
  // (one worker, waiting on pages). Their output is held and printed, under its heading, when each is done.
  const beside = (async () => {
    const failures = [];
    for (const [title, ...command] of [
      // bench:data, bench:probes and bench:scan were smoked inside the API suite; these need the builds.
      [
        'benchmark smokes of the built server (bench:api, its uploads, bench:web without Lighthouse)',
        'node',
        ['scripts/bench-smoke.mjs'],
      ],
      // docs/operations.md followed on a clean clone: deploy/install.sh, two API processes and two
      // workers on PostgreSQL behind nginx, and the installed server on Node 22 and 24.
      [
        "production install (deploy/install.sh in a clean clone, the guide's deployment, Node 22 and 24)",
        'node',
        ['scripts/install-smoke.mjs'],
      ],
      // The auth machine's generated paths (a fake API, no shared server state) in a run of their
      // own, with its own server: by now the browser suite alone leaves a third of the cores idle.
      ...(hasBrowserTests()
        ? [
            [
              "browser tests of the auth machine's paths (Playwright, the paths project)",
              'npx',
              ['playwright', 'test', '--project=paths'],
              { cwd: 'apps/web' },
            ],
          ]
        : []),
    ]) {
      const { failure, output, seconds } = await runHeld(...command);
      heading(`${title}: ${failure ? 'FAILED' : 'passed'} in ${seconds.toFixed(0)} s (ran beside the browser tests)`);
      process.stdout.write(output);
      if (failure) failures.push(failure);
    }
    return failures;
  })();

  let browserFailure = null;
  if (hasBrowserTests()) {
    heading('browser tests (Playwright in Debian Chromium, against the real server)');
    // `npm run e2e` without the paths project, which runs beside (above).
    const projects = ['desktop', 'mobile', 'qa', 'monitoring'].map((name) => `--project=${name}`);
    await run('npx', ['playwright', 'test', ...projects], { cwd: 'apps/web' }).catch((error) => {
      browserFailure = error instanceof Error ? error.message : String(error);
    });
  }
  const failures = [...(await beside), ...(browserFailure ? [browserFailure] : [])];
  if (failures.length > 0) throw new Error(failures.join('\n'));
  heading('all checks passed');
} catch (error) {
  console.error(`\n${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
