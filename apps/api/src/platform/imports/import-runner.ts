// Runs one claimed job: unpack the upload, parse it, and write records in batches. Each batch is
// one transaction holding the data, its rejects, the job's counts, its checkpoint and a fresh
// lease, so a job resumed after a crash skips exactly what was committed: nothing is lost or
// written twice, and a failing batch leaves everything stored before it intact. On PostgreSQL a
// combolist writes two batches at once on two connections, committing in file order (ADR 0007).
import { sql } from 'kysely';
import type { AppContext } from '../../app-context.js';
import type { Executor } from '../../db/database.js';
import { queueEvaluation, queuePlatformEvaluations } from '../alerts/alerts.queue.js';
import { insertEvents } from '../events/events.repository.js';
import { describeTally, importTally, summaryOf, worstOf } from '../findings/findings.ingest.js';
import type { RunOutcome } from '../jobs/job-kind.types.js';
import type { ClaimedJob } from '../jobs/jobs.table.js';
import { queueRatingRefresh } from '../risk/risk.queue.js';
import type { Overlap, WriteContext } from './import.types.js';
import { openStoredFile } from './import-files.repository.js';
import { batchSizeOf, jobOptions } from './import-options.js';
import { describeKind, whyNothingWasKept } from './import-outcome.js';
import { openUpload, UnreadableUpload } from './import-unpack.js';
import { appendLog, commitBatchCounts, findJobRow, finishJob, insertRejects } from './imports.repository.js';
import type { ImportJobRow } from './imports.table.js';

export const LEASE_MS = 60_000;
export const MAX_ATTEMPTS = 3;

/**
 * The advisory lock (two int4 keys: -job id, the batch's number in this attempt) that a batch holds
 * until it ends, and that the batch after it waits on before it commits. A number is never reused
 * within an attempt: the later batch of a pair may still wait when the next one starts.
 */
function batchLock(jobId: number, seq: number) {
  return sql`${-jobId}::int, ${seq}::int`;
}

/** A batch being written: settles when it committed (rejects with BatchFailed); `keys` once its writer named them. */
interface Written {
  done: Promise<void>;
  keys: Promise<ReadonlySet<string>>;
}

/** A batch's transaction failed; the message names the batch's items. */
class BatchFailed extends Error {
  constructor(
    message: string,
    /** PostgreSQL ended the batch to break a deadlock (SQLSTATE 40P01). */
    readonly deadlock: boolean,
  ) {
    super(message);
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Ends a job whose cancel was seen at a checkpoint: what was committed stays, the file goes. */
async function cancelJob(ctx: AppContext, job: ImportJobRow, at: number): Promise<'cancelled'> {
  const now = ctx.clock.now();
  await ctx.db.transaction().execute(async (trx) => {
    await appendLog(trx, job.id, 'info', `Cancelled: stopped after item ${at}; what was imported before stays.`, now);
    await finishJob(trx, job.id, { status: 'cancelled', at: now });
    await summaryEvent(
      trx,
      ctx,
      job,
      'import.cancelled',
      (found) => `Import of ${job.file_name} cancelled${found}`,
      now,
    );
  });
  return 'cancelled';
}

/**
 * The one timeline event of an import, with what it found (its findings write none of their own):
 * new findings by severity and reopened ones, counted batch by batch (findings.ingest).
 */
async function summaryEvent(
  db: Executor,
  ctx: AppContext,
  job: ImportJobRow,
  kind: 'import.succeeded' | 'import.failed' | 'import.cancelled',
  /** The title, given what was found: ` (3 new findings (1 high))` or '' when nothing was, and the bare account. */
  title: (found: string, described: string) => string,
  at: Date,
  details: Record<string, unknown> = {},
): Promise<void> {
  // A platform job (the catalogue) tells no company's timeline: its log is for the operator. The
  // findings it gave companies (their watch lists) are evaluated for alerts once, now.
  if (job.company_id === null) {
    await queuePlatformEvaluations(db, job, ctx.modules.importer(job.kind).module, at);
    return;
  }
  const tally = await importTally(db, job.id);
  const worst = worstOf(tally);
  const described = describeTally(tally);
  await insertEvents(db, [
    {
      companyId: job.company_id,
      module: ctx.modules.importer(job.kind).module,
      kind,
      severity: worst,
      title: title(worst === null ? '' : ` (${described})`, described),
      jobId: job.id,
      actorUserId: job.created_by,
      details: { kind: job.kind, file_name: job.file_name, ...details, ...summaryOf(tally) },
      at,
    },
  ]);
  // What it found is committed with this event: the alert rules look at it once, after the commit.
  if (worst !== null) await queueEvaluation(db, job.company_id, job.id, at);
  await queueRatingRefresh(db, job.company_id, at);
}

/** Ends a job as failed with its reason (log, event, stored file deleted) in one transaction. */
export async function failJob(ctx: AppContext, job: ImportJobRow, message: string): Promise<'failed'> {
  const now = ctx.clock.now();
  await ctx.db.transaction().execute(async (trx) => {
    await appendLog(trx, job.id, 'error', message, now);
    await finishJob(trx, job.id, { status: 'failed', error: message, at: now });
    await summaryEvent(
      trx,
      ctx,
      job,
      'import.failed',
      (found) => `Import of ${job.file_name} failed${found}: ${message}`,
      now,
    );
  });
  return 'failed';
}

export async function runJob(
  ctx: AppContext,
  job: ImportJobRow & Partial<Pick<ClaimedJob, 'crashed'>>,
  signal: AbortSignal,
): Promise<RunOutcome> {
  const lease = () => new Date(ctx.clock.now().getTime() + LEASE_MS);
  const importer = ctx.modules.importer(job.kind);
  const fail = (message: string) => failJob(ctx, job, message);
  // Counted before it runs: a job whose process died before it committed anything is not run again.
  if (job.crashed) {
    return fail(
      `The server stopped during attempt ${job.attempts} before this import committed anything (a crash or a restart); it is not tried again, so that a file that crashes the server cannot do it again. Upload it again to retry.`,
    );
  }
  if (job.attempts > MAX_ATTEMPTS) return fail(`Gave up after ${MAX_ATTEMPTS} attempts.`);
  const stored = await openStoredFile(ctx.db, job.id);
  if (!stored) return fail('The uploaded file is missing.');
  await appendLog(
    ctx.db,
    job.id,
    'info',
    job.checkpoint > 0
      ? `Attempt ${job.attempts}: resuming after ${job.checkpoint} committed items.`
      : `Attempt ${job.attempts}: reading ${job.file_name} (${stored.size} bytes).`,
    ctx.clock.now(),
  );
  const upload = openUpload(stored, job.file_name, importer.archives === true);
  const options = jobOptions(job);
  const seenAt = options.seen_at ? new Date(options.seen_at) : ctx.clock.now();
  const state = await importer.prepare(ctx.db, job, ctx);
  const size = batchSizeOf(importer, ctx.dbKind);
  // The parser reads ahead: while batches are being written (in file order), the next one is
  // parsed, so Node and the database work at once. On PostgreSQL a kind that `overlaps` writes two
  // batches at once on two connections (both cores for one file); each still commits after the one
  // before it, so the checkpoint stays the end of what is committed.
  let fileRefused: string | undefined;
  /** Files that are a report of nothing found, as their format writes it (not "nothing read"). */
  const emptyReports: string[] = [];
  let ignored = 0;
  /** One pass over the upload from a checkpoint; `again` when an overlapped batch was a deadlock's victim. */
  const pass = async (overlapping: boolean, from: number): Promise<RunOutcome | 'done' | 'again'> => {
    const depth = overlapping ? 2 : 1;
    const inFlight: Written[] = [];
    let sequence = 0;
    let committed = from;
    let index = 0;
    let records: unknown[] = [];
    let rejects: { job_id: number; file_path: string; line: number; reason: string }[] = [];
    let progress = 0;
    fileRefused = undefined;
    emptyReports.length = 0;
    /** The checkpoint at which a committed batch saw a cancel request (the last such batch). */
    let cancelAt: number | undefined;
    const write = (
      before: Written | undefined,
      batch: unknown[],
      refused: typeof rejects,
      after: number,
      checkpoint: number,
      share: number,
    ): Written => {
      const now = ctx.clock.now();
      const context: WriteContext = { ctx, job, now, seenAt };
      const seq = sequence++;
      let named: (keys: ReadonlySet<string>) => void = () => {};
      const keys = new Promise<ReadonlySet<string>>((resolve) => {
        named = resolve;
      });
      const transaction = ctx.db.transaction().execute(async (trx) => {
        let overlap: Overlap | undefined;
        let waited = before === undefined;
        if (overlapping) {
          // Held until this batch ends: the batch after it waits on it before it commits.
          await sql`select pg_advisory_xact_lock(${batchLock(job.id, seq)})`.execute(trx);
          const previous = before ? await before.keys : new Set<string>();
          overlap = {
            before: previous,
            mine: named,
            waitBefore: async () => {
              if (waited) return;
              await sql`select pg_advisory_xact_lock_shared(${batchLock(job.id, seq - 1)})`.execute(trx);
              waited = true;
            },
          };
        }
        const outcome =
          batch.length > 0
            ? await importer.write(trx, context, state, batch, overlap)
            : { added: 0, updated: 0, ignored: 0 };
        named(new Set());
        await overlap?.waitBefore();
        await insertRejects(trx, refused);
        const advanced = await commitBatchCounts(
          trx,
          job.id,
          after,
          {
            read: batch.length + refused.length,
            added: outcome.added,
            updated: outcome.updated,
            rejected: refused.length,
            checkpoint,
            progress: Math.min(0.99, share),
          },
          lease(),
        );
        if (advanced === 'lost')
          throw new Error('An earlier batch of this job did not commit; the job resumes from its checkpoint.');
        if (advanced === 'cancel') cancelAt = checkpoint;
        ignored += outcome.ignored;
      });
      // The parser is a batch ahead by now: say which items the failing batch held.
      const done = transaction.then(
        () => undefined,
        (error: unknown) => {
          named(new Set());
          const deadlock = (error as { code?: unknown } | null)?.code === '40P01';
          throw new BatchFailed(`Stopped at items ${after + 1}–${checkpoint}: ${describe(error)}`, deadlock);
        },
      );
      done.catch(() => {}); // awaited in order by the flushes or after the loop; not unhandled meanwhile
      return { done, keys };
    };
    /** Waits for the batches in flight, oldest first: the first that failed says why. */
    const settle = async (keep: number) => {
      while (inFlight.length > keep) await inFlight.shift()?.done;
    };
    const flush = async () => {
      const batch = [records, rejects, committed, index, progress] as const;
      committed = index;
      records = [];
      rejects = [];
      await settle(depth - 1);
      inFlight.push(write(inFlight.at(-1), ...batch));
    };
    /** After a failure: lets the batches still in flight end (they roll back) before the job is failed. */
    const drain = async () => {
      await Promise.allSettled(inFlight.map((w) => w.done));
    };
    try {
      for await (const item of importer.parse(upload, options)) {
        if (item.kind === 'empty') {
          emptyReports.push(`${item.file}: ${item.what}`);
          continue;
        }
        index += 1;
        if (index <= from) continue;
        progress = item.progress;
        if (item.kind === 'record') {
          records.push(item.record);
        } else {
          rejects.push({ job_id: job.id, file_path: item.file, line: item.line, reason: item.reason });
          if (item.line === 0) fileRefused = item.reason;
        }
        if (records.length >= size || rejects.length >= 1000) {
          await flush();
          if (cancelAt !== undefined) {
            await settle(0);
            return cancelJob(ctx, job, cancelAt);
          }
          if (signal.aborted) {
            await settle(0);
            await finishJob(ctx.db, job.id, { status: 'queued', at: null });
            await appendLog(
              ctx.db,
              job.id,
              'info',
              `Stopped by shutdown after ${index} items; will resume.`,
              ctx.clock.now(),
            );
            return 'released';
          }
        } else if (index % 1000 === 0) {
          // Let the batch being written exchange its next round trip with the database.
          await new Promise((resolve) => setImmediate(resolve));
        }
      }
      await flush();
      await settle(0);
    } catch (error) {
      // A failed batch says which items it held; a parser that throws stopped at the current item.
      await drain();
      if (overlapping && error instanceof BatchFailed && error.deadlock) return 'again';
      // An upload that cannot be read (a cap of the archive reader, a corrupt archive) says only why.
      if (error instanceof BatchFailed || error instanceof UnreadableUpload) return fail(error.message);
      return fail(`Stopped at item ${index}: ${describe(error)}`);
    }
    return 'done';
  };
  // Two batches at once can meet another import of the same rows in a deadlock (PostgreSQL ends
  // one of them): what committed stays, and the job goes on from its checkpoint one batch at a time.
  const overlapping = importer.overlaps === true && ctx.dbKind === 'postgres';
  let from = job.checkpoint;
  let passed = await pass(overlapping, from);
  if (passed === 'again') {
    from = (await findJobRow(ctx.db, job.id))?.checkpoint ?? from;
    await appendLog(
      ctx.db,
      job.id,
      'warn',
      `A batch was ended by a deadlock with another import; going on after ${from} committed items, one batch at a time.`,
      ctx.clock.now(),
    );
    passed = await pass(false, from);
  }
  if (passed !== 'done' && passed !== 'again') return passed;
  const failed = await whyNothingWasKept(ctx.db, job.id, {
    ignored,
    fileRefused,
    emptyReports: emptyReports.length,
    ...describeKind(importer),
  });
  if (failed) return fail(failed);
  const now = ctx.clock.now();
  return ctx.db.transaction().execute(async (trx) => {
    const done = await trx.selectFrom('jobs').selectAll().where('id', '=', job.id).executeTakeFirstOrThrow();
    if (ignored > 0) {
      await appendLog(
        trx,
        job.id,
        'info',
        `${ignored} ${describeKind(importer).ignoredAs} were read and not kept.`,
        now,
      );
    }
    for (const empty of emptyReports) await appendLog(trx, job.id, 'info', `${empty}: nothing found to import.`, now);
    const summary = `${done.read_count} read, ${done.added_count} added, ${done.updated_count} updated, ${done.rejected_count} rejected`;
    const partial = done.rejected_count > 0;
    if (partial) {
      await appendLog(
        trx,
        job.id,
        'warn',
        `Partial: ${done.rejected_count} of ${done.read_count} records were rejected (see the rejects); the rest was kept.`,
        now,
      );
    }
    await appendLog(trx, job.id, 'info', `Done: ${summary}.`, now);
    await finishJob(trx, job.id, { status: 'succeeded', at: now });
    await summaryEvent(
      trx,
      ctx,
      job,
      'import.succeeded',
      (_, described) =>
        partial
          ? `${job.file_name}: ${described} (partial: ${done.rejected_count} of ${done.read_count} records rejected)`
          : `${job.file_name}: ${described}`,
      now,
      {
        read: done.read_count,
        added: done.added_count,
        updated: done.updated_count,
        rejected: done.rejected_count,
        partial,
      },
    );
    return 'succeeded' as const;
  });
}
