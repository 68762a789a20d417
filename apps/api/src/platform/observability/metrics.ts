// GET /metrics in Prometheus's text format (prom-client): requests by operation (count and latency),
// the job queue's depth and oldest wait by kind, job attempts' outcomes, the CVE feeds' freshness,
// PostgreSQL's connection pool, and Node's process figures. Not part of /api (no session, no
// contract): a scraper presents METRICS_TOKEN as a bearer token; without one set, only a request
// made on this machine (loopback or the server's own address, not relayed by a proxy) is answered.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { AppContext } from '../../app-context.js';
import type { DatabaseHandle } from '../../db/connect.js';
import { fromThisMachine, presentsBearer } from '../../shared/local-caller.js';
import { ServiceError } from '../../shared/service-error.js';
import type { JobWorker } from '../jobs/job-worker.js';

export const METRICS_PATH = '/metrics';

export interface Metrics {
  registry: Registry;
  /** The job worker's hook: one attempt of `kind` ended with `outcome`. */
  jobEnded(kind: string, outcome: string): void;
}

/** Whether `request` may read the metrics (see the file's comment). */
export function metricsAllowed(request: FastifyRequest, token: string | undefined): boolean {
  return token ? presentsBearer(request, token) : fromThisMachine(request);
}

export function createMetrics(ctx: AppContext, database: DatabaseHandle, jobs: () => JobWorker): Metrics {
  const registry = new Registry();
  const jobAttempts = new Counter({
    name: 'vigil_job_attempts_total',
    help: 'Job attempts this process ended, by kind and outcome.',
    labelNames: ['kind', 'outcome'] as const,
    registers: [registry],
  });
  new Gauge({
    name: 'vigil_jobs',
    help: 'Jobs waiting (queued), running, and given up after their last attempt (dead), by kind.',
    labelNames: ['kind', 'status'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const row of await jobCounts(ctx)) this.set({ kind: row.kind, status: row.status }, Number(row.count));
    },
  });
  new Gauge({
    name: 'vigil_job_queue_oldest_age_seconds',
    help: 'How long the oldest job that could run now has waited, by kind.',
    labelNames: ['kind'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      const now = ctx.clock.now().getTime();
      for (const row of await oldestQueued(ctx)) {
        this.set({ kind: row.kind }, Math.max(0, (now - new Date(row.since).getTime()) / 1000));
      }
    },
  });
  new Gauge({
    name: 'vigil_feed_last_success_age_seconds',
    help: 'Seconds since each CVE feed (nvd, kev, epss) last synced; absent before its first sync.',
    labelNames: ['feed'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      const now = ctx.clock.now().getTime();
      const feeds = await ctx.db.selectFrom('catalogue_feeds').select(['feed', 'last_success_at']).execute();
      for (const feed of feeds) {
        if (feed.last_success_at) this.set({ feed: feed.feed }, (now - feed.last_success_at.getTime()) / 1000);
      }
    },
  });
  new Gauge({
    name: 'vigil_worker_last_poll_age_seconds',
    help: "Seconds since this process's job worker last looked for work (absent where no worker runs).",
    registers: [registry],
    collect() {
      this.reset();
      const polled = jobs().health().lastPollAt;
      if (polled) this.set((ctx.clock.now().getTime() - polled.getTime()) / 1000);
    },
  });
  if (database.poolStats) {
    const stats = database.poolStats;
    new Gauge({
      name: 'vigil_db_pool_connections',
      help: "PostgreSQL connections of this process's pool: total open, idle, and requests waiting for one.",
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        const now = stats();
        this.set({ state: 'total' }, now.total);
        this.set({ state: 'idle' }, now.idle);
        this.set({ state: 'waiting' }, now.waiting);
      },
    });
  }
  return { registry, jobEnded: (kind, outcome) => jobAttempts.inc({ kind, outcome }) };
}

function jobCounts(ctx: AppContext) {
  return ctx.db
    .selectFrom('jobs')
    .select(['kind', 'status', sql<string>`count(*)`.as('count')])
    .where('status', 'in', ['queued', 'running', 'dead'])
    .groupBy(['kind', 'status'])
    .execute();
}

function oldestQueued(ctx: AppContext) {
  const now = ctx.clock.now();
  return ctx.db
    .selectFrom('jobs')
    .select(['kind', sql<Date>`min(coalesce(run_at, created_at))`.as('since')])
    .where('status', '=', 'queued')
    .where((eb) => eb.or([eb('run_at', 'is', null), eb('run_at', '<=', now)]))
    .groupBy('kind')
    .execute();
}

/** Counts every request by its operation, and serves the registry at GET /metrics. */
export function registerMetrics(app: FastifyInstance, metrics: Metrics, token: string | undefined): void {
  const requests = new Counter({
    name: 'vigil_http_requests_total',
    help: "Requests answered, by the contract's operationId (or web, unmatched), method and status.",
    labelNames: ['operation', 'method', 'status'] as const,
    registers: [metrics.registry],
  });
  const duration = new Histogram({
    name: 'vigil_http_request_duration_seconds',
    help: 'Time to answer, by operation.',
    labelNames: ['operation'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [metrics.registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    const operation = operationOf(request);
    requests.inc({ operation, method: request.method, status: String(reply.statusCode) });
    duration.observe({ operation }, reply.elapsedTime / 1000);
  });
  let processMetrics = false;
  app.get(METRICS_PATH, async (request, reply) => {
    if (!metricsAllowed(request, token)) {
      throw new ServiceError('forbidden', 'Metrics are answered with METRICS_TOKEN, or to this machine only.');
    }
    // Node's own figures start with the first scrape (a test app that is never scraped starts none).
    if (!processMetrics) {
      collectDefaultMetrics({ register: metrics.registry });
      processMetrics = true;
    }
    const body = await metrics.registry.metrics();
    return reply.type(metrics.registry.contentType).send(body);
  });
}

/** The operation a request reached: its operationId, `taxii`, `web` (the web app's files), or `unmatched`. */
function operationOf(request: FastifyRequest): string {
  const schema = request.routeOptions.schema as { operationId?: unknown } | undefined;
  if (typeof schema?.operationId === 'string') return schema.operationId;
  if (request.routeOptions.url === METRICS_PATH) return 'metrics';
  if (request.routeOptions.url?.startsWith('/taxii2')) return 'taxii';
  return request.routeOptions.url ? 'web' : 'unmatched';
}
