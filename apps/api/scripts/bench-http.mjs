// HTTP helpers of `bench:api`: server child processes (stopped at the end, also on failure), one
// request with its latency, a closed-loop load at a given concurrency, and percentiles.
import { spawn } from 'node:child_process';
import { Agent, request } from 'node:http';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const children = new Set();

/** Starts bench-server.mjs in `mode` with extra environment; resolves with its ready line. */
export function startServer(mode, env = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(here, 'bench-server.mjs'), mode], {
      stdio: ['ignore', 'pipe', 'inherit'],
      env: { ...process.env, ...env },
    });
    children.add(child);
    const timer = setTimeout(() => reject(new Error(`${mode} server did not start in 180 s`)), 180_000);
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

/** Stops one server and waits for it to exit. */
export function stopServer(server) {
  return new Promise((resolve) => {
    if (server.child.exitCode !== null) return resolve();
    server.child.once('exit', () => resolve());
    server.child.kill('SIGTERM');
  });
}

export function stopAll() {
  for (const child of children) child.kill('SIGTERM');
}

/** One request: its status, latency and (when asked) its JSON body. */
export function call(agent, port, { method = 'POST', path, headers, body, json = false }) {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const req = request({ host: '127.0.0.1', port, path, method, agent, headers }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => {
        if (json) chunks.push(chunk);
      });
      res.once('end', () =>
        resolve({
          status: res.statusCode,
          ms: Number(process.hrtime.bigint() - started) / 1e6,
          body: json ? JSON.parse(Buffer.concat(chunks).toString('utf8') || 'null') : undefined,
        }),
      );
    });
    req.once('error', reject);
    req.end(body);
  });
}

export function percentile(sorted, q) {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
}

/** `concurrency` clients sending the scenario's request back to back for `duration` seconds. */
export async function load({ port, concurrency, duration, ...scenario }) {
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency });
  const latencies = [];
  let errors = 0;
  const deadline = Date.now() + duration * 1000;
  const started = process.hrtime.bigint();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (Date.now() < deadline) {
        try {
          const { status, ms } = await call(agent, port, scenario);
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
  return {
    rps: latencies.length / elapsed,
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    ok: latencies.length,
    errors,
  };
}

export function row(name, result) {
  return `${name.padEnd(14)} ${result.rps.toFixed(0).padStart(8)} req/s   p50 ${result.p50.toFixed(2).padStart(7)} ms   p99 ${result.p99.toFixed(2).padStart(7)} ms   (${result.ok} ok, ${result.errors} errors)`;
}
