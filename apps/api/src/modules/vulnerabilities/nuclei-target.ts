// Which target a nuclei result is about. nuclei 2.x wrote `host` (the input as given, often a
// URL) and `matched`/`matched-at`; nuclei 3.x may write no `host` at all, only `url`,
// `matched-at`, `ip`, `port` and `scheme`: the host then comes from those, scheme and port kept.
import { text } from '../../platform/imports/import.types.js';

/** Bounds of the identity fields (a result line may be 16 MiB now: these are not evidence to cut). */
export const HOST_CHARS = 2048;
export const MATCHED_CHARS = 8192;

export interface Target {
  host: string;
  matchedAt: string;
}

const SCHEME = /^[a-z][a-z0-9+.-]*:\/\//i;

/** A URL with a host; nuclei 3.x javascript templates write `url` as `/http://host/` (slash dropped). */
function urlOf(raw: string): URL | null {
  const cleaned = raw.replace(/^\/+(?=[a-z][a-z0-9+.-]*:\/\/)/i, '');
  if (!SCHEME.test(cleaned)) return null;
  try {
    const url = new URL(cleaned);
    return url.hostname ? url : null;
  } catch {
    return null;
  }
}

/** `scheme://host[:port]` of a URL (the default port implied), else `host[:port]` as written. */
function hostOf(raw: string): string {
  const url = urlOf(raw);
  if (url) return `${url.protocol}//${url.host}`;
  return raw.split('/')[0] ?? raw;
}

function portOf(value: unknown): string | undefined {
  if (typeof value === 'number' && Number.isInteger(value) && value > 0 && value < 65536) return String(value);
  const port = text(value);
  return port && /^\d{1,5}$/.test(port) ? port : undefined;
}

/** The target of a result, or the reason it has none (or one too long to be a target). */
export function targetOf(value: Record<string, unknown>): { ok: true; target: Target } | { ok: false; reason: string } {
  const url = text(value.url);
  const cleanUrl = url ? (urlOf(url)?.href ?? url) : undefined;
  const matched = text(value['matched-at']) ?? text(value.matched);
  const ip = text(value.ip);
  const port = portOf(value.port);
  const host =
    text(value.host) ??
    (url && urlOf(url) ? hostOf(url) : undefined) ??
    (matched ? hostOf(matched) : undefined) ??
    (ip ? (port ? `${ip}:${port}` : ip) : undefined);
  if (!host) return { ok: false, reason: 'no target: none of host, url, matched-at or ip.' };
  if (host.length > HOST_CHARS) return { ok: false, reason: `host longer than ${HOST_CHARS} characters.` };
  const matchedAt = matched ?? cleanUrl ?? host;
  if (matchedAt.length > MATCHED_CHARS) {
    return { ok: false, reason: `matched-at longer than ${MATCHED_CHARS} characters.` };
  }
  return { ok: true, target: { host, matchedAt } };
}
