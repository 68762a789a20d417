#!/usr/bin/env node
// The smoke of every benchmark that runs the BUILT server (`npm test` runs this after the builds;
// the benches of the server's source, bench:data, bench:probes and bench:scan, are smoked by
// apps/api/src/bench/bench.smoke.test.ts inside the API suite): bench:api (load, login, imports),
// its uploads part and bench:web (bytes and budgets; not Lighthouse, whose runs take a minute each).
// Each runs at a tiny size (the servers without the demo's monitoring data, whose import through the
// importers takes minutes on a busy machine), must exit and must print its figures; the figures are not checked against
// their targets (that is the full run's job, on a quiet machine). Each is bounded in time and stopped
// (SIGINT, then SIGKILL) when over; each stops what it started.
import { spawn } from 'node:child_process';

const SMOKES = [
  {
    name: 'bench:api',
    script: 'apps/api/scripts/bench-api.mjs',
    env: {
      BENCH_SECONDS: '0.3',
      BENCH_WARMUP_S: '0.1',
      BENCH_ROUNDS: '1',
      BENCH_IMPORT_LINES: '2000',
      BENCH_DEMO_DATA: '0',
    },
    figures: [
      /POST \/api\/check-user, concurrency 50\n {2}vigil pglite .*\n {2}vigil postgres .*\n {2}bare http /,
      /POST \/api\/login, concurrency 10/,
      /ratio PGlite\/PostgreSQL: [\d.]+ of the rate/,
      /during a 2,000-line combolist import[^\n]*\n {2}pglite +p50 +[\d.]+ ms/,
      /the import itself\n {2}pglite +2,000 added in [\d.]+ s = .*\n {2}postgres +2,000 added in /,
    ],
  },
  {
    name: 'bench:api uploads',
    script: 'apps/api/scripts/bench-uploads.mjs',
    env: { BENCH_UPLOADS_SCALE: '0.01', BENCH_DEMO_DATA: '0' },
    figures: [
      /Server RSS during uploads/,
      /PGlite +2 MiB combolist +peak +\d+ MB/,
      /PostgreSQL +zip bomb \(80 entries × 1 MiB\) +peak +\d+ MB/,
    ],
  },
  {
    name: 'bench:web',
    script: 'apps/web/scripts/bench-web.mjs',
    env: { BENCH_LIGHTHOUSE_RUNS: '0' },
    figures: [
      /\/signin \(first visit, cold cache\)/,
      /\/dashboard \(first visit signed in, cold cache\)/,
      /budget \/signin JS gzip ≤ 200000 B: \d+ B/,
      /\/dashboard signed in, first load \(cold cache, loopback, not throttled[^\n]*\):\n {2}JS [\d,]+ B gzip .*; main thread [1-9]\d* ms/,
      /script self time by chunk:\n +[1-9]\d* ms +\/assets\//,
      /budget signed-in first load: (ok|OVER)/,
      /Lighthouse skipped/,
      /TailAdmin React's dashboard served locally: page 200, script 200/,
    ],
    // A broken budget is a figure (exit 1 with the budgets printed), not a broken bench.
    exitCodes: [0, 1],
  },
];
const TIMEOUT_MS = 420_000;

function runSmoke({ script, env }) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(process.execPath, [script], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGINT');
      setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
    }, TIMEOUT_MS);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, timedOut, stdout, stderr, seconds: (Date.now() - started) / 1000 });
    });
  });
}

let failed = 0;
for (const smoke of SMOKES) {
  const result = await runSmoke(smoke);
  const missing = smoke.figures.filter((pattern) => !pattern.test(result.stdout));
  const exitOk = (smoke.exitCodes ?? [0]).includes(result.code ?? -1);
  if (!result.timedOut && exitOk && missing.length === 0) {
    console.log(`  ${smoke.name} smoke: ok in ${result.seconds.toFixed(1)} s`);
    continue;
  }
  failed += 1;
  const why = result.timedOut
    ? `did not end within ${TIMEOUT_MS / 1000} s`
    : !exitOk
      ? `ended with ${result.signal ?? `exit ${result.code}`}`
      : `did not print ${missing.map(String).join(', ')}`;
  console.error(`  ${smoke.name} smoke FAILED: it ${why}\n--- its output ---\n${result.stdout}\n${result.stderr}`);
}
if (failed > 0) {
  console.error(`${failed} benchmark smoke(s) failed`);
  process.exitCode = 1;
}
