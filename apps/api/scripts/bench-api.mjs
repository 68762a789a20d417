#!/usr/bin/env node
// `npm run bench:api`: the real server (built dist) on PGlite and on PostgreSQL in the same run,
// beside a bare node:http server answering the same JSON:
//   - POST /api/check-user (concurrency 50) and POST /api/login (concurrency 10), vigil vs bare;
//   - GET /api/credentials (first page, concurrency 50) on the demo data and again after the import:
//     req/s, p99, PGlite/PostgreSQL;
//   - GET /api/health and POST /api/check-user, one probe each every 20 ms, while a 300,000-line
//     combolist is uploaded and imported.
// PGlite runs on disk in a temp dir (as `npm start` does); PostgreSQL is a database created on
// TEST_DATABASE_URL, else a throwaway cluster (initdb) on 127.0.0.1. Bounded in time; everything
// started is stopped and removed at the end, also on failure.
//   BENCH_SECONDS=5  per load measurement (after BENCH_WARMUP_S=1 s of warm-up)   BENCH_ROUNDS=3   BENCH_IMPORT_LINES=300000
//   (the smoke inside `npm test`, scripts/bench-smoke.mjs, runs it with a fraction of a second per measurement)
//   BENCH_TIMEOUT_S=1500  hard limit of the whole run
//   BENCH_ONLY=check-user  only the check-user load, PGlite against the bare server (about a minute)
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent } from 'node:http';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { call, load, percentile, row, startServer, stopAll, stopServer } from './bench-http.mjs';
import { floodReport, signInFlood } from './bench-sign-in-flood.mjs';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const importLines = Number(process.env.BENCH_IMPORT_LINES ?? 300_000);
const timeoutMs = Number(process.env.BENCH_TIMEOUT_S ?? 1500) * 1000;
const warmupSeconds = Number(process.env.BENCH_WARMUP_S ?? 1);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const only = process.env.BENCH_ONLY;
if (only !== undefined && only !== 'check-user') {
  console.error(`BENCH_ONLY=${only}: only check-user can run alone`);
  process.exit(2);
}
const xsrf = 'bench-xsrf-token';
const jsonHeaders = { 'content-type': 'application/json', cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf };
const credentials = JSON.stringify({ email: 'bench@acme-retail.example', password: 'Bench-password-1' });
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const cleanups = [];
const loadAtStart = loadavg()[0];

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
process.once('SIGINT', () => {
  cleanUp();
  process.exit(130);
});

/** A fresh database on TEST_DATABASE_URL (dropped at the end), else a throwaway cluster. */
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

async function measure(port, scenario) {
  await load({ port, ...scenario, duration: warmupSeconds });
  return load({ port, ...scenario, duration: seconds });
}

/** Uploads a combolist and waits for its job to end; `uploaded()` is called once the upload is stored. */
async function importCombolist(port, session, uploaded) {
  const { combolist } = await import('../dist/bench/bench-fixtures.js');
  const { prng } = await import('../dist/shared/seeded-random.js');
  const content = Buffer.from(combolist(0, importLines, prng(7), 'acme-retail.example'));
  const client = new Agent({ keepAlive: true, maxSockets: 1 });
  const started = performance.now();
  try {
    const upload = await call(client, port, {
      path: `/api/imports?kind=combolist&file_name=bench-${importLines}.txt`,
      headers: { ...session, 'content-type': 'application/octet-stream' },
      body: content,
      json: true,
    });
    if (upload.status !== 202) throw new Error(`upload answered ${upload.status}: ${JSON.stringify(upload.body)}`);
    uploaded();
    const path = `/api/imports/${upload.body.data.id}`;
    for (;;) {
      await sleep(250);
      const job = (await call(client, port, { method: 'GET', path, headers: session, json: true })).body.data;
      if (job.status === 'succeeded' || job.status === 'failed')
        return { job, took: (performance.now() - started) / 1000 };
      if (performance.now() - started > timeoutMs) throw new Error('the import did not end in time');
    }
  } finally {
    client.destroy();
  }
}

/** One request every 20 ms until `running()` is false: latencies by phase (upload, import). */
async function probe(port, request, running, phase) {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const latencies = { upload: [], import: [] };
  let errors = 0;
  while (running()) {
    try {
      const at = phase();
      const { status, ms } = await call(agent, port, request);
      if (status === 200) latencies[at].push(ms);
      else errors += 1;
    } catch {
      errors += 1;
    }
    await sleep(20);
  }
  agent.destroy();
  for (const list of Object.values(latencies)) list.sort((a, b) => a - b);
  return { ...latencies, errors };
}

/** The health check and a session check (one query), probed from the upload to the job's end. */
async function probesDuringImport(port, session) {
  let importing = true;
  let phase = 'upload';
  const running = () => importing;
  const probes = Promise.all([
    probe(port, { method: 'GET', path: '/api/health' }, running, () => phase),
    probe(port, { path: '/api/check-user', headers: session }, running, () => phase),
  ]);
  let imported;
  try {
    imported = await importCombolist(port, session, () => {
      phase = 'import';
    });
  } finally {
    importing = false;
  }
  const [health, checkUser] = await probes;
  return { ...imported, health, checkUser };
}

async function signIn(port) {
  const agent = new Agent({ keepAlive: false });
  const { body } = await call(agent, port, { path: '/api/login', headers: jsonHeaders, body: credentials, json: true });
  if (!body?.access_token) throw new Error(`bench login failed: ${JSON.stringify(body)}`);
  return { cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf, authorization: `Bearer ${body.access_token}` };
}

const checkUser = (session) => ({ path: '/api/check-user', headers: session, concurrency: 50 });
const login = { path: '/api/login', headers: jsonHeaders, body: credentials, concurrency: 10 };
const listCredentials = (session) => ({ method: 'GET', path: '/api/credentials', headers: session, concurrency: 50 });

/** Each server in turn, `rounds` times (the machine's load drifts): per server, the median round by req/s. */
async function alternate(servers, scenarioOf) {
  const runs = servers.map(() => []);
  for (let round = 0; round < rounds; round += 1) {
    for (const [i, server] of servers.entries()) runs[i].push(await measure(server.port, scenarioOf(server)));
  }
  return runs.map((list) => list.sort((a, b) => a.rps - b.rps)[Math.floor(list.length / 2)]);
}

function probeRow(name, probed) {
  const ms = (q) => percentile(probed.import, q).toFixed(1).padStart(7);
  const upload = percentile(probed.upload, 1);
  return `${name.padEnd(10)} p50 ${ms(0.5)} ms   p99 ${ms(0.99)} ms   max ${ms(1)} ms   (${probed.import.length} probes, ${probed.errors} errors; during the upload: worst ${Number.isNaN(upload) ? '–' : upload.toFixed(1)} ms)`;
}

function importRow(name, r) {
  if (r.job.status !== 'succeeded')
    return `${name.padEnd(10)} ${r.job.status} after ${r.took.toFixed(1)} s: ${r.job.error}`;
  return `${name.padEnd(10)} ${r.job.counts.added.toLocaleString('en')} added in ${r.took.toFixed(1)} s = ${Math.round(importLines / r.took).toLocaleString('en')} lines/s (upload included)`;
}

const deadline = setTimeout(() => {
  console.error(`bench:api stopped by its ${timeoutMs / 1000} s limit`);
  cleanUp();
  process.exit(2);
}, timeoutMs);
deadline.unref();

/** BENCH_ONLY=check-user: the check-user load alone, PGlite against the bare server. */
async function checkUserOnly(pgliteDir) {
  console.error('… starting the servers (demo data through the importers)');
  const pglite = await startServer('vigil', { BENCH_PGLITE_DIR: join(pgliteDir, 'pglite') });
  const bare = await startServer('bare');
  pglite.session = await signIn(pglite.port);
  bare.session = { authorization: `Bearer ${'x'.repeat(43)}` };
  console.error(`… check-user, ${rounds} rounds on each server in turn`);
  const [vigil, base] = await alternate([pglite, bare], (server) => checkUser(server.session));
  await Promise.all([pglite, bare].map(stopServer));
  console.log(
    `\nbench:api BENCH_ONLY=check-user on 127.0.0.1, ${seconds} s per measurement after ${warmupSeconds} s warm-up (Node ${process.version}, ${cpus().length} cores, load average ${loadAtStart.toFixed(2)} at the start, ${loadavg()[0].toFixed(2)} at the end)`,
  );
  console.log(`  PGlite on disk in a temp dir; the median of ${rounds} rounds per server, taken in turn\n`);
  console.log('POST /api/check-user, concurrency 50');
  console.log(`  ${row('vigil pglite', vigil)}`);
  console.log(`  ${row('bare http', base)}`);
  console.log(`  ratio vigil/bare: ${(vigil.rps / base.rps).toFixed(3)} (PGlite) of the throughput\n`);
}

/** The whole bench: PGlite, PostgreSQL and the bare server. */
async function full(pgliteDir) {
  const target = await postgresTarget();
  console.error('… starting the servers (demo data through the importers)');
  const pglite = await startServer('vigil', { BENCH_PGLITE_DIR: join(pgliteDir, 'pglite') });
  const postgres = await startServer('vigil', { BENCH_DATABASE_URL: target.url });
  const bare = await startServer('bare');
  pglite.session = await signIn(pglite.port);
  postgres.session = await signIn(postgres.port);
  bare.session = { authorization: `Bearer ${'x'.repeat(43)}` };
  console.error(`… check-user, login and credentials, ${rounds} rounds on each server in turn`);
  const [checkUserOf, loginOf] = [
    await alternate([pglite, postgres, bare], (server) => checkUser(server.session)),
    await alternate([pglite, postgres, bare], () => login),
  ];
  const credentialsOf = await alternate([pglite, postgres], (server) => listCredentials(server.session));
  const results = { pglite: {}, postgres: {} };
  for (const [i, name] of ['pglite', 'postgres'].entries()) {
    Object.assign(results[name], { checkUser: checkUserOf[i], login: loginOf[i], credentials: credentialsOf[i] });
  }
  const base = { checkUser: checkUserOf[2], login: loginOf[2] };
  for (const [name, server] of [
    ['pglite', pglite],
    ['postgres', postgres],
  ]) {
    console.error(`… ${name}: health and check-user during a ${importLines.toLocaleString('en')}-line import`);
    results[name].duringImport = await probesDuringImport(server.port, server.session);
  }
  console.error(`… credentials again, with the ${importLines.toLocaleString('en')} imported lines`);
  const largeOf = await alternate([pglite, postgres], (server) => listCredentials(server.session));
  results.pglite.large = largeOf[0];
  results.postgres.large = largeOf[1];
  console.error('… sign-in of an honest user during a 20-way flood from rotating addresses (PGlite)');
  results.flood = await signInFlood(pglite.port);
  await Promise.all([pglite, postgres, bare].map(stopServer));

  console.log(
    `\nbench:api on 127.0.0.1, ${seconds} s per measurement after ${warmupSeconds} s warm-up (Node ${process.version}, ${cpus().length} cores, load average ${loadAtStart.toFixed(2)} at the start, ${loadavg()[0].toFixed(2)} at the end)`,
  );
  console.log(
    `  PGlite on disk in a temp dir; PostgreSQL: ${target.label}; load figures: the median of ${rounds} rounds per server, taken in turn\n`,
  );
  for (const [title, key] of [
    ['POST /api/check-user, concurrency 50', 'checkUser'],
    ['POST /api/login, concurrency 10 (argon2id m=19 MiB t=2 p=1 per request)', 'login'],
  ]) {
    console.log(title);
    console.log(`  ${row('vigil pglite', results.pglite[key])}`);
    console.log(`  ${row('vigil postgres', results.postgres[key])}`);
    console.log(`  ${row('bare http', base[key])}`);
    console.log(
      `  ratio vigil/bare: ${(results.pglite[key].rps / base[key].rps).toFixed(3)} (PGlite), ${(results.postgres[key].rps / base[key].rps).toFixed(3)} (PostgreSQL) of the throughput\n`,
    );
  }
  for (const [title, key] of [
    ['GET /api/credentials (first page of the demo data), concurrency 50', 'credentials'],
    [
      `GET /api/credentials (first page, the demo data and the ${importLines.toLocaleString('en')} imported lines), concurrency 50`,
      'large',
    ],
  ]) {
    console.log(title);
    console.log(`  ${row('pglite', results.pglite[key])}`);
    console.log(`  ${row('postgres', results.postgres[key])}`);
    console.log(
      `  ratio PGlite/PostgreSQL: ${(results.pglite[key].rps / results.postgres[key].rps).toFixed(2)} of the rate (target ≥ 0.5)\n`,
    );
  }
  const lines = importLines.toLocaleString('en');
  for (const [title, key] of [
    [`GET /api/health every 20 ms during a ${lines}-line combolist import (after its upload)`, 'health'],
    [`POST /api/check-user (session check, one query) every 20 ms during the same import`, 'checkUser'],
  ]) {
    console.log(title);
    console.log(`  ${probeRow('pglite', results.pglite.duringImport[key])}`);
    console.log(`  ${probeRow('postgres', results.postgres.duringImport[key])}`);
  }
  console.log('  target: PGlite health p99 < 100 ms');
  console.log(
    `the import itself\n  ${importRow('pglite', results.pglite.duringImport)}\n  ${importRow('postgres', results.postgres.duringImport)}\n`,
  );
  console.log(`${floodReport(results.flood)}\n`);
}

try {
  const pgliteDir = mkdtempSync(join(tmpdir(), 'vigil-bench-pglite-'));
  cleanups.push(() => rmSync(pgliteDir, { recursive: true, force: true }));
  if (only === 'check-user') await checkUserOnly(pgliteDir);
  else await full(pgliteDir);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  cleanUp();
}
