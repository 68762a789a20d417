// Logger settings: no password, token, code or cookie ever reaches the logs. Bodies are not
// logged at all; headers that carry secrets are redacted; URLs that carry tokens are masked.
import type { FastifyRequest } from 'fastify';

const secretQuery = /([?&](?:token|temp_token|redirect_key|code|state|session_state)=)[^&#]*/gi;
const secretPath = [/^(\/api\/verify-email\/)[^/?#]+/i, /^(\/api\/confirm-registration\/[^/]+\/)[^/?#]+/i];

/** The URL with every token in its path or query replaced by `***`. */
export function maskUrl(url: string): string {
  let masked = url.replace(secretQuery, '$1***');
  for (const pattern of secretPath) masked = masked.replace(pattern, '$1***');
  return masked;
}

export const redactPaths = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-xsrf-token"]',
  'res.headers["set-cookie"]',
  '*.password',
  '*.password_confirmation',
  '*.token',
  '*.access_token',
  '*.temp_token',
  '*.redirect_key',
  '*.code',
];

export function loggerOptions(level: string, stream?: NodeJS.WritableStream) {
  return {
    level,
    redact: { paths: redactPaths, censor: '***' },
    serializers: {
      req(request: FastifyRequest) {
        return { method: request.method, url: maskUrl(request.url), remoteAddress: request.ip };
      },
    },
    ...(stream ? { stream } : {}),
  };
}
