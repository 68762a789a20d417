// How much a candidate's page looks like the real store's, 0–1, from what the scanner's browser
// captured of each (scanner/capture.types.ts): the visible text as word shingles (Jaccard: a clone copies
// the catalogue's words), the page's structure as its element-name profile (cosine: a clone copies
// the theme's markup), and the hosts its assets come from (Jaccard: a lazy clone hot-links the
// store's own images and scripts). Also the VTEX markers a page carries and the content hash that
// tells two captures of the same page apart.
import { createHash } from 'node:crypto';
import type { PageProfile } from '../scanner/capture.types.js';

/** Markers of a VTEX storefront, searched for with the brand's terms and looked for in the page. */
export const VTEX_FINGERPRINTS = ['vtexassets.com', 'vteximg', '/arquivos/', 'vtex.render-server'] as const;

const WEIGHTS = { text: 0.5, structure: 0.3, assets: 0.2 };
const SHINGLE = 3;

export const normalisedWords = (text: string) =>
  text
    .toLowerCase()
    .normalize('NFKC')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 0);

function shingles(text: string): Set<string> {
  const words = normalisedWords(text);
  if (words.length < SHINGLE) return new Set(words.length > 0 ? [words.join(' ')] : []);
  const set = new Set<string>();
  for (let i = 0; i + SHINGLE <= words.length; i += 1) set.add(words.slice(i, i + SHINGLE).join(' '));
  return set;
}

export function jaccard<T>(a: Set<T>, b: Set<T>): number {
  if (a.size === 0 && b.size === 0) return 0;
  let shared = 0;
  for (const item of a) if (b.has(item)) shared += 1;
  return shared / (a.size + b.size - shared);
}

function cosine(a: string[], b: string[]): number {
  const count = (list: string[]) => {
    const m = new Map<string, number>();
    for (const item of list) m.set(item, (m.get(item) ?? 0) + 1);
    return m;
  };
  const [x, y] = [count(a), count(b)];
  let dot = 0;
  for (const [key, n] of x) dot += n * (y.get(key) ?? 0);
  const norm = (m: Map<string, number>) => Math.sqrt([...m.values()].reduce((s, n) => s + n * n, 0));
  const denominator = norm(x) * norm(y);
  return denominator === 0 ? 0 : dot / denominator;
}

/** The similarity of a candidate's page to the real store's, 0–1, rounded to three places. */
export function similarity(real: PageProfile, candidate: PageProfile): number {
  const score =
    WEIGHTS.text * jaccard(shingles(real.text), shingles(candidate.text)) +
    WEIGHTS.structure * cosine(real.tags, candidate.tags) +
    WEIGHTS.assets * jaccard(new Set(real.assetHosts), new Set(candidate.assetHosts));
  return Math.round(score * 1000) / 1000;
}

/** SHA-256 of the page's normalised text and structure: the same page captured twice hashes the same. */
export function contentHash(profile: PageProfile): string {
  return createHash('sha256')
    .update(normalisedWords(profile.text).join(' '))
    .update('\n')
    .update(profile.tags.join(','))
    .digest('hex');
}

/** The VTEX markers in a page's HTML and its subresources' URLs. */
export function fingerprintsOf(html: string, urls: readonly string[]): string[] {
  const haystack = `${html}\n${urls.join('\n')}`.toLowerCase();
  return VTEX_FINGERPRINTS.filter((marker) => haystack.includes(marker));
}
