// An upload's bytes live in import_file_chunks, CHUNK_BYTES each (the last may be shorter), so no
// statement ever carries a whole file. An upload larger than one chunk is written chunk by chunk,
// each in its own short transaction, while its job is `uploading` (never claimed, never listed);
// the last chunk and the flip to `queued` share one transaction, so the worker only ever sees a
// job whose file is complete. A job left `uploading` past its lease (the server died during the
// upload) is deleted by the sweep, its chunks with it.
import { sql } from 'kysely';
import type { Executor } from '../../db/database.js';
import { ServiceError } from '../../shared/service-error.js';
import type { ImportJobRow, ImportJobsTable } from './imports.table.js';

export const CHUNK_BYTES = 1024 * 1024;
/** An upload whose next chunk does not arrive within this time is abandoned (and swept). */
export const UPLOAD_LEASE_MS = 10 * 60_000;

export type NewJob = Pick<
  ImportJobsTable,
  'company_id' | 'kind' | 'module' | 'file_name' | 'file_size' | 'options' | 'created_by' | 'created_at'
> & { is_demo?: boolean };

function inTransaction<T>(db: Executor, run: (trx: Executor) => Promise<T>): Promise<T> {
  return db.isTransaction ? run(db) : db.transaction().execute(run);
}

async function insertChunks(db: Executor, jobId: number, from: number, content: Uint8Array): Promise<void> {
  for (let offset = 0, seq = from; offset < content.length || seq === from; offset += CHUNK_BYTES, seq += 1) {
    const data = Buffer.from(
      content.buffer,
      content.byteOffset + offset,
      Math.min(CHUNK_BYTES, content.length - offset),
    );
    await db.insertInto('import_file_chunks').values({ job_id: jobId, seq, data }).execute();
  }
}

/** A queued job with its whole file, in one transaction (small uploads, the demo, tests). */
export async function insertJob(db: Executor, values: NewJob, content: Uint8Array): Promise<ImportJobRow> {
  return inTransaction(db, async (trx) => {
    const job = await trx
      .insertInto('jobs')
      .values({ ...values, status: 'queued' })
      .returningAll()
      .executeTakeFirstOrThrow();
    await insertChunks(trx, job.id, 0, content);
    return job;
  });
}

/** The bytes a company's uploads (null: the platform's) hold while they wait or run (the quota counts these). */
export async function pendingUploadBytes(db: Executor, companyId: number | null): Promise<number> {
  const row = await db
    .selectFrom('jobs')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<string>('file_size'), sql<string>`0`).as('bytes'))
    .where((eb) => (companyId === null ? eb('company_id', 'is', null) : eb('company_id', '=', companyId)))
    .where('status', 'in', ['uploading', 'queued', 'running'])
    .executeTakeFirstOrThrow();
  return Number(row.bytes);
}

/** 200 MiB, 2 GiB, 1.5 GiB: sizes as the messages say them. */
export function bytesText(bytes: number): string {
  const [unit, size] = bytes >= 1024 ** 3 ? ['GiB', 1024 ** 3] : ['MiB', 1024 ** 2];
  const value = bytes / size;
  return `${Number.isInteger(value) ? value : value.toFixed(1)} ${unit}`;
}

export function quotaExceeded(quota: number): ServiceError {
  return new ServiceError(
    'too_large',
    `Your company's uploads waiting to be imported would exceed its ${bytesText(quota)} of storage; wait for them to finish, then upload again.`,
    { closeConnection: true },
  );
}

/** The first chunk of a large upload: its job row, `uploading`, under an upload lease. */
export async function beginUpload(
  db: Executor,
  values: NewJob,
  first: Uint8Array,
  leaseUntil: Date,
  quota: number,
): Promise<number> {
  return inTransaction(db, async (trx) => {
    const job = await trx
      .insertInto('jobs')
      .values({ ...values, file_size: first.length, status: 'uploading', lease_expires_at: leaseUntil })
      .returning('id')
      .executeTakeFirstOrThrow();
    await insertChunks(trx, job.id, 0, first);
    if ((await pendingUploadBytes(trx, values.company_id)) > quota) throw quotaExceeded(quota);
    return job.id;
  });
}

/**
 * One more chunk of an upload in one short transaction; the quota is checked with the chunk
 * counted, and the transaction rolls back when it is exceeded. `last` also queues the job.
 */
export async function appendChunk(
  db: Executor,
  input: {
    jobId: number;
    companyId: number | null;
    seq: number;
    data: Uint8Array;
    last: boolean;
    leaseUntil: Date | null;
  },
  quota: number,
): Promise<void> {
  await inTransaction(db, async (trx) => {
    const updated = await trx
      .updateTable('jobs')
      .set((eb) => ({
        file_size: eb('file_size', '+', input.data.length),
        lease_expires_at: input.last ? null : input.leaseUntil,
        ...(input.last ? { status: 'queued' as const } : {}),
      }))
      .where('id', '=', input.jobId)
      .where('status', '=', 'uploading')
      .executeTakeFirst();
    if (updated.numUpdatedRows !== 1n) {
      throw new ServiceError(
        'timeout',
        'The upload was too slow and was abandoned; nothing was kept. Upload the file again.',
      );
    }
    await insertChunks(trx, input.jobId, input.seq, input.data);
    if ((await pendingUploadBytes(trx, input.companyId)) > quota) throw quotaExceeded(quota);
  });
}

/** Removes an upload that did not complete, with everything it wrote. */
export async function discardUpload(db: Executor, jobId: number): Promise<void> {
  await db.deleteFrom('jobs').where('id', '=', jobId).where('status', '=', 'uploading').execute();
}

/** Deletes the uploads a dead server process left half-written (their lease ran out). */
export async function sweepUploads(db: Executor, now: Date): Promise<number> {
  const result = await db
    .deleteFrom('jobs')
    .where('status', '=', 'uploading')
    .where('lease_expires_at', '<', now)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function deleteFile(db: Executor, jobId: number): Promise<void> {
  await db.deleteFrom('import_file_chunks').where('job_id', '=', jobId).execute();
}

/** A stored upload, read in chunk-sized queries (each its own short statement, no transaction). */
export interface StoredFile {
  size: number;
  /** The bytes from `start` to `end` (exclusive), one chunk at a time. */
  read(start?: number, end?: number): AsyncGenerator<Buffer>;
}

export async function openStoredFile(db: Executor, jobId: number): Promise<StoredFile | undefined> {
  const summary = await db
    .selectFrom('import_file_chunks')
    .select((eb) => [eb.fn.countAll<string>().as('chunks'), eb.fn.max('seq').as('last')])
    .where('job_id', '=', jobId)
    .executeTakeFirstOrThrow();
  const chunks = Number(summary.chunks);
  if (chunks === 0 || Number(summary.last) !== chunks - 1) return undefined;
  const tail = await db
    .selectFrom('import_file_chunks')
    .select((eb) => eb.fn('length', [eb.ref('data')]).as('length'))
    .where('job_id', '=', jobId)
    .where('seq', '=', chunks - 1)
    .executeTakeFirstOrThrow();
  const size = (chunks - 1) * CHUNK_BYTES + Number(tail.length);
  const chunk = async (seq: number): Promise<Buffer> => {
    const row = await db
      .selectFrom('import_file_chunks')
      .select('data')
      .where('job_id', '=', jobId)
      .where('seq', '=', seq)
      .executeTakeFirst();
    if (!row) throw new Error('The uploaded file is missing a part.');
    return Buffer.from(row.data.buffer, row.data.byteOffset, row.data.length);
  };
  return {
    size,
    async *read(start = 0, end = size) {
      for (let seq = Math.floor(start / CHUNK_BYTES); seq * CHUNK_BYTES < end; seq += 1) {
        const data = await chunk(seq);
        const from = Math.max(0, start - seq * CHUNK_BYTES);
        const to = Math.min(data.length, end - seq * CHUNK_BYTES);
        if (to > from) yield data.subarray(from, to);
      }
    },
  };
}
