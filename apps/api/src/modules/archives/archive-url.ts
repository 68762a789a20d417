// One archived URL in its normal form (ADR 0027): the key a URL is de-duplicated by across the
// archives and imports is the host (lower-case, punycode, no final dot), a non-default port, the
// normalised path and the sorted, de-duplicated query KEYS; values are never part of it, so a
// token in a query string is never a key. The sample URL keeps one capture's values except those
// of secret-looking keys (token, key, password, secret, auth, sig, session…), which are redacted,
// and never the user-info part.
import { normalHostName } from '../../shared/host-name.js';

export const MAX_URL_LENGTH = 4096;
export const REDACTED = '[redacted]';

export interface NormalUrl {
  key: string;
  host: string;
  path: string;
  queryKeys: string[];
  extension: string | null;
  sampleUrl: string;
  /** A secret-looking query key had a value, or the URL carried a password. */
  secretInQuery: boolean;
}

export type Normalised = { ok: true; url: NormalUrl } | { ok: false; reason: string };

// Key names whose values are credentials: whole words or parts of `snake_case`, `kebab-case`,
// `dotted` and `camelCase` names (`access_token`, `X-Amz-Signature`, `apiKey`, `PHPSESSID`).
const SECRET_KEY =
  /(token|passw|pwd|secret|auth(?!or)|signature|session|sessid|api[_-]?key|access[_-]?key|private[_-]?key|credential|jwt|bearer)/i;
const SECRET_WORD = /(^|[_.-])(key|sig|sid|pass|code|hash|otp|nonce)$/i;
const CAMEL_KEY = /[a-z](Key|Sig|Sid)$/;

export function isSecretKey(key: string): boolean {
  return SECRET_KEY.test(key) || SECRET_WORD.test(key) || CAMEL_KEY.test(key);
}

const UNRESERVED = /%([0-9A-Fa-f]{2})/g;

/** Percent-escapes of unreserved characters decoded, the others in upper case; `//` runs collapsed. */
function normalPath(pathname: string): string {
  const decoded = pathname.replace(UNRESERVED, (escaped, hex: string) => {
    const char = String.fromCharCode(Number.parseInt(hex, 16));
    return /[A-Za-z0-9\-._~]/.test(char) ? char : escaped.toUpperCase();
  });
  const collapsed = decoded.replace(/\/{2,}/g, '/');
  return collapsed.length > 1 ? collapsed.replace(/\/$/, '') : '/';
}

/** The last segment's extension, lower case (`tar.gz` kept whole; a trailing `~` is part of it). */
export function extensionOf(path: string): string | null {
  const segment = path.slice(path.lastIndexOf('/') + 1).toLowerCase();
  const double = /\.(tar\.(?:gz|bz2|xz)|sql\.gz)$/.exec(segment);
  if (double?.[1]) return double[1];
  const single = /[^.]\.([a-z0-9]{1,10}~?)$/.exec(segment);
  return single?.[1] ?? null;
}

function parse(raw: string): URL | null {
  const text = /^[a-z][a-z0-9+.-]*:\/\//i.test(raw) ? raw : `http://${raw}`;
  try {
    return new URL(text);
  } catch {
    return null;
  }
}

export function normaliseUrl(input: string): Normalised {
  const raw = input.trim();
  const shown = raw.slice(0, 80);
  if (raw === '') return { ok: false, reason: 'Empty URL.' };
  if (raw.length > MAX_URL_LENGTH) return { ok: false, reason: `URL longer than ${MAX_URL_LENGTH} characters.` };
  const url = parse(raw);
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    return { ok: false, reason: `"${shown}" is not an http(s) URL.` };
  }
  const host = normalHostName(url.hostname);
  if (!host) return { ok: false, reason: `"${url.hostname.slice(0, 80)}" is not a host name.` };
  const hostPort = url.port === '' ? host : `${host}:${url.port}`;
  const path = normalPath(url.pathname);
  const params = [...url.searchParams.entries()];
  const queryKeys = [...new Set(params.map(([key]) => key).filter((key) => key !== ''))].sort();
  const secretValue = params.some(([key, value]) => value !== '' && isSecretKey(key));
  const sample = new URLSearchParams(
    params.map(([key, value]): [string, string] => [key, isSecretKey(key) && value ? REDACTED : value]),
  );
  const query = params.length > 0 ? `?${sample.toString().replaceAll('%5Bredacted%5D', REDACTED)}` : '';
  return {
    ok: true,
    url: {
      key: `${hostPort}${path}${queryKeys.length > 0 ? `?${queryKeys.join('&')}` : ''}`,
      host,
      path,
      queryKeys,
      extension: extensionOf(path),
      sampleUrl: `${url.protocol}//${hostPort}${path}${query}`,
      secretInQuery: secretValue || url.password !== '',
    },
  };
}
