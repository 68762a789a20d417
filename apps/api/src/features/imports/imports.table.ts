import type { Generated, Selectable } from 'kysely';

export const importKinds = ['hibp', 'combolist', 'infostealer', 'nvd', 'kev', 'epss', 'nuclei'] as const;
export type ImportKind = (typeof importKinds)[number];
/** `uploading`: its file is still arriving; the job is neither claimed nor listed until it is queued. */
export type ImportStatus = 'uploading' | 'queued' | 'running' | 'succeeded' | 'failed';

/** An import job: the queue row itself (claimed with FOR UPDATE SKIP LOCKED, leased while running). */
export interface ImportJobsTable {
  id: Generated<number>;
  /** null: a platform job (the CVE catalogue), written by no company. */
  company_id: number | null;
  kind: ImportKind;
  module: string;
  status: Generated<ImportStatus>;
  file_name: string;
  file_size: number;
  options: string | null;
  progress: Generated<number>;
  read_count: Generated<number>;
  added_count: Generated<number>;
  updated_count: Generated<number>;
  rejected_count: Generated<number>;
  /** Parser items (records and rejects) already committed: a restarted job resumes after them. */
  checkpoint: Generated<number>;
  /** The checkpoint the current attempt started from (set by the claim; null before any). */
  attempt_checkpoint: number | null;
  error: string | null;
  attempts: Generated<number>;
  lease_expires_at: Date | null;
  is_demo: Generated<boolean>;
  created_by: number | null;
  created_at: Date;
  started_at: Date | null;
  finished_at: Date | null;
}

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

export interface ImportLogTable {
  id: Generated<number>;
  job_id: number;
  level: 'info' | 'warn' | 'error';
  message: string;
  at: Date;
}

export type ImportJobRow = Selectable<ImportJobsTable>;

/** A claimed job; `crashed` when its last attempt's process died before it committed anything. */
export type ClaimedJob = ImportJobRow & { crashed: boolean };
