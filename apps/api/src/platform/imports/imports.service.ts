import type { Schemas } from '@vigil/api-client';
import type { AppContext } from '../../app-context.js';
import type { AuthContext } from '../../identity/session/session.service.js';
import { ServiceError, validationError } from '../../shared/service-error.js';
import { requireScope } from '../../shared/tenant.js';
import { iso, type PageInput } from '../findings/findings.query.js';
import type { JobWorker } from '../jobs/job-worker.js';
import { requestCancel } from '../jobs/jobs.repository.js';
import type { JobStatus } from '../jobs/jobs.table.js';
import type { RegisteredImporter } from './import.types.js';
import {
  appendChunk,
  beginUpload,
  bytesText,
  CHUNK_BYTES,
  discardUpload,
  insertJob,
  type NewJob,
  pendingUploadBytes,
  quotaExceeded,
  UPLOAD_LEASE_MS,
} from './import-files.repository.js';
import { findJob, type JobScope, listJobRows, listLog, listRejects } from './imports.repository.js';

type JobRow = NonNullable<Awaited<ReturnType<typeof findJob>>>;

/**
 * A job's status as an import's: a dead job (out of retries) is a failed import; a job still
 * receiving its file waits like a queued one (the lists and the detail leave those out).
 */
function importStatus(status: JobStatus): Schemas['ImportStatus'] {
  if (status === 'dead') return 'failed';
  if (status === 'uploading') return 'queued';
  return status;
}

export function toImport(row: JobRow) {
  return {
    id: row.id,
    kind: row.kind,
    module: row.module,
    status: importStatus(row.status),
    partial: row.status === 'succeeded' && row.rejected_count > 0,
    file_name: row.file_name,
    file_size: Number(row.file_size),
    progress: row.status === 'succeeded' ? 1 : Number(row.progress),
    counts: { read: row.read_count, added: row.added_count, updated: row.updated_count, rejected: row.rejected_count },
    error: row.error,
    attempts: row.attempts,
    is_demo: row.is_demo,
    created_by:
      row.created_by !== null && row.created_by_name !== null
        ? { id: row.created_by, name: row.created_by_name }
        : null,
    created_at: row.created_at.toISOString(),
    started_at: iso(row.started_at),
    finished_at: iso(row.finished_at),
  };
}

/** Only a platform operator writes shared reference data (the CVE catalogue); a company member never does. */
export const CATALOGUE_OPERATORS_ONLY =
  'Only a platform operator can update the CVE catalogue: it is shared by every company. It stays current through the scheduled feed sync.';

/** The jobs the user may see: their company's, and the platform's when they are a platform operator. */
function jobScope(ctx: AppContext, auth: AuthContext): JobScope {
  return { ...requireScope(auth.scope), platform: auth.user.is_admin, importKinds: ctx.modules.importKinds };
}

export interface CreateImportInput {
  kind: string;
  file_name: string;
  domain?: string | undefined;
  /** A supplier of the company whose inventory an assets import fills (its importer checks it). */
  supplier_id?: number | undefined;
  body: unknown;
  /** The Content-Length the client announced, if any (checked against the quota before reading). */
  declaredSize?: number | undefined;
}

/** The job's options from the upload's query. */
function importOptions(input: CreateImportInput): Record<string, string> {
  return {
    ...(input.domain ? { domain: input.domain.trim().toLowerCase() } : {}),
    ...(input.supplier_id !== undefined ? { supplier: String(input.supplier_id) } : {}),
  };
}

/** Refuses, before anything is stored, options the kind cannot take (another company's supplier). */
async function checkOptions(
  ctx: AppContext,
  importer: RegisteredImporter,
  companyId: number | null,
  options: Record<string, string>,
): Promise<void> {
  if (options.supplier === undefined) return;
  const problems =
    importer.checkOptions && companyId !== null
      ? await importer.checkOptions(ctx.db, companyId, options)
      : { supplier_id: ['This kind of import has no supplier inventory.'] };
  if (problems) throw validationError(problems);
}

export function uploadTooLarge(limit: number): ServiceError {
  return new ServiceError('too_large', `The file is larger than ${bytesText(limit)}, the upload limit.`, {
    closeConnection: true,
  });
}

function isStream(body: unknown): body is AsyncIterable<Uint8Array> {
  return typeof body === 'object' && body !== null && Symbol.asyncIterator in body && !Buffer.isBuffer(body);
}

/**
 * Stores the request body as it arrives: up to one chunk, job and file in one transaction; a
 * larger file under an `uploading` job, a short transaction per chunk, the last one queueing it.
 * An upload that fails (limit, quota, a client that went away) removes what it wrote.
 */
async function storeUpload(ctx: AppContext, job: NewJob, body: AsyncIterable<Uint8Array>): Promise<number> {
  const { uploadBytes: limit, uploadQuotaBytes: quota } = ctx.limits;
  const lease = () => new Date(ctx.clock.now().getTime() + UPLOAD_LEASE_MS);
  let id: number | undefined;
  let seq = 0;
  let size = 0;
  let chunk = Buffer.allocUnsafe(CHUNK_BYTES);
  let filled = 0;
  const store = async (data: Buffer, last: boolean) => {
    if (id === undefined) id = await beginUpload(ctx.db, job, data, lease(), quota);
    else
      await appendChunk(ctx.db, { jobId: id, companyId: job.company_id, seq, data, last, leaseUntil: lease() }, quota);
    seq += 1;
  };
  try {
    for await (const piece of body) {
      size += piece.length;
      if (size > limit) throw uploadTooLarge(limit);
      let offset = 0;
      while (offset < piece.length) {
        const taken = Math.min(CHUNK_BYTES - filled, piece.length - offset);
        chunk.set(piece.subarray(offset, offset + taken), filled);
        filled += taken;
        offset += taken;
        if (filled === CHUNK_BYTES) {
          await store(chunk, false);
          chunk = Buffer.allocUnsafe(CHUNK_BYTES);
          filled = 0;
        }
      }
    }
    if (size === 0) throw validationError({ body: ['The file is empty.'] });
    const rest = chunk.subarray(0, filled);
    if (id === undefined) {
      if ((await pendingUploadBytes(ctx.db, job.company_id)) + size > quota) throw quotaExceeded(quota);
      return (await insertJob(ctx.db, { ...job, file_size: size }, rest)).id;
    }
    if (filled > 0) await store(rest, true);
    else
      await appendChunk(
        ctx.db,
        { jobId: id, companyId: job.company_id, seq, data: rest, last: true, leaseUntil: null },
        quota,
      );
    return id;
  } catch (error) {
    if (id !== undefined) await discardUpload(ctx.db, id);
    if (error instanceof ServiceError) throw error;
    // The client went away (or the connection broke) before the whole file arrived.
    throw new ServiceError('invalid', 'The upload was interrupted; nothing was kept.', { closeConnection: true });
  }
}

export async function createImport({
  ctx,
  auth,
  input,
  worker,
}: {
  ctx: AppContext;
  auth: AuthContext;
  input: CreateImportInput;
  worker: JobWorker;
}) {
  const scope = jobScope(ctx, auth);
  if (!ctx.modules.importKinds.includes(input.kind)) throw validationError({ kind: ['The selected kind is invalid.'] });
  const importer = ctx.modules.importer(input.kind);
  if (importer.platform && !auth.user.is_admin) throw new ServiceError('forbidden', CATALOGUE_OPERATORS_ONLY);
  // A platform kind's job belongs to no company: its quota and its list are the platform's.
  const companyId = importer.platform ? null : scope.companyId;
  if (input.body === undefined || input.body === null) throw validationError({ body: ['The file is empty.'] });
  if (!isStream(input.body)) {
    throw new ServiceError(
      'unsupported_type',
      'Send the file as the request body with Content-Type: application/octet-stream.',
    );
  }
  const options = importOptions(input);
  await checkOptions(ctx, importer, companyId, options);
  const declared = input.declaredSize ?? 0;
  if (declared > 0 && (await pendingUploadBytes(ctx.db, companyId)) + declared > ctx.limits.uploadQuotaBytes) {
    throw quotaExceeded(ctx.limits.uploadQuotaBytes);
  }
  const id = await storeUpload(
    ctx,
    {
      company_id: companyId,
      kind: input.kind,
      module: importer.module,
      file_name:
        input.file_name
          .replace(/[\\/]+/g, '/')
          .split('/')
          .pop() || input.file_name,
      file_size: 0,
      options: Object.keys(options).length > 0 ? JSON.stringify(options) : null,
      created_by: auth.user.id,
      created_at: ctx.clock.now(),
    },
    input.body,
  );
  worker.wake();
  const row = await findJob(ctx.db, scope, id);
  if (!row) throw new ServiceError('not_found', 'Import not found.');
  return { data: toImport(row) };
}

export async function listImports({
  ctx,
  auth,
  input,
}: {
  ctx: AppContext;
  auth: AuthContext;
  input: PageInput & { module?: string; status?: string; kind?: string };
}) {
  const { rows, meta } = await listJobRows(ctx.db, jobScope(ctx, auth), input);
  return { data: rows.map(toImport), meta };
}

/** Cancels a job the user may see (their company's; the platform's for an operator). */
export async function cancelJob({ ctx, auth, input }: { ctx: AppContext; auth: AuthContext; input: { id: number } }) {
  const scope = jobScope(ctx, auth);
  const visible = async (id: number) => {
    const job = await ctx.db.selectFrom('jobs').select('company_id').where('id', '=', id).executeTakeFirst();
    return job !== undefined && (job.company_id === scope.companyId || (job.company_id === null && scope.platform));
  };
  const status = await requestCancel(ctx.db, visible, input.id, ctx.clock.now());
  if (!status) throw new ServiceError('not_found', 'Job not found.');
  if (status === 'ended') throw new ServiceError('conflict', 'The job has already ended.');
  return { data: { id: input.id, status } };
}

export async function getImport({ ctx, auth, input }: { ctx: AppContext; auth: AuthContext; input: { id: number } }) {
  const row = await findJob(ctx.db, jobScope(ctx, auth), input.id);
  if (!row) throw new ServiceError('not_found', 'Import not found.');
  const [rejects, log] = await Promise.all([listRejects(ctx.db, row.id, 500), listLog(ctx.db, row.id)]);
  return {
    data: {
      ...toImport(row),
      rejects: rejects.map((r) => ({ file: r.file_path, line: r.line, reason: r.reason })),
      log: log.map((l) => ({ at: l.at.toISOString(), level: l.level, message: l.message })),
    },
  };
}
