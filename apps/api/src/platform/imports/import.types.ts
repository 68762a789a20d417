// What every importer is made of: a pure parser (text in, records or rejects out, each with its
// line) and a writer that stores one batch of records inside the caller's transaction.

import type { AppContext } from '../../app-context.js';
import type { Executor } from '../../db/database.js';
import type { ImportJobRow } from './imports.table.js';

/** One file of an upload (an archive's entries keep their relative paths), read as a stream. */
export interface SourceFile {
  path: string;
  /** The file's bytes in order; read once. */
  content: AsyncIterable<Uint8Array>;
  /** The job's progress (0 to 1) once `consumed` bytes of this file have been read. */
  progress(consumed: number): number;
}

/** The files of an upload; each call of `files()` reads them again from the start. */
export interface Upload {
  files(): AsyncIterable<SourceFile>;
}

export type ParsedItem<R> =
  | { kind: 'record'; record: R; file: string; line: number; progress: number }
  | { kind: 'reject'; file: string; line: number; reason: string; progress: number }
  /** A file recognised as its format's report of nothing found (a clean scan): the job succeeds with nothing, saying so. */
  | { kind: 'empty'; file: string; what: string; progress: number };

export interface WriteOutcome {
  added: number;
  updated: number;
  /** Records outside the company's scope (other domains): read, not stored. */
  ignored: number;
}

/** The company of a company import (every kind but the platform's catalogue kinds). */
export function companyOf(job: Pick<ImportJobRow, 'id' | 'company_id'>): number {
  if (job.company_id === null) throw new Error(`Import ${job.id} belongs to no company; its kind needs one.`);
  return job.company_id;
}

export interface WriteContext {
  ctx: AppContext;
  job: ImportJobRow;
  now: Date;
  /** When the records were seen, for formats without a date (the demo back-dates its files). */
  seenAt: Date;
}

/**
 * Two batches of one job writing at once (PostgreSQL, kinds with `overlaps`; ADR 0007): the batch
 * before this one may still be writing on another connection, and commits first.
 */
export interface Overlap {
  /** The keys (fingerprints) the batch before writes; rows of this batch with one of them wait for it. */
  before: ReadonlySet<string>;
  /** Names this batch's keys for the batch after it; called before the first write. */
  mine(keys: ReadonlySet<string>): void;
  /** Resolves once the batch before has committed or rolled back: a PostgreSQL lock, seen by its deadlock detector. */
  waitBefore(): Promise<void>;
}

export interface Importer<R, S = unknown> {
  kind: string;
  /** The module that registers it. */
  module: string;
  /**
   * The file name endings it reads ('.json', '.jsonl'), offered by the import dialog's file picker
   * (GET /imports/kinds). Each of them gzip-compressed is read too: the content decides, not the name.
   * Its name and format in the web are its module's messages `<module>.importers.<kind>.label` and
   * `.format` (import-kinds.ts).
   */
  files: readonly string[];
  /**
   * What the kind reads, in a few English words ("nuclei JSON lines (-jsonl) or a -json-export
   * array"): a job that read no record at all fails with "No records found: expected …".
   */
  expects?: string;
  /** What a record the writer did not keep is (`WriteOutcome.ignored`), for the job's log: default "records outside the company's domains". */
  ignoredAs?: string;
  /** Records per write transaction on PostgreSQL (default 500; PGlite takes a fifth, ADR 0009). */
  batchSize?: number;
  /** Shared reference data (the CVE catalogue): written by the platform only, its job belongs to no company. */
  platform?: boolean;
  /** Whether the kind reads archives (a folder zipped or tarred). */
  archives?: boolean;
  /**
   * How many jobs of the kind run at once across processes (a company kind: 8). One, for a kind
   * whose imports build on what the one before wrote: they run in the order they were queued.
   */
  concurrency?: number;
  /**
   * Checks the upload's options before anything is stored (an assets import's `supplier` must be one
   * of the company's suppliers): the problems by query field, or null. A kind without it takes no
   * supplier.
   */
  checkOptions?(
    db: Executor,
    companyId: number,
    options: Record<string, string>,
  ): Promise<Record<string, string[]> | null>;
  /** Loads what the writer needs once per job (the company's domains, the SLA policy…). */
  prepare(db: Executor, job: ImportJobRow, ctx: AppContext): Promise<S>;
  /** Reads the upload as a stream: memory bounded whatever the file (see import-lines, import-json). */
  parse(upload: Upload, options: Record<string, string>): AsyncIterable<ParsedItem<R>>;
  /**
   * Whether its writer may run two batches at once on PostgreSQL: it writes the rows it shares with
   * the batch before (`Overlap.before`) and its counter rows only after `waitBefore()`.
   */
  overlaps?: boolean;
  write(trx: Executor, context: WriteContext, state: S, records: R[], overlap?: Overlap): Promise<WriteOutcome>;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

const EARLIEST = Date.UTC(1970, 0, 1);
const AFTER_LATEST = Date.UTC(10000, 0, 1);

/**
 * The one date check of every importer: a real date from 1970 to 9999, else the reason its line is
 * rejected (PostgreSQL refuses year 0, and one such value used to fail its whole batch).
 */
export function checkDate(
  what: string,
  raw: string,
  date: Date | null,
): { ok: true; date: Date } | { ok: false; reason: string } {
  const shown = raw.length > 64 ? `${raw.slice(0, 64)}…` : raw;
  if (!date || Number.isNaN(date.getTime())) return { ok: false, reason: `${what} "${shown}" is not a date.` };
  const time = date.getTime();
  if (time < EARLIEST || time >= AFTER_LATEST) {
    return { ok: false, reason: `${what} "${shown}" is out of range (1970 to 9999).` };
  }
  return { ok: true, date };
}

/** A UTC date from its parts, or null when a part is out of its range (31 February, month 13). */
export function utcDate(year: number, month: number, day: number, hour = 0, minute = 0, second = 0): Date | null {
  const date = new Date(Date.UTC(2000, month - 1, day, hour, minute, second));
  date.setUTCFullYear(year, month - 1, day);
  const exact =
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day &&
    date.getUTCHours() === hour &&
    date.getUTCMinutes() === minute &&
    date.getUTCSeconds() === second;
  return exact ? date : null;
}

/** A `YYYY-MM-DD` day (HIBP, KEV, EPSS) checked like every other date. */
export function checkDay(what: string, raw: string): { ok: true; day: string } | { ok: false; reason: string } {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(raw);
  const date = match ? utcDate(Number(match[1]), Number(match[2]), Number(match[3])) : null;
  const checked = checkDate(what, raw, date);
  return checked.ok ? { ok: true, day: raw } : checked;
}

/** NUL as U+FFFD: common in raw dumps, and PostgreSQL text cannot hold it (one failed its batch). */
export function withoutNul(text: string): string {
  return text.includes('\0') ? text.replace(/\0/g, '\uFFFD') : text;
}

/** A parsed JSON value with withoutNul applied to every string in it, keys included (the same value when none holds NUL). */
export function jsonWithoutNul(value: unknown): unknown {
  if (typeof value === 'string') return withoutNul(value);
  if (value === null || typeof value !== 'object') return value;
  const entries = Object.entries(value);
  const cleaned = entries.map(([key, item]) => [withoutNul(key), jsonWithoutNul(item)] as const);
  if (cleaned.every(([key, item], i) => key === entries[i]?.[0] && item === entries[i]?.[1])) return value;
  return Array.isArray(value) ? cleaned.map(([, item]) => item) : Object.fromEntries(cleaned);
}

/** An importer as the module registry holds it. */
export type RegisteredImporter = Importer<unknown, unknown>;

/**
 * A module's importer, its record and state types inferred from its parser and writer. Erasing them
 * is safe: an importer's records only ever flow from its own parse to its own write.
 */
export function defineImporter<R, S>(importer: Importer<R, S>): RegisteredImporter {
  return importer as unknown as RegisteredImporter;
}
