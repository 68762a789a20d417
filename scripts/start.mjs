#!/usr/bin/env node
// `npm start`: builds the server and the web app (and the packages they use; no typecheck, which is
// `npm test`'s), then runs the server, which serves the API and the built app on one port and, once
// the demo data queued on a first start is in, prints where to sign in.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { ensureChromium, heading, run, startBuildArgs, turboEnv } from './run.mjs';

// The client-side script scans drive Debian's Chromium (a missing one is installed when we can).
try {
  ensureChromium({ required: false });
} catch (error) {
  console.warn(
    `\nWARNING: installing Chromium failed (${error instanceof Error ? error.message : error}); script scans fail until it is installed.\n`,
  );
}

heading('building the server and the web app');
try {
  await run('npx', startBuildArgs);
} catch (error) {
  console.error(`\nThe build failed, so Vigil was not started: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
}

const entry = 'apps/api/dist/server.js';
if (!existsSync(entry)) {
  console.error(`${entry} is missing after the build`);
  process.exit(1);
}

heading('starting Vigil');
const server = spawn(process.execPath, [entry], { stdio: 'inherit', env: turboEnv });
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => {
  process.exitCode = code ?? (signal ? 1 : 0);
});
