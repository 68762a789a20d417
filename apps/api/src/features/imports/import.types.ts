// What every importer is made of: a pure parser (text in, records or rejects out, each with its
// line) and a writer that stores one batch of records inside the caller's transaction.
import type { Executor } from '../../db/database.js';
import type { AppContext } from '../../shared/context.js';
import type { Module } from '../findings/findings.table.js';
import type { ImportJobRow, ImportKind } from './imports.table.js';

/** One file of an import (an archive's entries keep their relative paths). */
export interface SourceFile {
  path: string;
  text: string;
}

export type ParsedItem<R> =
  | { kind: 'record'; record: R; file: string; line: number; progress: number }
  | { kind: 'reject'; file: string; line: number; reason: string; progress: number };

export interface WriteOutcome {
  added: number;
  updated: number;
  /** Records outside the company's scope (other domains): read, not stored. */
  ignored: number;
}

export interface WriteContext {
  ctx: AppContext;
  job: ImportJobRow;
  now: Date;
  /** When the records were seen, for formats without a date (the demo back-dates its files). */
  seenAt: Date;
}

export interface Importer<R, S = unknown> {
  kind: ImportKind;
  module: Module;
  /** Whether the kind reads archives (a folder zipped or tarred). */
  archives?: boolean;
  /** Loads what the writer needs once per job (the company's domains, the SLA policy…). */
  prepare(db: Executor, job: ImportJobRow, ctx: AppContext): Promise<S>;
  parse(files: SourceFile[], options: Record<string, string>): Iterable<ParsedItem<R>>;
  write(trx: Executor, context: WriteContext, state: S, records: R[]): Promise<WriteOutcome>;
}

/** A pure generator over lines: 1-based numbers, CR stripped, with the share of text read. */
export function* linesOf(text: string): Generator<{ line: number; text: string; progress: number }> {
  let start = 0;
  let line = 0;
  const total = Math.max(1, text.length);
  while (start <= text.length) {
    let end = text.indexOf('\n', start);
    if (end === -1) end = text.length;
    line += 1;
    const raw = text.slice(start, end);
    const clean = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    if (!(end === text.length && clean === '' && line > 1)) yield { line, text: clean, progress: end / total };
    start = end + 1;
  }
}

/** JSON.parse that reports the problem instead of throwing. */
export function parseJson(text: string): { ok: true; value: unknown } | { ok: false; reason: string } {
  try {
    return { ok: true, value: JSON.parse(text.replace(/^\uFEFF/, '')) };
  } catch (error) {
    return { ok: false, reason: `Not valid JSON: ${error instanceof Error ? error.message : String(error)}` };
  }
}

/**
 * The `vulnerabilities` array of a JSON file (an NVD page and the KEV catalogue both hold one), or
 * the file-level reject (line 0) that says why the file is refused.
 */
export function vulnerabilitiesOf(
  file: SourceFile,
  what: string,
): { ok: true; list: unknown[] } | { ok: false; reject: ParsedItem<never> } {
  const parsed = parseJson(file.text);
  const list = parsed.ok && isRecord(parsed.value) ? parsed.value.vulnerabilities : undefined;
  if (Array.isArray(list)) return { ok: true, list };
  const reason = parsed.ok ? `Not ${what} (no vulnerabilities array).` : parsed.reason;
  return { ok: false, reject: { kind: 'reject', file: file.path, line: 0, reason, progress: 1 } };
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
