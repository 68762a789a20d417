// What every channel adapter does with one delivery: send the alert (or a test) in the shape its
// receiver speaks and say how it went. The delivery job (channel-delivery.ts) logs the attempt and
// applies the webhook retry rules to the verdict (ADR 0017, ADR 0050).
import type { AppContext } from '../../../app-context.js';
import type { AlertDetails } from '../alert-payloads.js';
import type { AlertChannelRow, ChannelSettings } from '../channels.table.js';

export type Verdict = 'succeeded' | 'given_up' | 'retry';

export interface ChannelAttempt {
  verdict: Verdict;
  /** The HTTP status (null for syslog and when nothing answered). */
  code: number | null;
  /** Why it failed, in the receiver's words where it gave them. */
  error: string | null;
  latencyMs: number;
}

export interface ChannelSend {
  ctx: AppContext;
  channel: AlertChannelRow;
  settings: ChannelSettings;
  /** The opened credential (null for syslog). */
  credential: string | null;
  details: AlertDetails;
  /** null: a "send test". */
  alertId: number | null;
  /** The job's id: the same on every attempt of one delivery. */
  deliveryId: string;
  sentAt: Date;
}

export type ChannelAdapter = (send: ChannelSend) => Promise<ChannelAttempt>;

/** An HTTP status alone: 2xx succeeds; a 4xx but 408 and 429 gives up; the rest is tried again. */
export function verdictOf(code: number | null): Verdict {
  if (code !== null && code >= 200 && code < 300) return 'succeeded';
  if (code !== null && code >= 400 && code < 500 && code !== 408 && code !== 429) return 'given_up';
  return 'retry';
}

/** Parses a JSON answer, or undefined when it is not JSON. */
export function jsonOf(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    return undefined;
  }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** CVE ids named in a text (`CVE-2024-3094`), for SIEM fields that expect them. */
export function cvesOf(text: string): string[] {
  return [...new Set(text.toUpperCase().match(/CVE-\d{4}-\d{4,}/g) ?? [])];
}
