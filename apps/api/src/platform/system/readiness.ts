// The readiness probe's checks (GET /api/health/ready): the database answers, this version's
// migrations are all applied, and, where this process runs jobs, its worker loop is alive. The
// liveness probe (GET /api/health/live) reads none of them: a database outage must not make an
// orchestrator restart processes that are fine.
import type { Schemas } from '@vigil/api-client';
import type { AppContext } from '../../app-context.js';
import { migrationState } from '../../db/migrations.js';
import type { JobWorker } from '../jobs/job-worker.js';

/** A worker loop that neither polled nor ran a job for this long is stuck (it polls every 2 s). */
export const WORKER_STALE_MS = 30_000;
/** PostgreSQL: another node may migrate while this one runs, so the state is read again after this. */
const MIGRATIONS_RECHECK_MS = 15_000;

export type Readiness = { ready: true; answer: Schemas['HealthReady'] } | { ready: false; failures: string[] };

export function createReadiness(ctx: AppContext, jobs: JobWorker): { check(): Promise<Readiness> } {
  let migrations: { applied: number; known: number; pending: string[]; at: number } | undefined;

  /**
   * PGlite is one process: once this one has migrated, nothing else can change its schema, so the
   * state is read once (a query there waits behind whatever transaction holds its one connection).
   */
  async function migrationsNow() {
    const fresh = migrations && (ctx.dbKind === 'pglite' || Date.now() - migrations.at < MIGRATIONS_RECHECK_MS);
    if (!fresh || !migrations) migrations = { ...(await migrationState(ctx.db)), at: Date.now() };
    return migrations;
  }

  return {
    async check() {
      const failures: string[] = [];
      try {
        await ctx.pingDb();
      } catch {
        failures.push('the database does not answer');
      }
      const state = failures.length === 0 ? await migrationsNow().catch(() => undefined) : migrations;
      if (failures.length === 0 && !state) failures.push('the migrations could not be read');
      if (state && state.pending.length > 0) {
        failures.push(`${state.pending.length} migrations not applied (first: ${state.pending[0]})`);
      }
      const runsHere = ctx.config.role !== 'api';
      const worker = jobs.health();
      if (runsHere) {
        const polledAgo = worker.lastPollAt ? ctx.clock.now().getTime() - worker.lastPollAt.getTime() : Infinity;
        if (!worker.started) failures.push('the job worker has not started');
        else if (worker.running === 0 && polledAgo > WORKER_STALE_MS) {
          failures.push(`the job worker has not polled for ${Math.round(polledAgo / 1000)} s`);
        }
      }
      if (failures.length > 0 || !state) return { ready: false, failures };
      return {
        ready: true,
        answer: {
          status: 'ready',
          role: ctx.config.role,
          database: ctx.dbKind,
          migrations: { applied: state.applied, known: state.known },
          worker: {
            runs_here: runsHere,
            running_jobs: worker.running,
            last_poll_at: worker.lastPollAt?.toISOString() ?? null,
          },
        },
      };
    },
  };
}
