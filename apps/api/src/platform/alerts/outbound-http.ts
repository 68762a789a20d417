// One outbound HTTP request of a delivery (webhooks and the SIEM/ticket channels) to the address
// that was checked (webhook-target.ts): the URL's host name still names it for TLS and Host, and no
// second lookup happens (no DNS rebinding). The answer's body is kept, up to 64 KiB, for the
// channels that read it (Splunk's `code`, Elasticsearch's bulk items, Jira's issue key).
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import type { ResolvedTarget } from './webhook-target.js';

export const TIMEOUT_MS = 10_000;
const BODY_LIMIT = 64 * 1024;

export interface Answer {
  code: number | null;
  error: string | null;
  latencyMs: number;
  /** The answer's body (utf-8, cut at 64 KiB); empty without an answer. */
  body: string;
}

export function send(
  target: ResolvedTarget,
  body: string,
  headers: Record<string, string>,
  method: 'POST' | 'GET' = 'POST',
): Promise<Answer> {
  const { url, address, family } = target;
  const started = performance.now();
  const pinned: LookupFunction = (_host, options, callback) => {
    if (options.all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  };
  return new Promise<Answer>((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const done = (code: number | null, error: string | null) =>
      resolve({
        code,
        error,
        latencyMs: Math.round(performance.now() - started),
        body: Buffer.concat(chunks).toString('utf8'),
      });
    const request = (url.protocol === 'https:' ? https : http).request(url, {
      method,
      lookup: pinned,
      timeout: TIMEOUT_MS,
      headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
    });
    request.on('response', (response) => {
      response.on('data', (chunk: Buffer) => {
        if (size < BODY_LIMIT) chunks.push(chunk.subarray(0, BODY_LIMIT - size));
        size += chunk.length;
      });
      response.on('end', () => done(response.statusCode ?? null, null));
      response.on('error', (error) => done(response.statusCode ?? null, error.message));
    });
    request.on('timeout', () => request.destroy(new Error(`No answer within ${TIMEOUT_MS / 1000} s.`)));
    request.on('error', (error) => done(null, error.message));
    request.end(body);
  });
}
