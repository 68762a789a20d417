// A blacklist entry's value in its one normal form, so the same indicator from two lists is one
// row and matching is a lookup: a host lower-case ASCII without the final dot (an IP as written),
// a URL without its fragment, a SHA-256 as lower-case hex (an SRI `sha256-<base64>` converted).
// The kind, when a list does not say, is read from the value's form.
import { isIP } from 'node:net';
import { normalHostName } from '../../../shared/host-name.js';
import { type BlacklistKind, blacklistKinds } from '../scripts/scripts.table.js';

export type Normalised = { ok: true; kind: BlacklistKind; value: string } | { ok: false; reason: string };

const shown = (raw: string) => (raw.length > 80 ? `${raw.slice(0, 80)}…` : raw);

export function inferKind(raw: string): BlacklistKind {
  const text = raw.trim();
  if (/^[0-9a-f]{64}$/i.test(text) || /^sha256-[A-Za-z0-9+/]{43}=$/.test(text)) return 'sha256';
  return text.includes('://') ? 'url' : 'host';
}

function host(raw: string): Normalised {
  const bare = raw.trim().replace(/^\[(.*)\]$/, '$1');
  if (isIP(bare) !== 0) return { ok: true, kind: 'host', value: bare.toLowerCase() };
  const name = normalHostName(raw);
  return name ? { ok: true, kind: 'host', value: name } : { ok: false, reason: `"${shown(raw)}" is not a host name.` };
}

function url(raw: string): Normalised {
  const refused: Normalised = { ok: false, reason: `"${shown(raw)}" is not an http(s) or ws(s) URL.` };
  try {
    const parsed = new URL(raw.trim());
    if (!['http:', 'https:', 'ws:', 'wss:'].includes(parsed.protocol) || parsed.hostname === '') return refused;
    parsed.hash = '';
    if (parsed.href.length > 2048) return { ok: false, reason: 'A URL of at most 2048 characters.' };
    return { ok: true, kind: 'url', value: parsed.href };
  } catch {
    return refused;
  }
}

function sha256(raw: string): Normalised {
  const text = raw.trim();
  if (/^[0-9a-f]{64}$/i.test(text)) return { ok: true, kind: 'sha256', value: text.toLowerCase() };
  if (/^sha256-[A-Za-z0-9+/]{43}=$/.test(text)) {
    return { ok: true, kind: 'sha256', value: Buffer.from(text.slice(7), 'base64').toString('hex') };
  }
  return { ok: false, reason: `"${shown(raw)}" is not a SHA-256 (64 hex digits or sha256-<base64>).` };
}

/** The entry's kind (given, or inferred when absent or empty) and normal value, or the reason it is refused. */
export function normaliseEntry(kindText: string | undefined, raw: string): Normalised {
  if (raw.trim() === '') return { ok: false, reason: 'Missing value.' };
  const given = kindText?.trim().toLowerCase() ?? '';
  if (given !== '' && !(blacklistKinds as readonly string[]).includes(given)) {
    return { ok: false, reason: `Unknown kind "${shown(given)}" (one of ${blacklistKinds.join(', ')}).` };
  }
  const kind = given === '' ? inferKind(raw) : (given as BlacklistKind);
  return kind === 'host' ? host(raw) : kind === 'url' ? url(raw) : sha256(raw);
}

/** The host and each parent domain of it, longest first (`a.b.example` → a.b.example, b.example, example). */
export function hostAndParents(hostName: string): string[] {
  const name = hostName.toLowerCase().replace(/\.$/, '');
  if (isIP(name) !== 0) return [name];
  const labels = name.split('.');
  return labels.map((_, i) => labels.slice(i).join('.')).filter((h) => h !== '');
}
