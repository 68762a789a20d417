// The query of a TAXII objects/manifest request (TAXII 2.1, 3.4): added_after, limit, next and the
// match[...] filters, checked here so that bad input is a 400 and never reaches SQL.
import { ServiceError } from '../../shared/service-error.js';

export const DEFAULT_LIMIT = 100;
export const MAX_LIMIT = 1000;

/** Where the previous page ended: the last object examined, as (date added, row key, index in row). */
export interface Cursor {
  at: Date;
  key: number | string;
  index: number;
}

export interface ObjectsQuery {
  addedAfter: Date | null;
  limit: number;
  next: Cursor | null;
  ids: string[] | null;
  types: string[] | null;
  versions: string[];
  specVersions: string[] | null;
}

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z$/;
const STIX_ID = /^[a-z][a-z0-9-]+--[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const STIX_TYPE = /^[a-z][a-z0-9-]{1,249}$/;

function invalid(description: string): ServiceError {
  return new ServiceError('invalid', { message: description });
}

function single(query: Record<string, unknown>, name: string): string | undefined {
  const value = query[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw invalid(`${name} is given more than once.`);
  return value;
}

/** A TAXII timestamp, or 400. */
export function parseTimestamp(value: string, name: string): Date {
  const at = TIMESTAMP.test(value) ? new Date(value) : new Date(Number.NaN);
  if (Number.isNaN(at.getTime())) throw invalid(`${name} must be a UTC timestamp such as 2026-01-31T12:00:00.000Z.`);
  return at;
}

/** A comma-separated match[...] filter, each value checked by `valid`. */
function list(query: Record<string, unknown>, name: string, valid: (v: string) => boolean): string[] | null {
  const raw = single(query, name);
  if (raw === undefined) return null;
  const values = raw.split(',').map((v) => v.trim());
  if (values.length > 100 || values.some((v) => !valid(v))) throw invalid(`${name} has a value it cannot be.`);
  return values;
}

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.at.toISOString(), cursor.key, cursor.index])).toString('base64url');
}

export function decodeCursor(value: string): Cursor {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
    if (Array.isArray(parsed) && parsed.length === 3) {
      const [at, key, index] = parsed;
      const valid =
        typeof at === 'string' &&
        (typeof key === 'string' || Number.isSafeInteger(key)) &&
        Number.isSafeInteger(index) &&
        index >= 0;
      if (valid) return { at: parseTimestamp(at, 'next'), key, index };
    }
  } catch {
    // Not ours: refused below.
  }
  throw invalid('next is not a value this server gave.');
}

export function parseObjectsQuery(query: Record<string, unknown>): ObjectsQuery {
  const addedAfter = single(query, 'added_after');
  const limitText = single(query, 'limit');
  const next = single(query, 'next');
  let limit = DEFAULT_LIMIT;
  if (limitText !== undefined) {
    limit = /^\d{1,7}$/.test(limitText) ? Number(limitText) : 0;
    if (limit < 1) throw invalid(`limit must be a whole number from 1 to ${MAX_LIMIT}.`);
    // TAXII lets the server answer fewer than asked: a larger limit is served MAX_LIMIT at a time.
    limit = Math.min(limit, MAX_LIMIT);
  }
  const versions = list(query, 'match[version]', (v) => ['first', 'last', 'all'].includes(v) || TIMESTAMP.test(v));
  return {
    addedAfter: addedAfter === undefined ? null : parseTimestamp(addedAfter, 'added_after'),
    limit,
    next: next === undefined ? null : decodeCursor(next),
    ids: list(query, 'match[id]', (v) => STIX_ID.test(v)),
    types: list(query, 'match[type]', (v) => STIX_TYPE.test(v)),
    versions: versions ?? ['last'],
    specVersions: list(query, 'match[spec_version]', (v) => /^\d\.\d$/.test(v)),
  };
}
