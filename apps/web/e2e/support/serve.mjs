#!/usr/bin/env node
// Starts the REAL Vigil server from the built workspaces (apps/api/dist + apps/web/dist) for the
// browser tests, the screenshots and bench:web: buildApp() + listen, exactly as server.ts does, on
// 127.0.0.1 with a free port, a temporary PGlite DATA_DIR, the demo seed and the local OpenID
// provider (no Microsoft settings). Only the per-minute rate limits are raised: a browser suite
// signs in far more often than a person. Prints one JSON line `{"url": …}` once it listens;
// SIGTERM/SIGINT close the server, the provider and the database, then remove the data directory.
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../../..');
const dist = (path) => import(pathToFileURL(join(root, 'apps/api/dist', path)).href);

const [{ buildApp }, { loadConfig }, { openDatabase }, { migrateToLatest }, { startLocalOidcProvider }, { seedDemo }] =
  await Promise.all([
    dist('app.js'),
    dist('config/env.js'),
    dist('db/connect.js'),
    dist('db/migrations.js'),
    dist('dev/local-oidc-provider.js'),
    dist('demo/demo.seed.js'),
  ]);
// The probes' demo targets on 127.0.0.1, as the development start has them (the probes use them).
const { withDemoTargets } = await dist('dev/probe-targets/demo-targets.js');
// The demo online store the script scans reach by name, as the development start has it.
const { withDemoStore } = await dist('dev/test-store/with-demo-store.js');
// The external providers answered by the local replay server, as the development start has them.
const { withDemoProviders } = await dist('dev/provider-replay/with-demo-providers.js');

const dataDir = mkdtempSync(join(tmpdir(), 'vigil-e2e-'));
// A copy of the built web app: a rebuild of apps/web/dist while the suite runs cannot change it.
const webDist = join(dataDir, 'web');
cpSync(join(root, 'apps/web/dist'), webDist, { recursive: true });
const baseConfig = loadConfig({
  // VIGIL_E2E_DEMO_DATA=0: the demo seed only, not the monitoring data the development start imports
  // (the auth paths answer every call from a fake API: they need the web app and its CSRF cookie).
  NODE_ENV: process.env.VIGIL_E2E_DEMO_DATA === '0' ? 'test' : 'development',
  HOST: '127.0.0.1',
  PORT: '0',
  DATA_DIR: dataDir,
  WEB_DIST: webDist,
  LOG_LEVEL: process.env.VIGIL_E2E_LOG_LEVEL ?? 'warn',
  // The advisor's model, when a spec points its own server at the local test model (ADVISOR_*).
  ...Object.fromEntries(Object.entries(process.env).filter(([name]) => name.startsWith('ADVISOR_'))),
});

// In memory: the run's data lives and dies with this process (and starts faster than on disk).
const database = await openDatabase({ kind: 'pglite' });
await migrateToLatest(database.db);
// A minute in the past, so codes and tokens issued "now" are never older than their account.
await seedDemo(database.db, new Date(Date.now() - 60_000));
// The demo targets' DNS server publishes the demo companies' proof of control from the database.
const { config: probesConfig, targets } = await withDemoTargets(baseConfig, database.db);
const { config: storeConfig, store } = await withDemoStore(probesConfig);
const { config, replay } = await withDemoProviders(storeConfig);

// Reserve the port first: the OpenID provider's redirect URI must name it.
const { createServer } = await import('node:net');
const port = await new Promise((done, fail) => {
  const probe = createServer();
  probe.once('error', fail);
  probe.listen(0, '127.0.0.1', () => {
    const address = probe.address();
    probe.close(() => done(typeof address === 'object' && address ? address.port : 0));
  });
});
const publicUrl = `http://127.0.0.1:${port}`;
const local = await startLocalOidcProvider({ redirectUris: [`${publicUrl}/api/auth/microsoft/callback`], port: 0 });
const app = await buildApp({
  config: { ...config, port },
  database,
  cookieSecret: 'vigil-e2e-cookie-secret-0123456789abcdef0123456789',
  publicUrl,
  oidc: { issuer: local.issuer, clientId: local.clientId, clientSecret: local.clientSecret },
  limits: {
    sensitivePerMinute: 100_000,
    globalPerMinute: 0,
    failedSignInsPerAddress: 100_000,
    failedSignInsPerAddressAndAccount: 100_000,
    signInDelayMaxMs: 0,
  },
});
await app.listen({ host: '127.0.0.1', port });
// The demo data's jobs (imports, probes, scans) done before the URL is given: a run whose first spec
// opens a screen at once found it without its data on a busy machine (the monitoring run in `npm test`).
const { waitForIdleQueue } = await dist('platform/jobs/jobs.idle.js');
if (!(await waitForIdleQueue(database.db, { everyMs: 250, timeoutMs: 180_000 }))) {
  console.error('serve.mjs: the demo data was still loading after 180 s');
}
console.log(JSON.stringify({ url: publicUrl, oidc: local.issuer, pid: process.pid }));

let closing = false;
const stop = async () => {
  if (closing) return;
  closing = true;
  const force = setTimeout(() => process.exit(1), 5000);
  force.unref();
  try {
    await app.close();
    await local.close();
    await targets.close();
    await store.close();
    await replay.close();
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  }
};
process.once('SIGTERM', () => void stop());
process.once('SIGINT', () => void stop());
// The parent (test runner) went away without stopping us: stop too, never linger.
process.stdin.on('end', () => void stop());
process.stdin.resume();
