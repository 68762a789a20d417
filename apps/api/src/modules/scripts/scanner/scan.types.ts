// What one headless-browser scan of a page records: the contract between the scanner (which drives
// Chromium and knows nothing of the database) and the scan writer (which diffs it with the previous
// scan, runs the rules and the blacklist over it and writes findings). Pure data, JSON-serialisable,
// so a scanner in another process can send it.

/** One step that walks from the loaded page towards checkout (a store page's `steps`). */
export type ScanStep =
  | { action: 'click'; selector: string }
  | { action: 'fill'; selector: string; value: string }
  | { action: 'goto'; url: string }
  | { action: 'wait'; ms: number };

export interface ScanRequest {
  url: string;
  steps: ScanStep[];
  /** The store's own domains: a script from one of them (or a subdomain) is first party. */
  firstPartyDomains: string[];
}

export type FieldAccess = 'card' | 'personal';

export interface ScannedScript {
  /** The URL without its fragment, or `inline:<sha256>`. */
  key: string;
  kind: 'external' | 'inline';
  url: string | null;
  host: string | null;
  party: 'first' | 'third' | 'fourth';
  /** The key of the script that inserted this one; null when the page's HTML did. */
  loadedBy: string | null;
  sha256: string;
  /** An `integrity` attribute was present on the element that loaded it. */
  sri: boolean;
  size: number;
  /** The content, when it was read (capped; rules run over it). */
  content: string | null;
  /** Which kinds of form fields it read (instrumented in the page). */
  reads: FieldAccess[];
}

export interface ScannedConnection {
  /** The key of the script that made it, when it could be attributed. */
  initiator: string | null;
  host: string;
  url: string;
  kind: 'script' | 'fetch' | 'xhr' | 'websocket' | 'beacon' | 'image' | 'form' | 'other';
}

/** The security-relevant headers a scan records (PCI DSS 11.6.1), in the order they are compared and shown. */
export const SECURITY_HEADERS = [
  'content-security-policy',
  'content-security-policy-report-only',
  'strict-transport-security',
  'x-frame-options',
  'referrer-policy',
  'permissions-policy',
  'x-content-type-options',
] as const;

/** The security-relevant headers of the page's own response, lower-case names, absent when not sent. */
export interface SecurityHeaders {
  'content-security-policy'?: string;
  'content-security-policy-report-only'?: string;
  'strict-transport-security'?: string;
  'x-frame-options'?: string;
  'referrer-policy'?: string;
  'permissions-policy'?: string;
  'x-content-type-options'?: string;
}

export interface ScanResult {
  finalUrl: string;
  status: number | null;
  headers: SecurityHeaders;
  scripts: ScannedScript[];
  connections: ScannedConnection[];
  durationMs: number;
}
