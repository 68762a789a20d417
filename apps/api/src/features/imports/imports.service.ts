import type { AppContext } from '../../shared/context.js';
import { HttpError, validationError } from '../../shared/http-error.js';
import { requireScope } from '../../shared/tenant.js';
import { iso, type PageInput } from '../findings/findings.query.js';
import type { AuthContext } from '../session/session.service.js';
import { importerOf } from './import-registry.js';
import type { ImportWorker } from './import-worker.js';
import { findJob, insertJob, listJobRows, listLog, listRejects } from './imports.repository.js';
import { type ImportKind, importKinds } from './imports.table.js';

type JobRow = NonNullable<Awaited<ReturnType<typeof findJob>>>;

export function toImport(row: JobRow) {
  return {
    id: row.id,
    kind: row.kind,
    module: row.module,
    status: row.status,
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

export interface CreateImportInput {
  kind: ImportKind;
  file_name: string;
  domain?: string | undefined;
  body: unknown;
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
  worker: ImportWorker;
}) {
  const scope = requireScope(auth.scope);
  if (!importKinds.includes(input.kind)) throw validationError({ kind: ['The selected kind is invalid.'] });
  if (input.body === undefined || input.body === null || (Buffer.isBuffer(input.body) && input.body.length === 0)) {
    throw validationError({ body: ['The file is empty.'] });
  }
  if (!Buffer.isBuffer(input.body)) {
    throw new HttpError(415, 'Send the file as the request body with Content-Type: application/octet-stream.');
  }
  const now = ctx.clock.now();
  const job = await insertJob(
    ctx.db,
    {
      company_id: scope.companyId,
      kind: input.kind,
      module: importerOf(input.kind).module,
      file_name:
        input.file_name
          .replace(/[\\/]+/g, '/')
          .split('/')
          .pop() || input.file_name,
      file_size: input.body.length,
      options: input.domain ? JSON.stringify({ domain: input.domain.trim().toLowerCase() }) : null,
      created_by: auth.user.id,
      created_at: now,
    },
    input.body,
  );
  worker.wake();
  const row = await findJob(ctx.db, scope, job.id);
  if (!row) throw new HttpError(404, 'Import not found.');
  return { data: toImport(row) };
}

export async function listImports({
  ctx,
  auth,
  input,
}: {
  ctx: AppContext;
  auth: AuthContext;
  input: PageInput & { module?: string; status?: string };
}) {
  const { rows, meta } = await listJobRows(ctx.db, requireScope(auth.scope), input);
  return { data: rows.map(toImport), meta };
}

export async function getImport({ ctx, auth, input }: { ctx: AppContext; auth: AuthContext; input: { id: number } }) {
  const scope = requireScope(auth.scope);
  const row = await findJob(ctx.db, scope, input.id);
  if (!row) throw new HttpError(404, 'Import not found.');
  const [rejects, log] = await Promise.all([listRejects(ctx.db, row.id, 500), listLog(ctx.db, row.id)]);
  return {
    data: {
      ...toImport(row),
      rejects: rejects.map((r) => ({ file: r.file_path, line: r.line, reason: r.reason })),
      log: log.map((l) => ({ at: l.at.toISOString(), level: l.level, message: l.message })),
    },
  };
}
