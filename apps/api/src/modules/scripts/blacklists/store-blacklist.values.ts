// The store blacklist's rules on values: a domain in its normal form, an optional http(s) URL on it,
// and the status workflow `suspected → confirmed → takedown_requested → offline` (a re-check that
// finds an offline store answering again brings it back to confirmed).
import { normalHostName } from '../../../shared/host-name.js';
import type { StoreBlacklistStatus } from '../clones/clones.table.js';

export const DOMAIN_MAX = 253;
export const URL_MAX = 2000;
export const NOTES_MAX = 4000;
export const REFERENCE_MAX = 200;

/** The statuses a user may move an entry to from each status (the re-check may also go offline → confirmed). */
export const nextStatuses: Readonly<Record<StoreBlacklistStatus, readonly StoreBlacklistStatus[]>> = {
  suspected: ['confirmed'],
  confirmed: ['takedown_requested'],
  takedown_requested: ['offline'],
  offline: ['confirmed'],
};

export function allowedMove(from: StoreBlacklistStatus, to: StoreBlacklistStatus): boolean {
  return nextStatuses[from].includes(to);
}

export type Checked<T> = { ok: true; value: T } | { ok: false; reason: string };

/** The domain's normal form (a URL's host is taken when a URL is given instead). */
export function storeDomain(raw: string): Checked<string> {
  const text = raw.trim();
  let host = text;
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(text)) {
    try {
      host = new URL(text).hostname;
    } catch {
      return { ok: false, reason: 'Enter a domain name, such as shop-example.com.' };
    }
  }
  const domain = normalHostName(host);
  return domain ? { ok: true, value: domain } : { ok: false, reason: 'Enter a domain name, such as shop-example.com.' };
}

/** An http(s) URL whose host is the entry's domain or one of its subdomains; null when blank. */
export function storeUrl(raw: string | null | undefined, domain: string): Checked<string | null> {
  const text = raw?.trim();
  if (!text) return { ok: true, value: null };
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { ok: false, reason: 'Enter a full URL starting with http:// or https://.' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return { ok: false, reason: 'Enter a full URL starting with http:// or https://.' };
  }
  if (url.username || url.password) return { ok: false, reason: 'The URL may not carry a user name or password.' };
  const host = normalHostName(url.hostname);
  if (!host || (host !== domain && !host.endsWith(`.${domain}`))) {
    return { ok: false, reason: 'The URL must be on the blacklisted domain.' };
  }
  return { ok: true, value: url.toString() };
}
