// Logger settings: no password, token, code or cookie ever reaches the logs. Bodies are not
// logged at all; headers that carry secrets are redacted; URLs that carry tokens are masked.
import type { FastifyRequest } from 'fastify';

// `secret`: a Jira channel's inbound webhook secret (ADR 0050).
const secretParams = new Set(['token', 'temp_token', 'redirect_key', 'code', 'state', 'session_state', 'secret']);
// The e-mailed links' pages (/verify-email/{token}, /confirm-registration/{id}/{token}) and their
// /api calls: everything after the prefix is masked.
const secretPaths = [/(\/verify-email\/).+/i, /(\/confirm-registration\/[^/]*\/?).+/i];

/** The URL with every token in its path or query replaced by `***`, judged on decoded text. */
export function maskUrl(url: string): string {
  const cut = url.search(/[?#]/);
  if (cut < 0) return maskPath(url);
  return maskPath(url.slice(0, cut)) + maskQuery(url.slice(cut));
}

// The router and the browser decode escapes (/%76erify-email/… is a page too): match decoded text.
function maskPath(path: string): string {
  const decoded = decode(path);
  const pattern = secretPaths.find((secret) => secret.test(decoded));
  return pattern ? decoded.replace(pattern, '$1***') : path;
}

function maskQuery(rest: string): string {
  return rest.replace(/([?&])([^=&#]*)=([^&#]*)/g, (pair, separator: string, key: string) =>
    secretParams.has(decode(key.replace(/\+/g, ' ')).toLowerCase()) ? `${separator}${key}=***` : pair,
  );
}

// Run by run, so that one malformed escape does not hide the rest of the text from the mask.
function decode(text: string): string {
  return text.replace(/(?:%[0-9a-f]{2})+/gi, (run) => {
    try {
      return decodeURIComponent(run);
    } catch {
      return run;
    }
  });
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
