// Small helpers shared by the root scripts: run a command with inherited output, fail loudly.
import { spawn } from 'node:child_process';

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
