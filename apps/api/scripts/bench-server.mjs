#!/usr/bin/env node
// A server for `bench:api`, started as a child process: `vigil` is the real app (built dist) on
// PostgreSQL at BENCH_DATABASE_URL, else PGlite on disk in BENCH_PGLITE_DIR (else in memory), with
// the demo seed and the demo monitoring data imported (BENCH_DEMO_DATA=0: the seed only); `bare` is
// node:http answering the same JSON.
// Prints one JSON line {port, database} when ready; exits on SIGTERM.
import { createServer } from 'node:http';

const mode = process.argv[2];
const host = '127.0.0.1';
const benchUser = { email: 'bench@acme-retail.example', password: 'Bench-password-1' };

function ready(info) {
  process.stdout.write(`${JSON.stringify(info)}\n`);
}

async function vigil() {
  const { buildApp } = await import('../dist/app.js');
  const { loadConfig } = await import('../dist/config/env.js');
  const { openDatabase } = await import('../dist/db/connect.js');
  const { migrateToLatest } = await import('../dist/db/migrations.js');
  const { seedDemo } = await import('../dist/demo/demo.seed.js');
  const { insertUser } = await import('../dist/identity/users/users.repository.js');
  const { addMembership } = await import('../dist/identity/clients/clients.repository.js');
  const { CURRENT_TERMS_VERSION } = await import('../dist/identity/auth/sign-in.steps.js');
  const { hashPassword } = await import('../dist/shared/passwords.js');
  const { demoAnchor, loadMonitoringDemo } = await import('../dist/demo/monitoring-demo.loader.js');
  const url = process.env.BENCH_DATABASE_URL;
  const dataDir = process.env.BENCH_PGLITE_DIR;
  const database = url
    ? await openDatabase({ kind: 'postgres', url })
    : await openDatabase({ kind: 'pglite', ...(dataDir ? { dataDir } : {}) });
  await migrateToLatest(database.db);
  const now = new Date();
  await seedDemo(database.db, now);
  // A user with every step done and no second factor, so that login answers a session.
  const user = await insertUser(database.db, {
    email: benchUser.email,
    name: 'Bench',
    position: null,
    password_hash: await hashPassword(benchUser.password),
    active: true,
    is_admin: false,
    two_factor_enabled: false,
    email_verified_at: now,
    terms_version: CURRENT_TERMS_VERSION,
    current_company_id: 1,
    created_at: now,
    updated_at: now,
  });
  await addMembership(database.db, user.id, 1, 'analyst', now);
  const app = await buildApp({
    config: loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'warn', WEB_DIST: '/nonexistent' }),
    database,
    cookieSecret: 'bench-cookie-secret-0123456789abcdef',
    publicUrl: 'http://127.0.0.1',
    limits: {
      sensitivePerMinute: 1e9,
      globalPerMinute: 0,
      failedSignInsPerAddress: 1e9,
      failedSignInsPerAddressAndAccount: 1e9,
      signInDelayMaxMs: 0,
    },
  });
  await app.listen({ host, port: 0 });
  process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
  // The screens' data of a first start (a few hundred findings per company and the real CVE
  // catalogue snapshot), through the importers. BENCH_DEMO_DATA=0 skips it (the smoke inside `npm
  // test`: minutes on a busy machine); the demo seed and the bench user are there either way.
  if (process.env.BENCH_DEMO_DATA !== '0') await loadMonitoringDemo(app.ctx, demoAnchor(now));
  for (let i = 0; i < 1200; i += 1) {
    await app.jobs.drain();
    const open = await database.db
      .selectFrom('jobs')
      .select('id')
      .where('status', 'in', ['queued', 'running'])
      .executeTakeFirst();
    if (!open) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  ready({ port: app.server.address().port, database: database.kind });
}

function bare() {
  const user = {
    id: 4,
    name: 'Bench',
    email: benchUser.email,
    position: null,
    idCliente: 1,
    active: true,
    picture: null,
    language: null,
  };
  const server = createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      let body;
      if (req.url === '/api/check-user') {
        const now = Date.now();
        body = {
          status: 'active',
          idle_expires_at: new Date(now + 1_800_000).toISOString(),
          expires_at: new Date(now + 43_200_000).toISOString(),
        };
      } else if (req.url === '/api/login') {
        JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
        body = { access_token: 'x'.repeat(43), token_type: 'Bearer', expires_in: 43200, user };
      } else {
        res.writeHead(404).end();
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(body));
    });
  });
  server.listen(0, host, () => {
    process.once('SIGTERM', () => server.close(() => process.exit(0)));
    ready({ port: server.address().port });
  });
}

if (mode === 'vigil') await vigil();
else if (mode === 'bare') bare();
else {
  console.error('usage: bench-server.mjs vigil|bare');
  process.exit(2);
}
