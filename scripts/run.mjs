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

export function heading(text) {
  console.log(`\n=== ${text} ===`);
}

const chromium = '/usr/bin/chromium';

/**
 * The browser tests and the script scanner use Debian's Chromium: when it is missing, installs the
 * `chromium` package with apt-get (as root) and says so. Otherwise throws with what to install when
 * `required`, else prints a warning and returns false.
 */
export function ensureChromium({ required }) {
  if (existsSync(chromium)) return true;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const hasApt = ['/usr/bin/apt-get', '/bin/apt-get'].some((p) => existsSync(p));
  if (!isRoot || !hasApt) {
    const message = `${chromium} is missing: install Debian's chromium package (apt-get install -y chromium)`;
    if (required) throw new Error(message);
    console.warn(`\nWARNING: ${message}. Vigil starts, but its client-side script scans fail until it is installed.\n`);
    return false;
  }
  console.log(`${chromium} is missing: installing Debian's chromium package with apt-get (needs root)`);
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  return true;
}
