#!/usr/bin/env node
// `npm test`: every check and test of the repository, in the order a reviewer wants them:
// lint, then typecheck/tests/builds of every workspace, then the browser tests.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { heading, run } from './run.mjs';

const chromium = '/usr/bin/chromium';

/** The browser tests need Debian's Chromium; install it when missing (as root), and say so. */
function ensureChromium() {
  if (existsSync(chromium)) return;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    throw new Error(`${chromium} is missing: install Debian's chromium package (apt-get install -y chromium)`);
  }
  console.log(`${chromium} is missing: installing Debian's chromium package with apt-get (needs root)`);
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
}

function hasBrowserTests() {
  const dir = 'apps/web/e2e';
  return existsSync(dir) && readdirSync(dir, { recursive: true }).some((f) => String(f).endsWith('.spec.ts'));
}

try {
  heading('lint and format (Biome, import boundaries)');
  await run('npx', ['biome', 'ci', '--colors=off', '.']);
  await run('node', ['scripts/check-boundaries.mjs']);

  heading('contract lint, typecheck, tests and builds of every workspace (turbo)');
  await run('npx', ['turbo', 'run', 'typecheck', 'test', 'build', '--concurrency=2', '--output-logs=full']);

  if (hasBrowserTests()) {
    heading('browser tests (Playwright in Debian Chromium, against the real server)');
    ensureChromium();
    await run('npm', ['run', 'e2e', '-w', '@vigil/web']);
  }
  heading('all checks passed');
} catch (error) {
  console.error(`\n${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
