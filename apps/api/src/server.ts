// The start entry: read config, open and migrate the database, seed the demo on first start, run
// the local OpenID provider when Microsoft is not configured, build the app and listen.
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, relative } from 'node:path';
import { buildApp } from './app.js';
import { devHostRefusal, devHostWarning } from './config/dev-host.js';
import { type AppConfig, loadConfig, repoRoot, webDistExists } from './config/env.js';
import { productionSettingsRefusal } from './config/production-settings.js';
import { openDatabase } from './db/connect.js';
import type { Executor } from './db/database.js';
import { migrateToLatest } from './db/migrations.js';
import { demoAdmin, demoMembers, demoUser, seedDemo } from './demo/demo.seed.js';
import type { DemoChannels } from './dev/channel-replay/with-demo-channels.js';
import type { LocalOidcProvider } from './dev/local-oidc-provider.js';
import type { ProbeTargets } from './dev/probe-targets/probe-targets.js';
import type { ProviderReplay } from './dev/provider-replay/provider-replay.js';
import type { TestStore } from './dev/test-store/test-store.js';
import { findUserByEmail } from './identity/users/users.repository.js';
import { setOperators } from './platform/admin/operators.js';
import { announceServer } from './platform/backup/backup.js';
import { pendingJobs, waitForIdleQueue } from './platform/jobs/jobs.idle.js';
import { gracefulShutdown } from './platform/system/shutdown.js';
import { randomToken } from './shared/secrets.js';

/** COOKIE_SECRET, else a secret generated once and kept under DATA_DIR (mode 0600). */
function cookieSecretOf(config: AppConfig): string {
  if (config.cookieSecret) return config.cookieSecret;
  const file = join(config.dataDir, 'cookie-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(config.dataDir, { recursive: true });
  const secret = randomToken(48);
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return secret;
}

/** A path relative to the repository when it lies inside it, else absolute. */
function shown(path: string): string {
  const rel = relative(repoRoot, path);
  return rel === '' || rel.startsWith('..') ? path : rel;
}

/** Where this process listens (its own address, not PUBLIC_URL: a worker is not public). */
function listeningUrl(app: { server: { address(): unknown } }, config: AppConfig): string {
  const address = app.server.address();
  const port = typeof address === 'object' && address && 'port' in address ? address.port : config.port;
  const host = config.host.includes(':') ? `[${config.host}]` : config.host;
  return `http://${host}:${port}`;
}

function freePort(host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, host, () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Waits until the job queue has run what it holds: on a first development start, the demo data set
 * (its imports, then the probe runs, scans and ratings they lead to), so that the screens the banner
 * sends the user to show it rather than "No data yet". Reports progress; gives up after 10 minutes.
 */
async function waitForQueuedWork(db: Executor, publicUrl: string): Promise<void> {
  const first = await pendingJobs(db, new Date());
  if (first === 0) return;
  const started = Date.now();
  console.log(
    `\nVigil is listening at ${publicUrl} and runs its ${first} queued jobs first (on a first start: loading the demo data, a minute or two); where to sign in follows.`,
  );
  let reported = started;
  const idle = await waitForIdleQueue(db, {
    everyMs: 1000,
    timeoutMs: 10 * 60_000,
    onPending: (count) => {
      if (Date.now() - reported < 15_000) return;
      reported = Date.now();
      console.log(`  ${count} jobs to go (${Math.round((reported - started) / 1000)} s)`);
    },
  });
  console.log(
    idle
      ? `  done in ${Math.round((Date.now() - started) / 1000)} s`
      : '  still running after 10 minutes: the screens fill in as the jobs finish',
  );
}

async function main(): Promise<void> {
  let config = loadConfig();
  const refused = devHostRefusal(config) ?? productionSettingsRefusal(config);
  if (refused) {
    console.error(`\n${refused}\n`);
    process.exitCode = 1;
    return;
  }
  if (config.port === 0) config = { ...config, port: await freePort(config.host) };
  const publicUrl = config.publicUrl ?? `http://${config.host}:${config.port}`;
  const pgliteDir = join(config.dataDir, 'pglite');
  if (config.role !== 'all' && !config.databaseUrl) {
    throw new Error(
      `VIGIL_ROLE=${config.role} shares the work with other processes, which needs DATABASE_URL: PGlite is one process. Leave VIGIL_ROLE unset for one process that does everything.`,
    );
  }
  const database = config.databaseUrl
    ? await openDatabase({ kind: 'postgres', url: config.databaseUrl })
    : await openDatabase({ kind: 'pglite', dataDir: pgliteDir });
  await migrateToLatest(database.db);
  const seeded = config.nodeEnv === 'production' ? false : await seedDemo(database.db, new Date());
  const operators = await setOperators(database.db, config.operators, true, new Date());

  let local: LocalOidcProvider | undefined;
  const redirectUri = `${publicUrl}/api/auth/microsoft/callback`;
  // The local stand-in signs anyone in as a demo identity: never in production.
  if (!config.microsoft && config.nodeEnv !== 'production') {
    // Loaded only here: oidc-provider warns about Node 20 on import, and production never needs it.
    const { startLocalOidcProvider } = await import('./dev/local-oidc-provider.js');
    local = await startLocalOidcProvider({ redirectUris: [redirectUri], port: config.localOidcPort });
  }
  const oidc =
    config.microsoft ??
    (local ? { issuer: local.issuer, clientId: local.clientId, clientSecret: local.clientSecret } : undefined);

  // Development: the probes' demo targets on 127.0.0.1 (labelled demo), which the probes then use.
  // And the demo online store on 127.0.0.1, which the script scans reach by its host names.
  let demoTargets: ProbeTargets | undefined;
  let demoStore: TestStore | undefined;
  let demoProviders: ProviderReplay | undefined;
  let demoChannels: DemoChannels | undefined;
  if (config.nodeEnv === 'development' && config.role === 'all') {
    const { withDemoTargets } = await import('./dev/probe-targets/demo-targets.js');
    ({ config, targets: demoTargets } = await withDemoTargets(config, database.db));
    const { withDemoStore } = await import('./dev/test-store/with-demo-store.js');
    ({ config, store: demoStore } = await withDemoStore(config));
    // The providers not configured answer from the local replay server (recorded, labelled demo).
    const { withDemoProviders } = await import('./dev/provider-replay/with-demo-providers.js');
    ({ config, replay: demoProviders } = await withDemoProviders(config));
    // The alert channels' replay servers (Splunk HEC, Elastic, Jira, syslog), to add as channels.
    const { startDemoChannels } = await import('./dev/channel-replay/with-demo-channels.js');
    demoChannels = await startDemoChannels();
  }
  // PGlite is this process's: `npm run backup` finds it through DATA_DIR and asks it for a copy.
  const announced = database.kind === 'pglite' ? announceServer(config.dataDir) : undefined;
  const app = await buildApp({
    config,
    database,
    cookieSecret: cookieSecretOf(config),
    publicUrl,
    oidc,
    ...(announced ? { backupToken: announced.token } : {}),
  });
  const stopSignals = (timers: NodeJS.Timeout[]) => {
    const stop = gracefulShutdown({
      timeoutMs: config.shutdownTimeoutMs,
      log: app.log,
      close: async () => {
        for (const timer of timers) clearInterval(timer);
        announced?.withdraw();
        await app.close();
        await local?.close();
        await demoTargets?.close();
        await demoStore?.close();
        await demoProviders?.close();
        await demoChannels?.close();
      },
    });
    // The first signal stops gracefully; a second one exits at once.
    process.on('SIGINT', () => void stop('SIGINT'));
    process.on('SIGTERM', () => void stop('SIGTERM'));
  };
  if (config.role === 'worker') {
    // The job worker starts with the app (housekeeping and the schedules are jobs too); it listens
    // for its health probes and metrics only (any other path is a 404 there).
    await app.listen({ host: config.host, port: config.port });
    console.log(
      `\nVigil worker running (VIGIL_ROLE=worker, PostgreSQL): claims jobs and runs the schedules; probes and metrics at ${listeningUrl(app, config)}/api/health/ready and /metrics.\n`,
    );
    stopSignals([]);
    return;
  }
  await app.listen({ host: config.host, port: config.port });
  // Every interface (0.0.0.0, ::) includes loopback, where `npm run backup` calls.
  const wildcard = ['0.0.0.0', '::'].includes(config.host);
  announced?.publish(listeningUrl(app, wildcard ? { ...config, host: '127.0.0.1' } : config));

  // Undelivered mail is retried every 30 s (SMTP only); purging and expiries are the housekeeping job's.
  const timers = [setInterval(() => void app.mail.flush(), 30_000)];
  for (const timer of timers) timer.unref();
  stopSignals(timers);

  // This process runs the jobs (VIGIL_ROLE=all): the banner waits for the demo data it queued.
  if (config.nodeEnv === 'development' && config.role === 'all') await waitForQueuedWork(database.db, publicUrl);

  const demoExists = (await findUserByEmail(database.db, demoUser.email)) !== undefined;
  const warning = devHostWarning(config);
  const lines = [
    '',
    `Vigil is running at ${publicUrl}`,
    ...(warning ? [warning] : []),
    `  database      ${config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${shown(pgliteDir)}`}${seeded ? ' (demo data seeded on this first start)' : ''}`,
    `  web app       ${webDistExists(config) ? `served from ${shown(config.webDist)}` : `not built (${shown(config.webDist)} missing): API only`}`,
  ];
  if (demoExists) {
    lines.push(
      `  sign in       ${demoUser.email} / ${demoUser.password}  (then the 6-digit code e-mailed to it)`,
      `  operator      ${demoAdmin.email} / ${demoAdmin.password}  (platform operator: validates accounts, uploads CVE catalogue files)`,
      ...demoMembers.map((m) => `  ${m.role.padEnd(14)}${m.email} / ${m.password}  (Acme Retail)`),
    );
  }
  if (operators.changed.length > 0) lines.push(`  operators     ${operators.changed.join(', ')} (VIGIL_OPERATORS)`);
  if (operators.unknown.length > 0) {
    lines.push(
      `  operators     no user yet for ${operators.unknown.join(', ')} (VIGIL_OPERATORS; granted once they exist)`,
    );
  }
  lines.push(
    app.mail.mode === 'smtp'
      ? '  e-mail        sent through SMTP_URL'
      : config.nodeEnv === 'production'
        ? '  e-mail        kept in the outbox table (no SMTP_URL; mailbox page off in production)'
        : `  mailbox       ${publicUrl}/dev/mailbox  (JSON: ${publicUrl}/api/dev/outbox)`,
    local
      ? `  Microsoft     local OpenID provider at ${local.issuer} (demo identities; set MICROSOFT_* for the real one)`
      : `  Microsoft     ${config.microsoft?.issuer ?? 'not configured (set MICROSOFT_TENANT_ID, _CLIENT_ID, _CLIENT_SECRET)'}`,
    ...(demoTargets
      ? [
          `  demo targets  DNS and ${demoTargets.listeners.size} sites on 127.0.0.1 (DNS port ${demoTargets.dns.port}; labelled demo; the demo's probe runs follow its imports)`,
        ]
      : []),
    ...(demoStore
      ? [
          `  demo store    www.acme-retail-store.test and its vendors on 127.0.0.1:${demoStore.port} (the script scans reach them by name; Chromium: ${config.scan.chromiumPath}${existsSync(config.scan.chromiumPath) ? '' : ' MISSING, scans fail until it is installed'})`,
        ]
      : []),
    ...(demoProviders && config.providers.demo.size > 0
      ? [
          `  providers     ${[...config.providers.demo].join(', ')} answered by the local replay server on 127.0.0.1:${demoProviders.port} (recorded, labelled demo; set their settings for the real ones)`,
        ]
      : []),
    ...(demoChannels?.lines ?? []),
    `  API contract  ${publicUrl}/api/health · curl -c jar ${publicUrl}/api/csrf-cookie for the XSRF-TOKEN cookie`,
    '',
  );
  console.log(lines.join('\n'));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
