#!/usr/bin/env node
// `bench:api`, uploads (issue 11): the server's peak RSS (sampled from /proc every 25 ms, the
// server being its own child process) while it receives and imports a 200 MiB combolist, a gzip
// of 256 MiB of zeros and a zip of 80 entries over the same 60 MiB of zeros, on PGlite (on disk
// in a temp dir) and on PostgreSQL (TEST_DATABASE_URL, else a throwaway cluster on 127.0.0.1).
// Target: under 600 MB. Figures, not a test; bounded in time; stops what it started.
//   BENCH_UPLOADS_SCALE=1  the files' sizes times this (the smoke inside `npm test`, scripts/bench-smoke.mjs, uses 0.01)
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { startServer, stopAll, stopServer } from './bench-http.mjs';

const MB = 1e6;
const timeoutMs = Number(process.env.BENCH_UPLOADS_TIMEOUT_S ?? 900) * 1000;
const sizeScale = Number(process.env.BENCH_UPLOADS_SCALE ?? 1);
/** MiB of a scenario at BENCH_UPLOADS_SCALE (at least 1). */
const mib = (full) => Math.max(1, Math.round(full * sizeScale));
const xsrf = 'bench-xsrf-token';
const cleanups = [];
const { generatedCombolist, gzipOfZeros, zipOfOverlappingEntries } = await import('../dist/bench/hostile-uploads.js');

function cleanUp() {
  stopAll();
  for (const cleanup of cleanups.splice(0).reverse()) {
    try {
      cleanup();
    } catch (error) {
      console.error(error instanceof Error ? error.message : error);
    }
  }
}

async function postgresTarget() {
  const given = process.env.TEST_DATABASE_URL;
  if (!given) {
    const { startCluster } = await import('../dist/bench/bench-cluster.js');
    const cluster = await startCluster();
    cleanups.push(() => cluster.stop());
    return { url: cluster.url, label: `${cluster.version}, throwaway cluster` };
  }
  const name = `vigil_bench_${randomBytes(6).toString('hex')}`;
  const admin = async (statement) => {
    const client = new pg.Client({ connectionString: given });
    await client.connect();
    await client.query(statement);
    await client.end();
  };
  await admin(`create database ${name}`);
  cleanups.push(() => void admin(`drop database if exists ${name} with (force)`).catch(() => {}));
  const url = new URL(given);
  url.pathname = `/${name}`;
  return { url: url.href, label: 'PostgreSQL from TEST_DATABASE_URL' };
}

function rssOf(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
}

/** One HTTP exchange with a JSON answer; `body` may be a Buffer or an async iterable of Buffers. */
function send(port, { method = 'GET', path, headers = {}, body }) {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method, path, headers }, (res) => {
      const parts = [];
      res.on('data', (part) => parts.push(part));
      res.on('end', () => {
        const text = Buffer.concat(parts).toString('utf8');
        resolve({ status: res.statusCode, body: text.startsWith('{') ? JSON.parse(text) : text });
      });
    });
    req.on('error', reject);
    (async () => {
      if (body) {
        for await (const part of Buffer.isBuffer(body) ? [body] : body) {
          if (!req.write(part)) await new Promise((r) => req.once('drain', r));
        }
      }
      req.end();
    })().catch(reject);
  });
}

async function signIn(port) {
  const headers = { 'content-type': 'application/json', cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf };
  const body = Buffer.from(JSON.stringify({ email: 'bench@acme-retail.example', password: 'Bench-password-1' }));
  const { body: answer } = await send(port, { method: 'POST', path: '/api/login', headers, body });
  if (!answer?.access_token) throw new Error(`bench login failed: ${JSON.stringify(answer)}`);
  return { cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf, authorization: `Bearer ${answer.access_token}` };
}

/** Uploads and waits for the job, sampling the server's RSS all along: the peak and the job's end. */
async function scenario(server, session, kind, fileName, body) {
  const before = rssOf(server.child.pid);
  let peak = before;
  const timer = setInterval(() => {
    peak = Math.max(peak, rssOf(server.child.pid));
  }, 25);
  const started = performance.now();
  try {
    const headers = { ...session, 'content-type': 'application/octet-stream' };
    const path = `/api/imports?kind=${kind}&file_name=${encodeURIComponent(fileName)}`;
    const upload = await send(server.port, { method: 'POST', path, headers, body });
    if (upload.status !== 202) return { before, peak, outcome: `refused ${upload.status}: ${upload.body.message}` };
    const id = upload.body.data.id;
    for (;;) {
      const { body: view } = await send(server.port, { path: `/api/imports/${id}`, headers: session });
      if (view.data.status === 'succeeded' || view.data.status === 'failed') {
        const took = ((performance.now() - started) / 1000).toFixed(1);
        return {
          before,
          peak,
          outcome: `${view.data.status} in ${took} s${view.data.error ? `: ${view.data.error}` : ''}`,
        };
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } finally {
    clearInterval(timer);
  }
}

async function measureDatabase(label, env) {
  console.error(`… ${label}: starting the server`);
  const server = await startServer('vigil', env);
  try {
    const session = await signIn(server.port);
    const results = [];
    for (const [name, kind, fileName, body] of [
      [`${mib(200)} MiB combolist`, 'combolist', 'big.txt', () => generatedCombolist(mib(200), 'acme-retail.example')],
      [`gzip bomb (${mib(256)} MiB of zeros)`, 'combolist', 'zeros.txt.gz', () => gzipOfZeros(mib(256))],
      [`zip bomb (80 entries × ${mib(60)} MiB)`, 'infostealer', 'logs.zip', () => zipOfOverlappingEntries(80, mib(60))],
    ]) {
      console.error(`… ${label}: ${name}`);
      const content = await body();
      results.push({ name, ...(await scenario(server, session, kind, fileName, content)) });
    }
    return results;
  } finally {
    await stopServer(server);
  }
}

process.once('SIGINT', () => {
  cleanUp();
  process.exit(130);
});

const deadline = setTimeout(() => {
  console.error(`bench:api uploads stopped by its ${timeoutMs / 1000} s limit`);
  cleanUp();
  process.exit(2);
}, timeoutMs);
deadline.unref();

try {
  const pgliteDir = mkdtempSync(join(tmpdir(), 'vigil-bench-uploads-'));
  cleanups.push(() => rmSync(pgliteDir, { recursive: true, force: true }));
  const postgres = await postgresTarget();
  const results = {
    PGlite: await measureDatabase('PGlite', { BENCH_PGLITE_DIR: join(pgliteDir, 'pglite') }),
    PostgreSQL: await measureDatabase('PostgreSQL', { BENCH_DATABASE_URL: postgres.url }),
  };
  console.log(
    `\nServer RSS during uploads (peak, sampled every 25 ms; target < 600 MB); PostgreSQL: ${postgres.label}`,
  );
  for (const [database, rows] of Object.entries(results)) {
    for (const r of rows) {
      console.log(
        `  ${database.padEnd(10)} ${r.name.padEnd(32)} peak ${(r.peak / MB).toFixed(0).padStart(4)} MB (before ${(r.before / MB).toFixed(0)} MB)   ${r.outcome}`,
      );
    }
  }
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  cleanUp();
  clearTimeout(deadline);
}
