// Passwords are never stored in clear: a masked form for people (length and last two
// characters) and an HMAC-SHA-256 under a server key for de-duplication.
import { createHmac, createSecretKey, type KeyObject } from 'node:crypto';
import { hmac } from '../../shared/secrets.js';

/** The server key of password hashes (derived from the cookie secret's code key), prepared once per job. */
export function passwordKey(codeKey: string): KeyObject {
  return createSecretKey(Buffer.from(hmac(codeKey, 'vigil leaked-credential passwords'), 'hex'));
}

const surrogate = /[\uD800-\uDFFF]/;
const bullets = Array.from({ length: 17 }, (_, n) => '•'.repeat(n));

/** `••••••••ab (10)`; passwords under 6 characters show no character at all. */
export function maskPassword(password: string): string {
  // The hot path of a combolist: a password without surrogate pairs has one character per unit.
  if (!surrogate.test(password)) {
    const length = password.length;
    const shown = length >= 6 ? password.slice(-2) : '';
    return `${bullets[Math.min(16, length - shown.length)]}${shown} (${length})`;
  }
  const chars = [...password];
  const shown = chars.length >= 6 ? chars.slice(-2).join('') : '';
  return `${'•'.repeat(Math.min(16, chars.length - shown.length))}${shown} (${chars.length})`;
}

export function passwordHmac(key: KeyObject, password: string): string {
  return createHmac('sha256', key).update(password).digest('hex');
}

/** Whether an e-mail (or host) belongs to one of the domains, subdomains included. */
export function inDomains(hostOrEmail: string, domains: readonly string[]): string | undefined {
  const host = hostOrEmail.slice(hostOrEmail.lastIndexOf('@') + 1).toLowerCase();
  return domains.find((d) => host === d || host.endsWith(`.${d}`));
}

export function hostOf(url: string): string | undefined {
  try {
    const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(url) ? url : `https://${url}`;
    return new URL(withScheme).hostname.toLowerCase() || undefined;
  } catch {
    return undefined;
  }
}

/** A PostgreSQL text[] literal (for arrays of arrays passed through unnest). */
export function pgTextArray(values: readonly string[]): string {
  return `{${values.map((v) => `"${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`).join(',')}}`;
}
