// The line formats of the archives' imports, as the tools print them:
//  - waybackurls (tomnomnom, 2022): a URL per line; `-dates`: `<RFC 3339> <url>`; `-get-versions`:
//    `https://web.archive.org/web/<timestamp>if_/<url>`, read as a capture of <url> at <timestamp>;
//  - gau (lc/gau v2): a URL per line; `--json`: `{"url":"…"}` per line;
//  - the Wayback CDX server's plain text answer (default output, `output=txt`): space-separated
//    fields, `urlkey timestamp original mimetype statuscode digest length` unless `fl=` chose others.
import { checkDate } from '../../platform/imports/import.types.js';
import type { LineResult } from '../../platform/imports/import-records.js';
import { normaliseUrl } from './archive-url.js';
import type { ArchiveCapture } from './archives.writer.js';

/** `20240131235959` (CDX timestamps, 4 to 14 digits) as a UTC date, or null. */
export function cdxTimestamp(text: string): Date | null {
  if (!/^\d{4,14}$/.test(text)) return null;
  const d = text.padEnd(14, '0');
  const [y, mo, da, h, mi, s] = [0, 4, 6, 8, 10, 12].map((at, i) => Number(d.slice(at, at + (i === 0 ? 4 : 2))));
  const date = new Date(Date.UTC(y ?? 0, (mo || 1) - 1, da || 1, h, mi, s));
  return Number.isNaN(date.getTime()) || date.getUTCMonth() !== (mo || 1) - 1 ? null : date;
}

export function captureOf(raw: string, capturedAt: Date | null, status: number | null): LineResult<ArchiveCapture> {
  const normal = normaliseUrl(raw);
  return normal.ok ? { ok: true, record: { url: normal.url, capturedAt, status } } : normal;
}

/** A Wayback Machine snapshot link (`/web/<timestamp>[xx_]/<original>`): the original and when, or null. */
export function snapshotOf(text: string): { original: string; timestamp: string } | null {
  const match = /^https?:\/\/web\.archive\.org\/web\/(\d{4,14})(?:[a-z]{2}_)?\/(.+)$/i.exec(text);
  return match?.[1] && match[2] ? { timestamp: match[1], original: match[2] } : null;
}

function jsonUrl(text: string): LineResult<ArchiveCapture> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, reason: 'Not valid JSON (gau --json writes {"url": …} per line).' };
  }
  const url = typeof value === 'object' && value !== null && 'url' in value ? value.url : undefined;
  return typeof url === 'string' ? urlListLine(url) : { ok: false, reason: 'A JSON line without its "url".' };
}

const RFC3339 = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2}))\s+(\S+)$/;

/** One line of a gau / waybackurls list: a URL, a date-time and a URL, a snapshot link, or gau's JSON. */
export function urlListLine(text: string): LineResult<ArchiveCapture> {
  if (text.startsWith('{')) return jsonUrl(text);
  const dated = RFC3339.exec(text);
  if (dated?.[1] && dated[2]) {
    const date = checkDate('Date', dated[1], new Date(dated[1]));
    return date.ok ? captureOf(dated[2], date.date, null) : date;
  }
  if (/\s/.test(text)) return { ok: false, reason: 'Expected one URL per line.' };
  const snapshot = snapshotOf(text);
  if (snapshot) {
    const at = cdxTimestamp(snapshot.timestamp);
    if (!at) return { ok: false, reason: `Timestamp "${snapshot.timestamp}" is not a CDX timestamp.` };
    return captureOf(snapshot.original, at, null);
  }
  return captureOf(text, null, null);
}

const DEFAULT_FIELDS = 7;
const URLISH = /^(?:https?:\/\/|[a-z0-9-]+(?:\.[a-z0-9-]+)+(?::\d+)?(?:\/|$))/i;

/**
 * One line of the CDX server's text answer. Seven fields are the default order; other counts come
 * from `fl=` (the text answer names no fields): the original is the field that is a URL (a SURT
 * urlkey, `org,example)/`, is not), the timestamp a 14-digit field, the status a 3-digit one after it.
 */
export function cdxTextLine(text: string): LineResult<ArchiveCapture> {
  const cells = text.split(/\s+/);
  let original: string | undefined;
  let stamp: string | undefined;
  let code: string | undefined;
  if (cells.length === DEFAULT_FIELDS) [, stamp, original, , code] = cells;
  else {
    const at = cells.findIndex((c) => URLISH.test(c) && !c.includes(')'));
    original = at >= 0 ? cells[at] : undefined;
    stamp = cells.find((c) => /^\d{14}$/.test(c));
    code = cells.slice(at + 1).find((c) => /^[1-5]\d\d$/.test(c));
  }
  if (!original) return { ok: false, reason: `No URL among the fields of this CDX line (${cells.length} fields).` };
  const capturedAt = stamp ? cdxTimestamp(stamp) : null;
  if (stamp && !capturedAt) return { ok: false, reason: `Timestamp "${stamp.slice(0, 20)}" is not a CDX timestamp.` };
  const status = code && /^[1-5]\d\d$/.test(code) ? Number(code) : null;
  return captureOf(original, capturedAt, status);
}
