// How a probe's result is compared and shown: its digest over a stable JSON (keys sorted, so equal
// results have equal digests whatever the order they were built in), and a one-line account of it
// for a run's diff and an asset's history.
import { createHash } from 'node:crypto';
import type { ProbeName } from './probe.types.js';

export function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

export const digestOf = (result: unknown) => createHash('sha256').update(stableJson(result)).digest('hex');

type Result = Record<string, unknown>;
const list = (value: unknown) => (Array.isArray(value) ? value.map(String) : []);

function dnsLine(r: Result): string {
  if (r.exists === false) return 'does not resolve (NXDOMAIN)';
  const parts = [
    ['A', list(r.a).join(', ')],
    ['AAAA', list(r.aaaa).join(', ')],
    ['CNAME', r.cname ? `${String(r.cname)}${r.dangling ? ' (dangling)' : ''}` : ''],
    ['MX', list(r.mx).join(', ')],
    ['NS', list(r.ns).join(', ')],
    ['SPF', list(r.spf).join(' | ')],
    ['DMARC', r.dmarc === null ? 'none' : String(r.dmarc ?? '')],
    ['DKIM', list(r.dkim).join(', ')],
    ['CAA', list(r.caa).join(', ')],
  ];
  return parts
    .filter(([, v]) => v !== '')
    .map(([k, v]) => `${k} ${v}`)
    .join('; ');
}

function httpLine(r: Result): string {
  const origins = (r.origins ?? []) as Result[];
  return origins
    .map((o) =>
      o.failed
        ? `${String(o.origin)} ${String(o.failed)}`
        : `${String(o.origin)} ${String(o.status)}${o.title ? ` "${String(o.title)}"` : ''}${o.final_url && o.final_url !== `${String(o.origin)}/` ? ` → ${String(o.final_url)}` : ''}`,
    )
    .join('; ');
}

function tlsLine(r: Result): string {
  const ports = (r.ports ?? []) as Result[];
  return ports
    .map((p) =>
      p.failed
        ? `${String(p.port)} ${String(p.failed)}`
        : `${String(p.port)} ${String(p.protocol)} ${String(p.subject)} by ${String(p.issuer)} until ${String(p.not_after).slice(0, 10)}`,
    )
    .join('; ');
}

/** One line (at most 500 characters) for a probe's result. */
export function summaryOf(probe: ProbeName, result: Result): string {
  const line =
    probe === 'dns'
      ? dnsLine(result)
      : probe === 'http'
        ? httpLine(result)
        : probe === 'tls'
          ? tlsLine(result)
          : list(result.open).length > 0
            ? `open: ${list(result.open).join(', ')}`
            : 'no open port';
  return (line === '' ? 'nothing' : line).slice(0, 500);
}
