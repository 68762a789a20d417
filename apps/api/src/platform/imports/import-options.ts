// What a job's import needs besides its importer: the options it was queued with, and how many
// records one write transaction takes.
import type { DatabaseKind } from '../../db/connect.js';
import type { RegisteredImporter } from './import.types.js';
import type { ImportJobRow } from './imports.table.js';

export function jobOptions(job: Pick<ImportJobRow, 'options'>): Record<string, string> {
  if (!job.options) return {};
  const parsed: unknown = JSON.parse(job.options);
  return typeof parsed === 'object' && parsed !== null
    ? Object.fromEntries(Object.entries(parsed).filter((e): e is [string, string] => typeof e[1] === 'string'))
    : {};
}

/** Records per write transaction unless the importer says otherwise. */
export const DEFAULT_BATCH = 500;

/**
 * Records per write transaction (NVD entries are large; combolist lines small). PGlite has one
 * connection: every request waits for the batch's statement, so its batches are a fifth (ADR 0009).
 */
export function batchSizeOf(importer: Pick<RegisteredImporter, 'batchSize'>, dbKind: DatabaseKind): number {
  const size = importer.batchSize ?? DEFAULT_BATCH;
  return dbKind === 'pglite' ? Math.max(1, Math.ceil(size / 5)) : size;
}
