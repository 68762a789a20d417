// Small helpers shared by the root scripts: run a command with inherited output, fail loudly.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';

export const turboEnv = { ...process.env, TURBO_TELEMETRY_DISABLED: '1', DO_NOT_TRACK: '1' };

/** Runs a command; resolves on exit 0, rejects with the exit code otherwise. */
export function run(command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: 'inherit', env: turboEnv, ...options });
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`${command} ${args.join(' ')} failed (${signal ?? `exit ${code}`})`));
    });
  });
}

/**
 * `npm start`'s build: the server, the web app and the packages they use, in dependency order and
 * without typechecking (their build scripts emit only: `tsc --noCheck`, `vite build`); the typecheck
 * is `npm test`'s (and `npm run typecheck`'s), so a start is not held up by it.
 */
/**
 * Runs a command with its output held back (it runs beside another whose output is live): resolves
 * with the exit status and everything it printed, stdout and stderr in the order they came.
 */
export function runHeld(command, args, options = {}) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], env: turboEnv, ...options });
    let output = '';
    const keep = (chunk) => {
      output += chunk;
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    const done = (failure) => resolve({ failure, output, seconds: (Date.now() - started) / 1000 });
    child.on('error', (error) => done(`${command} ${args.join(' ')} could not start: ${error.message}`));
    child.on('close', (code, signal) =>
      done(code === 0 ? null : `${command} ${args.join(' ')} failed (${signal ?? `exit ${code}`})`),
    );
  });
}

export const startBuildArgs = [
  'turbo',
  'run',
  'build',
  '--filter=@vigil/api',
  '--filter=@vigil/web',
  '--concurrency=2',
];

export function heading(text) {
  console.log(`\n=== ${text} ===`);
}

const chromium = '/usr/bin/chromium';

/**
 * A Debian package a part of Vigil needs: when `path` is missing, installs `pkg` with apt-get (as
 * root) and says so. Otherwise throws with what to install when `required`, else prints a warning
 * (`without` says what does not work then) and returns false.
 */
function ensureDebianPackage({ path, pkg, without, required }) {
  if (existsSync(path)) return true;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const hasApt = ['/usr/bin/apt-get', '/bin/apt-get'].some((p) => existsSync(p));
  if (!isRoot || !hasApt) {
    const message = `${path} is missing: install Debian's ${pkg} package (apt-get install -y ${pkg})`;
    if (required) throw new Error(message);
    console.warn(`\nWARNING: ${message}. ${without}\n`);
    return false;
  }
  console.log(`${path} is missing: installing Debian's ${pkg} package with apt-get (needs root)`);
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  execFileSync('apt-get', ['install', '-y', '-qq', pkg], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  return true;
}

/** The browser tests, the script scanner and the report renderer use Debian's Chromium. */
export function ensureChromium({ required }) {
  return ensureDebianPackage({
    path: chromium,
    pkg: 'chromium',
    without: 'Vigil starts, but its client-side script scans and PDF reports fail until it is installed.',
    required,
  });
}

/**
 * The browser tests run in Debian's `chromium-headless-shell` (the same engine without the full
 * browser around it: about a third less CPU per test on a 2-core machine).
 */
export function ensureHeadlessShell({ required }) {
  return ensureDebianPackage({
    path: '/usr/bin/chromium-headless-shell',
    pkg: 'chromium-headless-shell',
    without: 'The browser tests run in the full Chromium instead, more slowly.',
    required,
  });
}

/** The report's browser test turns the PDF into pages with poppler's pdftoppm and pdftotext. */
export function ensurePdfTools({ required }) {
  return ensureDebianPackage({
    path: '/usr/bin/pdftoppm',
    pkg: 'poppler-utils',
    without: 'The report test cannot read the PDF until it is installed.',
    required,
  });
}
