// A module's run against a provider for one company (a dork run, a code search, an archive sweep, a
// clone search), as one resumable, cancellable job with its provider_runs row: queued once per
// company, module and provider at a time; a throttled provider puts the job back in the queue until
// the time it gave; the checkpoint is the number of queries done, so a restarted run resumes.
// PROVIDERS (issue 18) implements these; the signatures are what the modules build against.
import type { AppContext } from '../../app-context.js';
import type { Executor } from '../../db/database.js';
import type { JobKind } from '../jobs/job-kind.types.js';
import type { ClaimedJob } from '../jobs/jobs.table.js';
import type { ProviderId, Providers } from './provider.types.js';
import type { ProviderRunRow } from './providers.table.js';

export interface QueueProviderRun {
  companyId: number;
  /** The module's id and its job kind (from defineProviderJob). */
  module: string;
  kind: string;
  provider: ProviderId;
  /** Module options of the run (what to search), JSON. */
  options?: Record<string, unknown>;
  createdBy: number | null;
  isDemo: boolean;
  now: Date;
}

/** Queues a run: its provider_runs row and its job; null when one is already queued, running or waiting. */
export async function queueProviderRun(_db: Executor, _input: QueueProviderRun): Promise<ProviderRunRow | null> {
  throw new Error('PROVIDERS: not built yet');
}

export interface ProviderRunInput {
  ctx: AppContext;
  job: ClaimedJob;
  run: ProviderRunRow;
  providers: Providers;
  options: Record<string, unknown>;
  signal: AbortSignal;
  /** Queries already done by an earlier attempt: skip that many. */
  checkpoint: number;
  /**
   * Commits the progress after a query (in the caller's transaction when given): the checkpoint,
   * the run's counts. Throws when the run was cancelled, so the module stops at the next query.
   */
  progress(
    update: { queriesTotal?: number; queriesDone: number; results?: number; newResults?: number },
    tx?: Executor,
  ): Promise<void>;
}

export interface ProviderJobDefinition {
  module: string;
  /** Job kind name, e.g. `dorks.run`. */
  kind: string;
  provider: ProviderId;
  concurrency?: number;
  /** Runs the queries from `checkpoint` on; ProviderThrottled and ProviderFailed are handled around it. */
  run(input: ProviderRunInput): Promise<void>;
}

/** The job kind of a module's provider runs (register it in the module's `jobs`). */
export function defineProviderJob(_definition: ProviderJobDefinition): JobKind {
  throw new Error('PROVIDERS: not built yet');
}
