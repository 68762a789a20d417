// `npm start` as a new user meets it: its build runs no typecheck (that is `npm test`'s), and the
// server it starts says nothing the user must not act on (no library warning, no "not found"), and
// sends them to sign in only once the demo data queued on a first start is in.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './db/connect.js';

const apiRoot = fileURLToPath(new URL('..', import.meta.url));
const repoRoot = join(apiRoot, '../..');
const outDir = join(apiRoot, '.test-dist-start');
const dataDir = mkdtempSync(join(tmpdir(), 'vigil-start-'));
let child: ChildProcess | undefined;
// The build `npm start` runs (scripts/run.mjs, outside this package's sources).
const { startBuildArgs } = (await import(pathToFileURL(join(repoRoot, 'scripts/run.mjs')).href)) as {
  startBuildArgs: string[];
};

afterAll(() => {
  if (child?.exitCode === null) child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(outDir, { recursive: true, force: true });
});

describe('npm start', () => {
  it('builds in dependency order without a typecheck task or a type-checking compile', () => {
    const plan = JSON.parse(
      execFileSync(
        process.execPath,
        [join(repoRoot, 'node_modules/turbo/bin/turbo'), ...startBuildArgs.slice(1), '--dry=json'],
        {
          cwd: repoRoot,
          env: { TURBO_TELEMETRY_DISABLED: '1', DO_NOT_TRACK: '1', HOME: dataDir },
          encoding: 'utf8',
          maxBuffer: 64 * 1024 * 1024,
        },
      ),
    ) as { tasks: { taskId: string; command: string }[] };
    const ids = plan.tasks.map((t) => t.taskId);
    expect(ids).toEqual(expect.arrayContaining(['@vigil/api#build', '@vigil/web#build', '@vigil/api-client#build']));
    expect(ids.filter((id) => !id.endsWith('#build'))).toEqual([]);
    for (const { taskId, command } of plan.tasks) {
      if (command.includes('tsc')) expect(command, taskId).toContain('--noCheck');
    }
  }, 60_000);

  it('starts without a warning line and prints where to sign in after the queued demo data', async () => {
    // The server compiled from these sources as its build does (emit only), run as `npm start` runs it.
    execFileSync(
      process.execPath,
      [
        join(repoRoot, 'node_modules/typescript/bin/tsc'),
        ...['-p', 'tsconfig.build.json', '--noCheck', '--outDir', outDir],
        ...['--declaration', 'false', '--declarationMap', 'false', '--sourceMap', 'false'],
      ],
      { cwd: apiRoot, stdio: 'inherit' },
    );
    const output: string[] = [];
    child = spawn(process.execPath, [join(outDir, 'server.js')], {
      cwd: apiRoot,
      env: {
        NODE_ENV: 'development',
        HOST: '127.0.0.1',
        PORT: '0',
        DATA_DIR: dataDir,
        WEB_DIST: join(dataDir, 'no-web-build'),
        // Bounded, with room for a busy machine: the stop below must end well inside it.
        SHUTDOWN_TIMEOUT_MS: '60000',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const first = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no start line within 150 s:\n${output.join('')}`)), 150_000);
      const read = (chunk: Buffer) => {
        output.push(chunk.toString('utf8'));
        const line = output
          .join('')
          .split('\n')
          .find((l) => l.startsWith('Vigil is'));
        if (line) {
          clearTimeout(timer);
          resolve(line);
        }
      };
      child?.stdout?.on('data', read);
      child?.stderr?.on('data', read);
      child?.once('exit', (code) => reject(new Error(`the server exited (${code}):\n${output.join('')}`)));
    });
    // SIGTERM while the demo data's jobs run: the server stops taking requests, hands the running
    // jobs back to the queue at their checkpoint, and exits 0 (issue 36: graceful shutdown).
    const exited = new Promise<number | null>((resolve) => child?.once('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    const log = output.join('');
    expect(log).toContain('"msg":"shutting down: no new requests');
    expect(log).toMatch(/"msg":"shut down"/);
    const database = await openDatabase({ kind: 'pglite', dataDir: join(dataDir, 'pglite') });
    try {
      const running = await database.db.selectFrom('jobs').select('id').where('status', '=', 'running').execute();
      expect(running).toEqual([]);
      expect(await database.db.selectFrom('jobs').select('id').where('status', '=', 'queued').execute()).not.toEqual(
        [],
      );
    } finally {
      await database.close();
    }

    // A first start queues the demo data set: the user hears it is loading, not where to sign in yet.
    expect(first).toMatch(/^Vigil is listening at http:\/\/127\.0\.0\.1:\d+ and runs its \d+ queued jobs first/);
    const noisy = output
      .join('')
      .split('\n')
      .filter((line) => /WARNING|not found|"level":(40|50|60)/i.test(line));
    expect(noisy).toEqual([]);
  }, 240_000);
});
