import type { Generated } from 'kysely';
import type { JobRow, JobsTable } from '../jobs/jobs.table.js';

/** An upload's bytes: CHUNK_BYTES per chunk (the last may be shorter), numbered from 0. */
export interface ImportFileChunksTable {
  job_id: number;
  seq: number;
  data: Buffer;
}

export interface ImportRejectsTable {
  id: Generated<number>;
  job_id: number;
  file_path: string;
  line: number;
  reason: string;
}

/** An import is a job (platform/jobs) of one of the import kinds. */
export type ImportJobsTable = JobsTable;
export type ImportJobRow = JobRow;
