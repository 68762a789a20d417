// How a page's security headers changed between two scans, and which changes weaken the page
// (PCI DSS 11.6.1: "security-impacting HTTP headers"): a Content-Security-Policy, HSTS,
// X-Frame-Options or CSP frame-ancestors removed, or loosened. Other headers' changes are recorded
// in the page's history without a finding.
import { SECURITY_HEADERS, type SecurityHeaders } from '../scanner/scan.types.js';

export interface HeaderChange {
  header: keyof SecurityHeaders;
  from: string | null;
  to: string | null;
  /** Removed or weakened: a finding of kind header_regression. */
  regression: boolean;
}

/** A CSP's directives by lower-case name, each a list of lower-case sources. */
function directives(policy: string | null): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of (policy ?? '').split(';')) {
    const [name, ...sources] = part.trim().toLowerCase().split(/\s+/);
    if (name && !map.has(name)) map.set(name, sources);
  }
  return map;
}

/** Sources that let any script run: present now and not before, they weaken the policy. */
const LOOSE_SCRIPT_SOURCES = ["'unsafe-inline'", "'unsafe-eval'", '*', 'data:', 'http:', 'https:', 'blob:'];

function cspWeakened(from: string, to: string): boolean {
  const before = directives(from);
  const after = directives(to);
  const scripts = (d: Map<string, string[]>) => d.get('script-src') ?? d.get('default-src');
  const scriptsBefore = scripts(before);
  const scriptsAfter = scripts(after);
  if (scriptsBefore && !scriptsAfter) return true;
  if (scriptsBefore && scriptsAfter) {
    const loosened = LOOSE_SCRIPT_SOURCES.some((s) => scriptsAfter.includes(s) && !scriptsBefore.includes(s));
    if (loosened) return true;
  }
  return framingWeakened(before.get('frame-ancestors'), after.get('frame-ancestors'));
}

function framingWeakened(before: string[] | undefined, after: string[] | undefined): boolean {
  if (!before) return false;
  if (!after) return true;
  return after.includes('*') && !before.includes('*');
}

function maxAge(hsts: string): number {
  const match = /max-age\s*=\s*"?(\d+)/i.exec(hsts);
  return match ? Number(match[1]) : 0;
}

function hstsWeakened(from: string, to: string): boolean {
  const sub = /includesubdomains/i;
  return maxAge(to) < maxAge(from) || (sub.test(from) && !sub.test(to));
}

/** X-Frame-Options from DENY to anything else, or from SAMEORIGIN to anything but DENY. */
function frameOptionsWeakened(from: string, to: string): boolean {
  const rank = (value: string) => ({ deny: 2, sameorigin: 1 })[value.trim().toLowerCase()] ?? 0;
  return rank(to) < rank(from);
}

function isRegression(header: keyof SecurityHeaders, from: string | null, to: string | null, next: SecurityHeaders) {
  if (from === null) return false;
  switch (header) {
    case 'content-security-policy':
      return to === null || cspWeakened(from, to);
    case 'strict-transport-security':
      return to === null || hstsWeakened(from, to);
    case 'x-frame-options': {
      // A CSP frame-ancestors directive now does the same job.
      if (to === null) return !directives(next['content-security-policy'] ?? null).has('frame-ancestors');
      return frameOptionsWeakened(from, to);
    }
    default:
      return false;
  }
}

/** The changes from the previous scan's headers to this scan's, in SECURITY_HEADERS order. */
export function headerChanges(previous: SecurityHeaders, next: SecurityHeaders): HeaderChange[] {
  return SECURITY_HEADERS.flatMap((header) => {
    const from = previous[header] ?? null;
    const to = next[header] ?? null;
    if (from === to) return [];
    return [{ header, from, to, regression: isRegression(header, from, to, next) }];
  });
}

/** The headers as the scan result has them, from a scan row's JSON (unknown names dropped). */
export function headersOf(json: string): SecurityHeaders {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return {};
  }
  if (typeof value !== 'object' || value === null) return {};
  const record = value as Record<string, unknown>;
  const headers: SecurityHeaders = {};
  for (const name of SECURITY_HEADERS) {
    const v = record[name];
    if (typeof v === 'string') headers[name] = v;
  }
  return headers;
}
