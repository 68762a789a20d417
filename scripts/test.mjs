#!/usr/bin/env node
// `npm test`: every check and test of the repository, in the order a reviewer wants them: lint, then
// the typecheck, tests and build of every workspace; then the server suite BESIDE the benchmarks'
// smokes and the browser tests. The browser tests keep about a quarter of two cores idle (each step
// waits on the page, the page on the server); the server suite, at a lower CPU priority, takes that
// idle time instead of running after them (ADR 0043, third round).
import { existsSync, readdirSync } from 'node:fs';
import { ensureChromium, ensureHeadlessShell, ensurePdfTools, heading, run, runBeside } from './run.mjs';

function hasBrowserTests() {
  const dir = 'apps/web/e2e';
  return existsSync(dir) && readdirSync(dir, { recursive: true }).some((f) => String(f).endsWith('.spec.ts'));
}

const turbo = (...args) => run('npx', ['turbo', 'run', ...args, '--concurrency=2', '--output-logs=full']);

try {
  heading('lint and format (Biome, import boundaries, import circles)');
  await run('npx', ['biome', 'ci', '--colors=off', '.']);
  await run('node', ['scripts/check-boundaries.mjs']);
  await run('node', ['scripts/check-cycles.mjs']);

  // The server suite scans the test store in Chromium too, not only the browser tests.
  ensureChromium({ required: true });
  ensurePdfTools({ required: true });
  ensureHeadlessShell({ required: true });
  heading('contract lint, typecheck, tests and builds of every workspace but the server (turbo)');
  await turbo('typecheck', 'test', 'build', '--filter=!@vigil/api');

  heading('the server suite (lines "api │"), beside the server build, the benchmark smokes and the browser tests');
  const serverSuite = runBeside('api', 'npm', ['test', '-w', '@vigil/api']);
  const browserSide = (async () => {
    heading('typecheck and build of the server (turbo)');
    await turbo('typecheck', 'build', '--filter=@vigil/api');
    // bench:data, bench:probes and bench:scan are smoked inside the server suite; these need the builds.
    heading('benchmark smokes of the built server (bench:api, its uploads, bench:web without Lighthouse)');
    await run('node', ['scripts/bench-smoke.mjs']);
    if (hasBrowserTests()) {
      heading('browser tests (Playwright in Debian Chromium, against the real server)');
      await run('npm', ['run', 'e2e', '-w', '@vigil/web']);
    }
  })();
  const failed = (await Promise.allSettled([serverSuite, browserSide])).filter((r) => r.status === 'rejected');
  if (failed.length > 0) throw new Error(failed.map((r) => String(r.reason?.message ?? r.reason)).join('\n'));
  heading('all checks passed');
} catch (error) {
  console.error(`\n${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
