#!/usr/bin/env node
// `npm run bench:api`: requests/s and p50/p99 latency of POST /api/check-user (concurrency 50) and
// POST /api/login (concurrency 10) on the real server, beside a bare node:http server answering
// the same JSON, in the same run; the ratio is the figure that counts. 127.0.0.1 only, bounded in
// time (BENCH_SECONDS per measurement, default 5), and every child process is stopped at the end.
import { spawn } from 'node:child_process';
import { Agent, request } from 'node:http';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const warmupSeconds = 1;
const children = new Set();

function startServer(mode) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(here, 'bench-server.mjs'), mode], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    children.add(child);
    const timer = setTimeout(() => reject(new Error(`${mode} server did not start in 60 s`)), 60_000);
    let buffer = '';
    child.stdout.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      // Log lines may come first: the ready line is the one with a port.
      for (let newline = buffer.indexOf('\n'); newline >= 0; newline = buffer.indexOf('\n')) {
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 1);
        const info = line.startsWith('{') ? JSON.parse(line) : {};
        if (typeof info.port === 'number') {
          clearTimeout(timer);
          resolve({ child, ...info });
        }
      }
    });
    child.once('exit', (code) => {
      children.delete(child);
      clearTimeout(timer);
      reject(new Error(`${mode} server exited (${code})`));
    });
  });
}

function stopAll() {
  for (const child of children) child.kill('SIGTERM');
}
process.once('SIGINT', () => {
  stopAll();
  process.exit(130);
});

function call(agent, port, path, headers, body) {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const req = request({ host: '127.0.0.1', port, path, method: 'POST', agent, headers }, (res) => {
      res.resume();
      res.once('end', () => resolve({ status: res.statusCode, ms: Number(process.hrtime.bigint() - started) / 1e6 }));
    });
    req.once('error', reject);
    req.end(body);
  });
}

async function load({ port, path, headers, body, concurrency, duration }) {
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency });
  const latencies = [];
  let errors = 0;
  const deadline = Date.now() + duration * 1000;
  const started = process.hrtime.bigint();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (Date.now() < deadline) {
        try {
          const { status, ms } = await call(agent, port, path, headers, body);
          if (status === 200) latencies.push(ms);
          else errors += 1;
        } catch {
          errors += 1;
        }
      }
    }),
  );
  const elapsed = Number(process.hrtime.bigint() - started) / 1e9;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const pick = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? Number.NaN;
  return { rps: latencies.length / elapsed, p50: pick(0.5), p99: pick(0.99), ok: latencies.length, errors };
}

async function measure(target, scenario) {
  await load({ ...target, ...scenario, duration: warmupSeconds });
  return load({ ...target, ...scenario, duration: seconds });
}

function row(name, result) {
  return `${name.padEnd(10)} ${result.rps.toFixed(0).padStart(8)} req/s   p50 ${result.p50.toFixed(2).padStart(7)} ms   p99 ${result.p99.toFixed(2).padStart(7)} ms   (${result.ok} ok, ${result.errors} errors)`;
}

try {
  const [vigil, bare] = await Promise.all([startServer('vigil'), startServer('bare')]);
  const xsrf = 'bench-xsrf-token';
  const jsonHeaders = { 'content-type': 'application/json', cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf };
  const credentials = JSON.stringify({ email: 'bench@acme-retail.example', password: 'Bench-password-1' });
  const login = await new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port: vigil.port, path: '/api/login', method: 'POST', headers: jsonHeaders },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => resolve(JSON.parse(Buffer.concat(chunks).toString('utf8'))));
      },
    );
    req.once('error', reject);
    req.end(credentials);
  });
  if (!login.access_token) throw new Error(`bench login failed: ${JSON.stringify(login)}`);
  const checkUser = {
    path: '/api/check-user',
    headers: { cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf, authorization: `Bearer ${login.access_token}` },
    body: undefined,
    concurrency: 50,
  };
  const signIn = { path: '/api/login', headers: jsonHeaders, body: credentials, concurrency: 10 };

  console.log(
    `bench:api on 127.0.0.1, ${seconds} s per measurement after ${warmupSeconds} s warm-up (Node ${process.version}, database ${vigil.database})\n`,
  );
  for (const [title, scenario] of [
    ['POST /api/check-user, concurrency 50', checkUser],
    ['POST /api/login, concurrency 10 (argon2id m=19 MiB t=2 p=1 per request)', signIn],
  ]) {
    const real = await measure({ port: vigil.port }, scenario);
    const base = await measure({ port: bare.port }, scenario);
    console.log(title);
    console.log(`  ${row('vigil', real)}`);
    console.log(`  ${row('bare http', base)}`);
    console.log(
      `  ratio vigil/bare: ${(real.rps / base.rps).toFixed(3)} of the throughput, p50 ×${(real.p50 / base.p50).toFixed(1)}\n`,
    );
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  stopAll();
}
