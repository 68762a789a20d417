// Where words occur in a text, the way a person reads them: case and accents ignored ("Sao Paulo"
// finds "São Paulo"), whole words only ("acme" is not found in "acmeist"), ranges given in the
// original text so the web can mark them. Shared by keyword watch lists and the search's highlights.

/** A part of a text, as UTF-16 offsets into the original (end exclusive). */
export interface TextRange {
  start: number;
  end: number;
}

export interface MatchOptions {
  /** Match the start of a word too ("joh" in "John"; a card BIN in a card number). Default: whole words. */
  prefix?: boolean;
}

/** `text` lower-cased without accents, and where each of its characters came from in `text`. */
export function foldText(text: string): { folded: string; origin: number[] } {
  let folded = '';
  const origin: number[] = [];
  let offset = 0;
  for (const char of text) {
    const base = foldWord(char);
    for (let i = 0; i < base.length; i += 1) origin.push(offset);
    folded += base;
    offset += char.length;
  }
  origin.push(text.length);
  return { folded, origin };
}

/** A word or phrase lower-cased without accents (what `findMatches` compares). */
export function foldWord(text: string): string {
  return text.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '');
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The pattern of a term over folded text: its words in order, any whitespace between them. */
function termPattern(term: string, options: MatchOptions): RegExp | null {
  const words = foldWord(term).trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return null;
  const body = words.map(escapeRegExp).join('\\s+');
  const end = options.prefix ? '' : '(?![\\p{L}\\p{N}])';
  return new RegExp(`(?<![\\p{L}\\p{N}])${body}${end}`, 'gu');
}

/** Every occurrence of `term` in `text`, in order, as ranges of the original text. */
export function findMatches(text: string, term: string, options: MatchOptions = {}): TextRange[] {
  const pattern = termPattern(term, options);
  if (!pattern) return [];
  const { folded, origin } = foldText(text);
  const ranges: TextRange[] = [];
  for (const match of folded.matchAll(pattern)) {
    const start = match.index;
    const end = start + match[0].length;
    ranges.push({ start: origin[start] ?? text.length, end: origin[end] ?? text.length });
  }
  return ranges;
}

/** The ranges of every term in `text`, sorted, overlapping ones merged (what the web marks). */
export function highlightRanges(text: string, terms: readonly string[], options: MatchOptions = {}): TextRange[] {
  const all = terms.flatMap((term) => findMatches(text, term, options)).sort((a, b) => a.start - b.start);
  const merged: TextRange[] = [];
  for (const range of all) {
    const last = merged.at(-1);
    if (last && range.start <= last.end) last.end = Math.max(last.end, range.end);
    else merged.push({ ...range });
  }
  return merged;
}

/**
 * Plain text of at most `max` characters from a little before `at` (an offset of `text`, e.g. a
 * match's start), whitespace flattened, "…" where it was cut: a snippet that shows the match.
 */
export function excerptAround(text: string, at = 0, max = 300): string {
  const from = Math.max(0, at - 100);
  const to = Math.min(text.length, from + max - 2);
  return `${from > 0 ? '…' : ''}${text.slice(from, to).replace(/\s+/g, ' ').trim()}${to < text.length ? '…' : ''}`;
}
