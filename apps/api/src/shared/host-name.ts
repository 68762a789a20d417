// A DNS host name in its one normal form: lower-case ASCII (international names in their
// punycode form), without the final dot, at least two labels, not an IP address. Shared by the
// features that take host names from users or files (assets, the online stores).
import { isIP } from 'node:net';
import { domainToASCII } from 'node:url';

const LABEL = /^(?!-)[a-z0-9_-]{1,63}(?<!-)$/;

/** The normal form of a host name, or null when `raw` is not one. */
export function normalHostName(raw: string): string | null {
  const trimmed = raw.trim().replace(/\.$/, '');
  const ascii = /^[\x20-\x7e]*$/.test(trimmed) ? trimmed.toLowerCase() : domainToASCII(trimmed);
  const labels = ascii.split('.');
  const valid = ascii.length <= 253 && labels.length >= 2 && labels.every((l) => LABEL.test(l));
  return valid && isIP(ascii) === 0 ? ascii : null;
}

/** `host` is `domain` or one of its subdomains (both in normal form). */
export function isWithinDomain(host: string, domain: string): boolean {
  return host === domain || host.endsWith(`.${domain}`);
}
