// What a store and a monitored page may hold, checked beyond the contract's shapes: domains are
// host names in their normal form, a page's URL is http(s) on one of its store's domains, a
// checkout URL is http(s). Each check names the field it refuses (422), so forms show it there.
import { isWithinDomain, normalHostName } from '../../../shared/host-name.js';
import { validationError } from '../../../shared/service-error.js';
import type { ScanStep } from '../scanner/scan.types.js';
import type { PageType, StorePlatform } from '../scripts/scripts.table.js';

export const MAX_STORES = 100;
export const MAX_PAGES_PER_STORE = 100;

export interface StoreInput {
  name: string;
  platform: StorePlatform;
  account_name?: string | null | undefined;
  domains: string[];
  checkout_url?: string | null | undefined;
}

/** A step as the contract takes it: the action and the fields (the contract requires the action's). */
export interface StepInput {
  action: ScanStep['action'];
  selector?: string | undefined;
  value?: string | undefined;
  url?: string | undefined;
  ms?: number | undefined;
}

export interface StorePageInput {
  url: string;
  page_type: PageType;
  scan_interval_hours?: number | undefined;
  steps?: StepInput[] | undefined;
  enabled?: boolean | undefined;
}

/** An absolute http(s) URL without its fragment, or null. */
export function httpUrl(raw: string): URL | null {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.username || url.password || normalHostName(url.hostname) === null) return null;
  url.hash = '';
  return url;
}

/** The store's row fields from its input, or 422 naming the field. */
export function storeFields(input: StoreInput) {
  const name = input.name.trim();
  if (name === '') throw validationError({ name: ['The name is required.'] });
  const domains: string[] = [];
  for (const raw of input.domains) {
    const domain = normalHostName(raw);
    if (!domain) throw validationError({ domains: [`"${raw.slice(0, 80)}" is not a host name.`] });
    if (!domains.includes(domain)) domains.push(domain);
  }
  const checkout = input.checkout_url?.trim() ? httpUrl(input.checkout_url) : null;
  if (input.checkout_url?.trim() && !checkout) {
    throw validationError({ checkout_url: ['The checkout URL must be an http or https URL.'] });
  }
  return {
    name,
    platform: input.platform,
    account_name: input.account_name?.trim() || null,
    domains,
    checkout_url: checkout?.href ?? null,
  };
}

/** The page's row fields from its input, its URL on one of `domains`, or 422 naming the field. */
export function pageFields(input: StorePageInput, domains: readonly string[]) {
  const url = httpUrl(input.url);
  if (!url) throw validationError({ url: ['The URL must be an http or https URL with a host name.'] });
  if (!onDomains(url.href, domains)) {
    throw validationError({ url: ["The URL's host must be one of the store's domains or a subdomain of one."] });
  }
  const steps = (input.steps ?? []).map(scanStep);
  return {
    url: url.href,
    page_type: input.page_type,
    scan_interval_hours: input.scan_interval_hours ?? 24,
    steps: JSON.stringify(steps),
    enabled: input.enabled ?? true,
  };
}

/** The step with the fields of its action only; a `goto` URL must be http(s) (422 otherwise). */
function scanStep(step: StepInput): ScanStep {
  const text = (value: string | undefined) => value ?? '';
  switch (step.action) {
    case 'click':
      return { action: 'click', selector: text(step.selector) };
    case 'fill':
      return { action: 'fill', selector: text(step.selector), value: text(step.value) };
    case 'wait':
      return { action: 'wait', ms: step.ms ?? 0 };
    case 'goto': {
      const url = httpUrl(text(step.url));
      if (!url) throw validationError({ steps: ['A step goes to an http or https URL with a host name.'] });
      return { action: 'goto', url: url.href };
    }
  }
}

/** The URL's host is one of the domains or a subdomain of one. */
export function onDomains(url: string, domains: readonly string[]): boolean {
  const host = httpUrl(url)?.hostname;
  return host !== undefined && domains.some((domain) => isWithinDomain(host, domain));
}
