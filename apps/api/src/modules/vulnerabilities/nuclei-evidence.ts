// What a nuclei result shows the analyst besides its identity: matcher, extractor, extracted
// results, protocol, IP, request and response. Each text is bounded, and a text cut to its bound
// ends with a note saying so (a 149 KB result is read whole, only its evidence is cut).
import { text } from '../../platform/imports/import.types.js';

/** What the scanner saw, kept with the finding for the analyst (bounded: see the caps below). */
export interface NucleiEvidence {
  cve_ids: string[];
  matcher_name: string | null;
  extractor_name: string | null;
  extracted_results: string[];
  scanner_type: string | null;
  ip: string | null;
  request: string | null;
  response: string | null;
}

/** An excerpt of a request or response: its first characters (a finding's row stays small). */
export const EXCERPT_CHARS = 4000;
export const MAX_RESULTS = 20;
const RESULT_CHARS = 500;
export const NAME_CHARS = 200;

/** The first `chars` characters of a text (never half of a surrogate pair). */
function head(whole: string, chars: number): string {
  const cut = whole.slice(0, chars);
  return /[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut;
}

/** A short text (a name) bounded to `chars`; null when empty. */
export function excerpt(value: unknown, chars: number): string | null {
  const whole = text(value);
  if (!whole) return null;
  return whole.length <= chars ? whole : head(whole, chars);
}

/** A long text bounded to its first `chars` characters, then a line saying it was cut; null when empty. */
export function cutText(value: unknown, chars: number): string | null {
  const whole = text(value);
  if (!whole) return null;
  if (whole.length <= chars) return whole;
  const all = whole.length.toLocaleString('en-US');
  return `${head(whole, chars)}\n[… cut by Vigil: ${all} characters in the scan result, the first ${chars.toLocaleString('en-US')} kept]`;
}

/** The field as nuclei 3.x and later 2.x write it (`matcher-name`), else as early 2.x did (`matcher_name`). */
export function field(value: Record<string, unknown>, name: string): unknown {
  return value[name] ?? value[name.replace(/-/g, '_')];
}

function resultsOf(value: Record<string, unknown>): string[] {
  const raw = field(value, 'extracted-results');
  const all = (Array.isArray(raw) ? raw : []).flatMap((r) => cutText(r, RESULT_CHARS) ?? []);
  if (all.length <= MAX_RESULTS) return all;
  return [...all.slice(0, MAX_RESULTS), `[… cut by Vigil: ${all.length} results, the first ${MAX_RESULTS} kept]`];
}

export function evidenceOf(value: Record<string, unknown>, cveIds: string[]): NucleiEvidence | null {
  const evidence: NucleiEvidence = {
    cve_ids: cveIds,
    matcher_name: excerpt(field(value, 'matcher-name'), NAME_CHARS),
    extractor_name: excerpt(field(value, 'extractor-name'), NAME_CHARS),
    extracted_results: resultsOf(value),
    scanner_type: excerpt(value.type, NAME_CHARS),
    ip: excerpt(value.ip, NAME_CHARS),
    request: cutText(value.request, EXCERPT_CHARS),
    response: cutText(value.response, EXCERPT_CHARS),
  };
  const { cve_ids, extracted_results, ...single } = evidence;
  const empty = cve_ids.length <= 1 && extracted_results.length === 0 && Object.values(single).every((v) => v === null);
  return empty ? null : evidence;
}
