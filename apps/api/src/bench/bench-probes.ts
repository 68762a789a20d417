// `npm run bench:probes` (and the end of `npm run bench:data`): probe throughput, in hosts per
// minute, of real probe runs (DNS, HTTP(S), TLS, services) against the local probe targets on
// 127.0.0.1: once at the deployment's default limits (PROBE_RATE connections per second,
// PROBE_CONCURRENCY at once), once with the limits raised (what the engine itself does).
//   BENCH_PROBE_HOSTS=400       hosts of the raised run (the default-limits run probes a twentieth)
//   BENCH_DATABASE_URL=…        PostgreSQL instead of in-memory PGlite (the writes are small)
// bench.smoke.test.ts runs it with a few hosts inside `npm test`.
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { buildApp } from '../app.js';
import { loadConfig } from '../config/env.js';
import { openDatabase } from '../db/connect.js';
import { migrateToLatest } from '../db/migrations.js';
import { startProbeTargets } from '../dev/probe-targets/probe-targets.js';
import { insertCompany } from '../identity/clients/clients.repository.js';
import type { ProbeJobOptions } from '../modules/assets/probes/probe-settings.js';
import { queueProbeRun } from '../modules/assets/probes/probes.repository.js';

const timeoutMs = 15 * 60_000;

/** Prints both runs' figures; returns hosts per minute of each. Stops what it started, also on failure. */
export async function benchProbes(
  hostCount: number,
  url = process.env.BENCH_DATABASE_URL,
): Promise<{ byDefault: number; raised: number }> {
  const domain = 'bench-probes.example';
  const names = Array.from({ length: hostCount }, (_, i) => `h${i}.${domain}`);
  // Each bench host is served by one of the four sites of the layout (all their problems to find).
  const sites = ['www', 'shop', 'api', 'vpn'].map((h) => `${h}.${domain}`);
  const aliases = Object.fromEntries(names.map((n, i) => [n, sites[i % 4] ?? domain]));
  const targets = await startProbeTargets([{ domain, hosts: sites }], { aliases });
  const handle = await (url ? openDatabase({ kind: 'postgres', url }) : openDatabase({ kind: 'pglite' })).catch(
    async (error: unknown) => {
      await targets.close();
      throw error;
    },
  );
  let closeApp = async () => {};
  try {
    await migrateToLatest(handle.db);
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: '/nonexistent/vigil-bench',
      WEB_DIST: '/nonexistent/web',
    });
    const app = await buildApp({
      config,
      database: handle,
      cookieSecret: 'bench-cookie-secret-0123456789abcdef',
      ownsDatabase: false,
    });
    closeApp = () => app.close();
    await app.ready();
    const now = new Date();

    /** A company with `hosts` subdomain assets, probed in one run; hosts per minute. */
    const measure = async (label: string, hosts: string[], options: Partial<ProbeJobOptions>) => {
      const companyId = await insertCompany(
        app.ctx.db,
        `Bench probes ${label}`,
        [`${hosts.length}-${label.length}.bench.example`],
        now,
      );
      await app.ctx.db
        .insertInto('asset_scopes')
        .values({
          company_id: companyId,
          supplier_id: null,
          kind: 'domain',
          value: domain,
          created_by: null,
          created_at: now,
          // Proven already (ADR 0041): probes contact verified scope entries only.
          status: 'verified',
        })
        .execute();
      await app.ctx.db
        .insertInto('assets')
        .values(
          hosts.map((value) => ({
            company_id: companyId,
            supplier_id: null,
            type: 'subdomain' as const,
            value,
            first_seen_at: now,
            last_seen_at: now,
            created_at: now,
            updated_at: now,
          })),
        )
        .execute();
      const started = performance.now();
      const jobId = await queueProbeRun(app.ctx.db, {
        companyId,
        options: { ...targets.jobOptions(), ...options, supplier_id: null },
        createdBy: null,
        isDemo: false,
        now,
      });
      for (;;) {
        await app.jobs.drain();
        const job = await app.ctx.db
          .selectFrom('jobs')
          .select('status')
          .where('id', '=', jobId)
          .executeTakeFirstOrThrow();
        if (job.status !== 'queued' && job.status !== 'running') break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const seconds = (performance.now() - started) / 1000;
      const run = await app.ctx.db
        .selectFrom('probe_runs')
        .selectAll()
        .where('job_id', '=', jobId)
        .executeTakeFirstOrThrow();
      const perMinute = Math.round((run.targets / seconds) * 60);
      console.log(
        `  ${label.padEnd(44)} ${String(run.targets).padStart(5)} hosts  ${run.checks} checks  ${run.findings_opened} findings  ` +
          `${seconds.toFixed(1)} s  ${perMinute.toLocaleString('en')} hosts/min`,
      );
      return perMinute;
    };

    console.log(
      `\nvigil bench:probes on ${url ? 'PostgreSQL' : 'PGlite'}: probe runs against local targets (127.0.0.1)\n`,
    );
    const { ratePerSecond, concurrency } = config.probes;
    const byDefault = await measure(
      `default limits (${ratePerSecond} conn/s, ${concurrency} at once)`,
      names.slice(0, Math.max(8, Math.round(hostCount / 20))),
      {},
    );
    const raised = await measure('raised limits (2,000 conn/s, 128 at once)', names, { rate: 2000, concurrency: 128 });
    console.log(
      `\nprobe throughput: ${byDefault.toLocaleString('en')} hosts/min at the default limits, ${raised.toLocaleString('en')} hosts/min raised\n`,
    );
    return { byDefault, raised };
  } finally {
    await closeApp();
    await handle.close();
    await targets.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const deadline = setTimeout(() => {
    console.error('bench:probes stopped by its 15 min limit');
    process.exit(1);
  }, timeoutMs);
  deadline.unref();
  benchProbes(Number(process.env.BENCH_PROBE_HOSTS ?? '400')).then(
    () => clearTimeout(deadline),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
