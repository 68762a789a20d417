// An answer's text as the screen draws it: paragraphs and quotes (lines starting with `>`, text a
// record said: shown as a quotation, never as the advisor's own words), each line cut into plain text
// and citations. Only a `[ref]` of a record the message holds is a citation; any other bracket stays
// text. Nothing here is HTML: the parts are drawn as React text nodes.
import { safeRedirectTarget } from '@/lib/redirect';
import type { AdvisorRecord } from './advisor-api';

/** A run of text or a citation, with where it starts in its line (a stable key). */
export type AnswerPart = { at: number } & ({ text: string } | { record: AdvisorRecord });
export interface AnswerBlock {
  quote: boolean;
  /** The block's lines, each a run of parts. */
  lines: AnswerPart[][];
}

/** The same handle the server cites with (advisor.types.ts citedRecords). */
const CITATION = /\[([A-Za-z0-9._:-]{1,64})\]/g;

/**
 * An in-app path only (`/credentials?open=3`): the sign-in redirect's own rule (never a scheme,
 * never another host, `//x` or `/\x`), and no white space.
 */
export function isAppPath(path: string): boolean {
  return safeRedirectTarget(path) !== null && !/\s/.test(path);
}

/** The records that can be linked, by ref (a record whose path is not the app's is left out). */
export function linkable(records: readonly AdvisorRecord[]): Map<string, AdvisorRecord> {
  return new Map(records.filter((r) => isAppPath(r.path)).map((r) => [r.ref, r]));
}

export function partsOf(line: string, records: ReadonlyMap<string, AdvisorRecord>): AnswerPart[] {
  const parts: AnswerPart[] = [];
  let at = 0;
  const text = (end: number) => {
    if (end > at) {
      const last = parts[parts.length - 1];
      if (last && 'text' in last) last.text += line.slice(at, end);
      else parts.push({ at, text: line.slice(at, end) });
    }
  };
  for (const match of line.matchAll(CITATION)) {
    const record = records.get(match[1] as string);
    if (!record) continue;
    text(match.index);
    parts.push({ at: match.index, record });
    at = match.index + match[0].length;
  }
  text(line.length);
  return parts;
}

const QUOTE = /^\s{0,3}>\s?/;

/** The answer's blocks: runs of quoted lines, and paragraphs split by blank lines. */
export function blocksOf(content: string, records: ReadonlyMap<string, AdvisorRecord>): AnswerBlock[] {
  const blocks: AnswerBlock[] = [];
  let current: AnswerBlock | null = null;
  for (const raw of content.split(/\r\n|\r|\n/)) {
    const quote = QUOTE.test(raw);
    if (!quote && raw.trim() === '') {
      current = null;
      continue;
    }
    if (!current || current.quote !== quote) {
      current = { quote, lines: [] };
      blocks.push(current);
    }
    current.lines.push(partsOf(quote ? raw.replace(QUOTE, '') : raw, records));
  }
  return blocks;
}

/** The records the text cites, in order of first citation (each once): a message's sources. */
export function citedIn(content: string, records: ReadonlyMap<string, AdvisorRecord>): AdvisorRecord[] {
  const cited = new Map<string, AdvisorRecord>();
  for (const match of content.matchAll(CITATION)) {
    const record = records.get(match[1] as string);
    if (record) cited.set(record.ref, record);
  }
  return [...cited.values()];
}
