// From what the browser saw to a ScanResult: the scripts (external ones by URL, inline ones by the
// hash of their text), who inserted each (DevTools initiator stacks, else the page's insertion
// reports), their party, the fields they read and the connections they made. Pure: the tests feed
// it observations directly. Connections are kept without query string or fragment (an exfiltrating
// skimmer puts the stolen data there) and only when a script made them or loaded a script.
import { createHash } from 'node:crypto';
import type { DestinationKind } from '../scripts/scripts.table.js';
import type { FieldAccess, ScannedConnection, ScannedScript, ScanRequest } from './scan.types.js';
import {
  Attribution,
  framesOf,
  framesOfDevtools,
  hostWithin,
  inlineRanges,
  withoutFragment,
} from './scan-attribution.js';

export const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');

/** The first bytes of a content, as text. */
export const capped = (bytes: Buffer, max: number) => bytes.subarray(0, max).toString('utf8');

export interface ExternalScript {
  url: string;
  sha256: string;
  size: number;
  content: string | null;
}

/** One report of the page instrumentation (page-instrument.ts), checked. */
export type PageReport =
  | { t: 'read'; field: FieldAccess; stack: string; frameUrl: string }
  | { t: 'insert'; src: string; integrity: boolean; text: string; stack: string; frameUrl: string }
  | { t: 'send'; kind: 'image' | 'form'; url: string; stack: string; frameUrl: string };

export interface NetworkRequest {
  url: string;
  /** DevTools resource type (Script, Fetch, XHR, Ping, Image, Document, WebSocket, …). */
  type: string;
  method: string;
  initiator: { type?: string; stack?: unknown } | undefined;
}

export interface Observations {
  documentUrl: string;
  /** The page's HTML as served (for the line ranges of its inline scripts). */
  html: string;
  externals: ExternalScript[];
  /** The text of each inline script found in the documents at the end. */
  inlineTexts: string[];
  /** Absolute URLs of script elements that carried an integrity attribute. */
  sriUrls: string[];
  requests: NetworkRequest[];
  reports: PageReport[];
}

export interface ResultLimits {
  maxScripts: number;
  maxConnections: number;
  maxContentBytes: number;
}

/** What only a script can ask for: kept even when its stack names no recorded script. */
const SCRIPTED = new Set<DestinationKind>(['fetch', 'xhr', 'beacon', 'websocket']);

const KINDS: Record<string, DestinationKind> = {
  Script: 'script',
  Fetch: 'fetch',
  XHR: 'xhr',
  Ping: 'beacon',
  Image: 'image',
  WebSocket: 'websocket',
};

const hostOf = (url: string): string | null => {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' ||
      parsed.protocol === 'https:' ||
      parsed.protocol === 'ws:' ||
      parsed.protocol === 'wss:'
      ? parsed.hostname.replace(/^\[|\]$/g, '')
      : null;
  } catch {
    return null;
  }
};

const resolveUrl = (url: string, base: string) => {
  try {
    return withoutFragment(new URL(url, base).href);
  } catch {
    return null;
  }
};

/** The scripts and connections of one scan. */
export function assembleResult(
  request: ScanRequest,
  seen: Observations,
  limits: ResultLimits,
): { scripts: ScannedScript[]; connections: ScannedConnection[] } {
  const scripts = new Map<string, ScannedScript>();
  const pageHost = hostOf(seen.documentUrl) ?? '';
  const firstParty = request.firstPartyDomains.length > 0 ? request.firstPartyDomains : [pageHost];
  const sri = new Set(seen.sriUrls.map(withoutFragment));
  for (const e of seen.externals) {
    const key = withoutFragment(e.url);
    if (scripts.has(key) || scripts.size >= limits.maxScripts) continue;
    scripts.set(key, {
      key,
      kind: 'external',
      url: key,
      host: hostOf(key),
      party: 'third',
      loadedBy: null,
      sha256: e.sha256,
      sri: sri.has(key),
      size: e.size,
      content: e.content === null ? null : capped(Buffer.from(e.content, 'utf8'), limits.maxContentBytes),
      reads: [],
    });
  }
  const inserts = seen.reports.filter((r) => r.t === 'insert');
  const inlineTexts = [...seen.inlineTexts, ...inserts.filter((r) => r.src === '').map((r) => r.text)];
  const inlineKeys: { key: string; text: string }[] = [];
  for (const text of inlineTexts) {
    if (text.trim() === '') continue;
    const bytes = Buffer.from(text, 'utf8');
    const key = `inline:${sha256(bytes)}`;
    inlineKeys.push({ key, text });
    if (scripts.has(key) || scripts.size >= limits.maxScripts) continue;
    scripts.set(key, {
      key,
      kind: 'inline',
      url: null,
      host: null,
      party: 'first',
      loadedBy: null,
      sha256: key.slice('inline:'.length),
      sri: false,
      size: bytes.length,
      content: capped(bytes, limits.maxContentBytes),
      reads: [],
    });
  }
  const external = new Set([...scripts.values()].filter((s) => s.kind === 'external').map((s) => s.key));
  const who = new Attribution(external, inlineRanges(seen.documentUrl, seen.html, inlineKeys));

  // Who inserted each script: the DevTools initiator of its request, else the insertion report.
  for (const r of seen.requests) {
    const script = scripts.get(withoutFragment(r.url));
    if (r.type !== 'Script' || !script || script.loadedBy || r.initiator?.type !== 'script') continue;
    script.loadedBy = who.innermost(framesOfDevtools(r.initiator.stack), script.key);
  }
  for (const r of inserts) {
    const key = r.src === '' ? `inline:${sha256(Buffer.from(r.text, 'utf8'))}` : resolveUrl(r.src, r.frameUrl);
    const script = key ? scripts.get(key) : undefined;
    if (script && !script.loadedBy) script.loadedBy = who.innermost(framesOf(r.stack), script.key);
  }
  const partyOf = (script: ScannedScript, depth = 0): ScannedScript['party'] => {
    if (script.host && hostWithin(script.host, firstParty)) return 'first';
    const parent = script.loadedBy ? scripts.get(script.loadedBy) : undefined;
    if (parent && depth < 20 && partyOf(parent, depth + 1) !== 'first') return 'fourth';
    return script.kind === 'inline' ? 'first' : 'third';
  };
  for (const script of scripts.values()) script.party = partyOf(script);

  for (const r of seen.reports) {
    if (r.t !== 'read') continue;
    for (const key of who.all(framesOf(r.stack))) {
      const script = scripts.get(key);
      if (script && !script.reads.includes(r.field)) script.reads.push(r.field);
    }
  }
  return { scripts: [...scripts.values()], connections: connectionsOf(seen, who, limits) };
}

function connectionsOf(seen: Observations, who: Attribution, limits: ResultLimits): ScannedConnection[] {
  const connections = new Map<string, ScannedConnection>();
  const add = (initiator: string | null, rawUrl: string, kind: DestinationKind) => {
    const host = hostOf(rawUrl);
    if (!host || connections.size >= limits.maxConnections) return;
    const parsed = new URL(rawUrl);
    const url = `${parsed.protocol}//${parsed.host}${parsed.pathname}`;
    const key = `${initiator}|${kind}|${url}`;
    if (!connections.has(key)) connections.set(key, { initiator, host, url, kind });
  };
  for (const r of seen.requests) {
    const byScript = r.initiator?.type === 'script' ? who.innermost(framesOfDevtools(r.initiator.stack)) : null;
    const kind = KINDS[r.type] ?? (r.type === 'Document' && r.method === 'POST' ? 'form' : 'other');
    if (byScript || kind === 'script' || SCRIPTED.has(kind)) add(byScript, r.url, kind);
  }
  for (const r of seen.reports) {
    if (r.t !== 'send') continue;
    const url = resolveUrl(r.url, r.frameUrl);
    if (url) add(who.innermost(framesOf(r.stack)), url, r.kind);
  }
  return [...connections.values()];
}
