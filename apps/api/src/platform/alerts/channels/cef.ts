// ArcSight Common Event Format (CEF:0) and its syslog envelope. In the header `\` and `|` are
// escaped with a backslash and a line break cannot appear (replaced by a space); in extension values
// `\` and `=` are escaped, and line breaks are written `\n` / `\r` (the CEF specification's rules).
import type { Severity } from '../../findings/findings.table.js';

export function cefHeaderField(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/\|/g, '\\|')
    .replace(/\r\n|\r|\n/g, ' ');
}

export function cefExtensionValue(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/=/g, '\\=')
    .replace(/\r\n|\n/g, '\\n')
    .replace(/\r/g, '\\r');
}

/** CEF severity 0–10. */
export const cefSeverity: Record<Severity, number> = { critical: 10, high: 8, medium: 5, low: 3, info: 1 };
/** Syslog severity (RFC 5424): crit, err, warning, notice, info. */
const syslogSeverity: Record<Severity, number> = { critical: 2, high: 3, medium: 4, low: 5, info: 6 };
/** Facility 13, "log audit". */
const FACILITY = 13;

export interface CefEvent {
  signatureId: string;
  name: string;
  severity: Severity;
  /** Extension keys (CEF dictionary names) and values, in order. */
  extensions: [string, string | number][];
}

export function cefLine(version: string, event: CefEvent): string {
  const header = ['CEF:0', 'Vigil', 'Vigil', version, event.signatureId, event.name]
    .map((field, i) => (i === 0 ? field : cefHeaderField(field)))
    .join('|');
  const extensions = event.extensions.map(([key, value]) => `${key}=${cefExtensionValue(String(value))}`).join(' ');
  return `${header}|${cefSeverity[event.severity]}|${extensions}`;
}

/** An RFC 5424 syslog message carrying the CEF line (`<PRI>1 TIME HOST vigil - - - CEF:0|…`). */
export function syslogMessage(at: Date, host: string, severity: Severity, cef: string): string {
  return `<${FACILITY * 8 + syslogSeverity[severity]}>1 ${at.toISOString()} ${host} vigil - - - ${cef}`;
}

/** RFC 5425/6587 octet counting (`<byte length> <message>`) or a line feed after each message. */
export function frame(message: string, framing: 'octet_counting' | 'newline'): string {
  return framing === 'octet_counting' ? `${Buffer.byteLength(message)} ${message}` : `${message.replace(/\n/g, ' ')}\n`;
}
