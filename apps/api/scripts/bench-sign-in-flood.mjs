#!/usr/bin/env node
// Sign-in during a flood (issue 32, item 5), a section of `bench:api` and runnable alone:
// 20 clients post wrong passwords for unknown e-mails as fast as they can, every request from
// another loopback address (127.x.y.z, a new /24 each time: per-network turns cannot group them),
// while two honest users sign in one after the other with the right password: one from a browser
// that signed in before (its device cookie), one from a browser never seen. Prints p50/p99 of each.
//   node scripts/bench-sign-in-flood.mjs   (starts its own server from dist, PGlite in memory)
//   BENCH_FLOOD_SECONDS=10  BENCH_FLOOD_CLIENTS=20
import { Agent } from 'node:http';
import { pathToFileURL } from 'node:url';
import { call, percentile, startServer, stopAll, stopServer } from './bench-http.mjs';

const xsrf = 'bench-xsrf-token';
const jsonHeaders = { 'content-type': 'application/json', cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf };
const benchUser = { email: 'bench@acme-retail.example', password: 'Bench-password-1' };

/** The `vigil_device` cookie of a first sign-in of the bench user (its browser is then known). */
async function deviceCookie(port) {
  const agent = new Agent({ keepAlive: false });
  const response = await new Promise((resolve, reject) => {
    import('node:http').then(({ request }) => {
      const req = request(
        { host: '127.0.0.1', port, path: '/api/login', method: 'POST', agent, headers: jsonHeaders },
        resolve,
      );
      req.once('error', reject);
      req.end(JSON.stringify(benchUser));
    });
  });
  response.resume();
  const cookies = response.headers['set-cookie'] ?? [];
  const device = cookies.map((c) => c.split(';')[0]).find((c) => c.startsWith('vigil_device='));
  if (response.statusCode !== 200 || !device) throw new Error(`bench sign-in answered ${response.statusCode}`);
  return device;
}

let nextAddress = 0;
/** Another loopback address for each flood request: 127.a.b.1, a new /24 every time. */
function floodAddress() {
  nextAddress += 1;
  return `127.${1 + ((nextAddress >> 8) % 250)}.${nextAddress % 256}.1`;
}

/** One honest user signing in again and again until `running()` is false; the latencies of 200s. */
async function honest(port, headers, running) {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const latencies = [];
  let refused = 0;
  while (running()) {
    const { status, ms } = await call(agent, port, { path: '/api/login', headers, body: JSON.stringify(benchUser) });
    if (status === 200) latencies.push(ms);
    else refused += 1;
  }
  agent.destroy();
  return { latencies: latencies.sort((a, b) => a - b), refused };
}

/** The flood and the two honest users for `seconds`; answers both users' p50/p99 and the flood's counts. */
export async function signInFlood(port, { seconds = 10, clients = 20 } = {}) {
  const device = await deviceCookie(port);
  const quiet = await honestAlone(port, device);
  let flooding = true;
  const running = () => flooding;
  const statuses = {};
  const flood = Promise.all(
    Array.from({ length: clients }, async (_, i) => {
      while (flooding) {
        const agent = new Agent({ keepAlive: false, localAddress: floodAddress() });
        const body = JSON.stringify({ email: `flood-${i}-${nextAddress}@example.test`, password: 'Wrong-password-1' });
        try {
          const { status } = await call(agent, port, { path: '/api/login', headers: jsonHeaders, body });
          statuses[status] = (statuses[status] ?? 0) + 1;
        } catch {
          statuses.error = (statuses.error ?? 0) + 1;
        }
        agent.destroy();
      }
    }),
  );
  await new Promise((resolve) => setTimeout(resolve, 1000)); // the flood is under way
  const users = Promise.all([
    honest(port, { ...jsonHeaders, cookie: `${jsonHeaders.cookie}; ${device}` }, running),
    honest(port, jsonHeaders, running),
  ]);
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  flooding = false;
  const [known, fresh] = await users;
  await flood;
  return { quiet, known, fresh, flood: statuses, seconds, clients };
}

/** The known browser's sign-in with nothing else running (20 in a row). */
async function honestAlone(port, device) {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const latencies = [];
  const headers = { ...jsonHeaders, cookie: `${jsonHeaders.cookie}; ${device}` };
  for (let i = 0; i < 20; i += 1) {
    const { status, ms } = await call(agent, port, { path: '/api/login', headers, body: JSON.stringify(benchUser) });
    if (status === 200) latencies.push(ms);
  }
  agent.destroy();
  return { latencies: latencies.sort((a, b) => a - b), refused: 20 - latencies.length };
}

export function floodReport(r) {
  const ms = (list, q) => `${percentile(list, q).toFixed(0).padStart(6)} ms`;
  const line = (name, u) =>
    `  ${name.padEnd(44)} p50 ${ms(u.latencies, 0.5)}   p99 ${ms(u.latencies, 0.99)}   (${u.latencies.length} sign-ins, ${u.refused} refused)`;
  const flood = Object.entries(r.flood)
    .map(([status, n]) => `${n} × ${status}`)
    .join(', ');
  return [
    `POST /api/login of an honest user during a ${r.clients}-way flood of wrong passwords from rotating addresses (${r.seconds} s)`,
    line('alone, before the flood (known browser)', r.quiet),
    line('during: a browser that signed in before', r.known),
    line('during: a browser never seen (own address)', r.fresh),
    `  the flood: ${flood}`,
  ].join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const seconds = Number(process.env.BENCH_FLOOD_SECONDS ?? 10);
  const clients = Number(process.env.BENCH_FLOOD_CLIENTS ?? 20);
  const deadline = setTimeout(() => {
    console.error('bench-sign-in-flood stopped by its 600 s limit');
    stopAll();
    process.exit(2);
  }, 600_000);
  deadline.unref();
  try {
    console.error('… starting the server');
    const server = await startServer('vigil', { BENCH_DEMO_DATA: '0' });
    try {
      console.log(floodReport(await signInFlood(server.port, { seconds, clients })));
    } finally {
      await stopServer(server);
    }
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  } finally {
    stopAll();
  }
}
