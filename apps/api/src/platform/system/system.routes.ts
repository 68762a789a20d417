import type { FastifyRequest } from 'fastify';
import type { RouteDeps, RouteTable } from '../../route-table.js';
import { ServiceError } from '../../shared/service-error.js';
import type { JobWorker } from '../jobs/job-worker.js';
import { METRICS_PATH } from '../observability/metrics.js';
import { createReadiness } from './readiness.js';

/** What a worker process answers over HTTP: its probes and metrics. */
const WORKER_PATHS = new Set(['/api/health', '/api/health/live', '/api/health/ready', METRICS_PATH]);

/** The worker role's onRequest hook: anything but its probes and metrics is not served there (404). */
export async function workerOnly(request: FastifyRequest): Promise<void> {
  if (WORKER_PATHS.has(request.url.split('?')[0] ?? '')) return;
  throw new ServiceError(
    'not_found',
    'This process is a worker (VIGIL_ROLE=worker): it answers its health probes and metrics only.',
  );
}

export function systemRoutes({ ctx }: RouteDeps, jobs: JobWorker): RouteTable {
  const readiness = createReadiness(ctx, jobs);
  return {
    getHealth: {
      handler: async () => {
        try {
          await ctx.pingDb();
          return { status: 'ok', database: ctx.dbKind };
        } catch {
          throw new ServiceError('unavailable', 'Database unavailable.');
        }
      },
    },
    getHealthLive: { handler: async () => ({ status: 'ok' }) },
    getHealthReady: {
      handler: async () => {
        const result = await readiness.check();
        if (!result.ready) throw new ServiceError('unavailable', `Not ready: ${result.failures.join('; ')}.`);
        return result.answer;
      },
    },
    // The csrf plugin has already set the cookie when the request had none.
    issueCsrfCookie: { handler: async (_request, reply) => reply.code(204).send() },
  };
}
