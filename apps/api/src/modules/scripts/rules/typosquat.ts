// The built-in `typosquat` matcher: does a host imitate a well-known CDN, analytics, tag-manager or
// payment host without being it? Skimmer operators register such names so that their exfiltration
// or loader host reads as routine in a page's network log (google-analytics.com →
// google-analytic.com, g00gle-analytics.com, jquery-cdn.com, google-analytics.com.evil.top).
// Four checks, on the host's registrable part (last two labels, three under a two-level suffix):
//  - homoglyph: the same "skeleton" (0→o, 1→l, rn→m, Cyrillic look-alikes…) as a known name;
//  - edit distance: one edit from a known name of 5+ characters, two from one of 10+;
//  - combo: a known name joined by a hyphen to another word (jquery-cdn.com);
//  - nested: a known domain used as labels of another domain (google-analytics.com.evil.top).
import { domainToUnicode } from 'node:url';

/** Registrable domains of services a store's pages commonly load (not exhaustive, and need not be). */
export const WELL_KNOWN_HOSTS = [
  'google-analytics.com',
  'googletagmanager.com',
  'googleapis.com',
  'gstatic.com',
  'googleadservices.com',
  'doubleclick.net',
  'google.com',
  'jquery.com',
  'jsdelivr.net',
  'cloudflare.com',
  'unpkg.com',
  'bootstrapcdn.com',
  'facebook.net',
  'facebook.com',
  'stripe.com',
  'stripe.network',
  'paypal.com',
  'paypalobjects.com',
  'braintreegateway.com',
  'adyen.com',
  'hotjar.com',
  'segment.com',
  'newrelic.com',
  'nr-data.net',
  'klaviyo.com',
  'zendesk.com',
  'optimizely.com',
  'cloudfront.net',
  'akamaihd.net',
  'amazonaws.com',
  'clarity.ms',
  'vtex.com',
  'vtexassets.com',
  'vtexcommercestable.com.br',
  'shopify.com',
  'magento.com',
  'tiktok.com',
  'bing.com',
] as const;

const TWO_LEVEL_SUFFIXES = new Set([
  'com.br',
  'net.br',
  'org.br',
  'co.uk',
  'org.uk',
  'com.au',
  'com.mx',
  'com.ar',
  'co.jp',
]);

/** Look-alike characters of host names, to the letter they imitate (UTS #39 style, the common ones). */
const CONFUSABLES: Record<string, string> = {
  '0': 'o',
  '1': 'l',
  i: 'l',
  '3': 'e',
  '5': 's',
  '@': 'a',
  а: 'a',
  е: 'e',
  о: 'o',
  р: 'p',
  с: 'c',
  у: 'y',
  х: 'x',
  і: 'l',
  ӏ: 'l',
  ԁ: 'd',
  ɡ: 'g',
  ո: 'n',
};

/** The host as it reads: Unicode, look-alikes folded, `rn` as `m` and `vv` as `w`, hyphens and dots kept. */
export function skeleton(host: string): string {
  const unicode = host.startsWith('xn--') || host.includes('.xn--') ? domainToUnicode(host) || host : host;
  const folded = [...unicode.toLowerCase()].map((c) => CONFUSABLES[c] ?? c).join('');
  return folded.replace(/rn/g, 'm').replace(/vv/g, 'w');
}

export function registrableDomain(host: string): string {
  const labels = host.toLowerCase().replace(/\.$/, '').split('.');
  const lastTwo = labels.slice(-2).join('.');
  return labels.slice(TWO_LEVEL_SUFFIXES.has(lastTwo) && labels.length > 2 ? -3 : -2).join('.');
}

/** Optimal string alignment distance (adjacent swaps count as one edit), stopping early above `max`. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let before: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    let best = i;
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        value = Math.min(value, (before[j - 2] ?? 0) + 1);
      }
      current.push(value);
      best = Math.min(best, value);
    }
    if (best > max) return max + 1;
    before = previous;
    previous = current;
  }
  return previous[b.length] ?? max + 1;
}

export interface Typosquat {
  /** The well-known domain it imitates. */
  imitates: string;
  how: 'homoglyph' | 'edit_distance' | 'combo' | 'nested';
}

const nameOf = (domain: string) => domain.slice(0, domain.indexOf('.'));

const known = WELL_KNOWN_HOSTS.map((domain) => {
  const name = nameOf(domain);
  // Short names sit one edit from real companies' names (bing → king, ring): no distance check.
  const maxEdits = name.length >= 12 ? 2 : name.length >= 7 ? 1 : 0;
  return { domain, skeleton: skeleton(domain), name: nameOf(skeleton(domain)), maxEdits };
});

/** What well-known domain `host` imitates, or null (a host of a well-known domain itself is null). */
export function typosquatOf(rawHost: string): Typosquat | null {
  const host = rawHost.toLowerCase().replace(/\.$/, '');
  if (host === '' || host.length > 253) return null;
  if (WELL_KNOWN_HOSTS.some((domain) => host === domain || host.endsWith(`.${domain}`))) return null;
  const domain = skeleton(registrableDomain(host));
  const homoglyph = known.find((k) => k.skeleton === domain);
  if (homoglyph) return { imitates: homoglyph.domain, how: 'homoglyph' };
  const edited = known.find((k) => k.maxEdits > 0 && editDistance(domain, k.skeleton, k.maxEdits) <= k.maxEdits);
  if (edited) return { imitates: edited.domain, how: 'edit_distance' };
  const name = nameOf(domain);
  const combo = known.find((k) => k.name.length >= 5 && (name.startsWith(`${k.name}-`) || name.endsWith(`-${k.name}`)));
  if (combo) return { imitates: combo.domain, how: 'combo' };
  const labels = `.${skeleton(host)}.`;
  const nested = known.find((k) => labels.includes(`.${k.skeleton}.`));
  return nested ? { imitates: nested.domain, how: 'nested' } : null;
}
