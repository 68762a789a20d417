// The mentions feed (import kind `mentions-jsonl`, docs/mentions-feed.md): one JSON object per
// line, read as a stream. A line that is not a mention is rejected with its number and the reason
// (the first field at fault); the others are kept. Unknown fields are ignored, so a feed may carry
// more than Vigil reads. Limits: a line of 256 KiB, a text of 20,000 characters.
import { createHash } from 'node:crypto';
import { checkDate, isRecord, jsonWithoutNul } from '../../platform/imports/import.types.js';
import type { LineResult } from '../../platform/imports/import-records.js';
import { DAY } from '../../shared/clock.js';
import { foldWord } from '../../shared/text-match.js';
import { type MentionSourceType, mentionSourceTypes } from './mentions.table.js';

export const FEED_LIMITS = {
  lineBytes: 256 * 1024,
  text: 20_000,
  title: 500,
  sourceName: 200,
  actor: 200,
  url: 2048,
  archiveRef: 500,
} as const;

export interface MentionRecord {
  sourceType: MentionSourceType;
  sourceName: string;
  actor: string | null;
  postedAt: Date;
  title: string | null;
  body: string;
  url: string | null;
  archiveRef: string | null;
  /** SHA-256 of source type, source, actor, title and text (case and spacing ignored): its identity. */
  hash: string;
}

type Field = { ok: true; value: string | null } | { ok: false; reason: string };

/** An optional (or required) string field, trimmed, at most `max` characters. */
function stringField(line: Record<string, unknown>, name: string, max: number, required = false): Field {
  const raw = line[name];
  if (raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === '')) {
    return required ? { ok: false, reason: `"${name}" is required.` } : { ok: true, value: null };
  }
  if (typeof raw !== 'string') return { ok: false, reason: `"${name}" must be a string.` };
  const value = raw.trim();
  if (value.length > max) return { ok: false, reason: `"${name}" is longer than ${max} characters.` };
  return { ok: true, value };
}

const DATE_TIME = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2}))?$/i;

function postedAt(raw: unknown, now: number): { ok: true; date: Date } | { ok: false; reason: string } {
  if (typeof raw !== 'string' || raw.trim() === '') return { ok: false, reason: '"posted_at" is required.' };
  const text = raw.trim();
  if (!DATE_TIME.test(text)) {
    return {
      ok: false,
      reason: '"posted_at" must be an ISO 8601 date-time with its offset, e.g. 2026-11-20T14:03:00Z.',
    };
  }
  const checked = checkDate('"posted_at"', text, new Date(text.length === 10 ? `${text}T00:00:00Z` : text));
  if (!checked.ok) return checked;
  if (checked.date.getTime() > now + DAY) return { ok: false, reason: `"posted_at" "${text}" is in the future.` };
  return checked;
}

function urlOf(value: string | null): Field {
  if (value === null) return { ok: true, value };
  try {
    const url = new URL(value);
    if (url.protocol === 'http:' || url.protocol === 'https:') return { ok: true, value: url.href };
  } catch {
    // reported below
  }
  return { ok: false, reason: '"url" must be an http or https URL.' };
}

const spaced = (text: string) => text.replace(/\s+/g, ' ').trim();

export function contentHash(r: Omit<MentionRecord, 'hash' | 'postedAt' | 'url' | 'archiveRef'>): string {
  const parts = [r.sourceType, foldWord(r.sourceName), foldWord(r.actor ?? ''), spaced(r.title ?? ''), spaced(r.body)];
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex');
}

/** One line of the feed: the mention, or why the line is rejected. */
export function mentionLine(text: string, now = Date.now()): LineResult<MentionRecord> {
  let value: unknown;
  try {
    value = jsonWithoutNul(JSON.parse(text));
  } catch {
    return { ok: false, reason: 'Not valid JSON (one object per line).' };
  }
  if (!isRecord(value)) return { ok: false, reason: 'Expected a JSON object per line.' };
  return mentionOf(value, now);
}

/** One mention in the feed's fields (a line, or a post another format was mapped to). */
export function mentionOf(value: Record<string, unknown>, now = Date.now()): LineResult<MentionRecord> {
  const sourceType = mentionSourceTypes.find((s) => s === value.source_type);
  if (!sourceType) return { ok: false, reason: `"source_type" must be one of ${mentionSourceTypes.join(', ')}.` };
  const fields = {
    sourceName: stringField(value, 'source_name', FEED_LIMITS.sourceName, true),
    actor: stringField(value, 'actor', FEED_LIMITS.actor),
    title: stringField(value, 'title', FEED_LIMITS.title),
    body: stringField(value, 'text', FEED_LIMITS.text, true),
    url: stringField(value, 'url', FEED_LIMITS.url),
    archiveRef: stringField(value, 'archive_ref', FEED_LIMITS.archiveRef),
  };
  for (const field of Object.values(fields)) if (!field.ok) return field;
  const date = postedAt(value.posted_at, now);
  if (!date.ok) return date;
  const url = fields.url.ok ? urlOf(fields.url.value) : fields.url;
  if (!url.ok) return url;
  const get = (f: Field) => (f.ok ? f.value : null);
  const archiveRef = get(fields.archiveRef);
  if (url.value === null && archiveRef === null) return { ok: false, reason: 'Give "url" or "archive_ref" (or both).' };
  const record = {
    sourceType,
    sourceName: get(fields.sourceName) ?? '',
    actor: get(fields.actor),
    title: get(fields.title),
    body: get(fields.body) ?? '',
  };
  return {
    ok: true,
    record: { ...record, postedAt: date.date, url: url.value, archiveRef, hash: contentHash(record) },
  };
}
