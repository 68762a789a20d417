// The intent engine's catalogue of one language: the phrases that recognise each question, the
// questions it suggests, and the answer templates. Phrases are written as people type them (with
// accents); they are compared normalised (lower case, no accents, punctuation as spaces). A phrase
// matches whole words; one ending in `*` matches any word starting so (`priorit*` → prioritise).

import type { Language } from '../../identity/preferences/preferences.service.js';
import type { Severity } from '../findings/findings.table.js';

/**
 * What an uploaded catalogue holds, as a clause between separators: " it holds NVD records published up
 * to 2025-08-25 and KEV release 2025.08.25;" (each language gives its words), or "" when nothing is known.
 */
export function holds(
  nvdUpTo: string | null,
  kev: string | null,
  words: { intro: string; nvd: string; kev: string; and: string; separator?: string },
): string {
  const parts = [nvdUpTo ? `${words.nvd} ${nvdUpTo}` : null, kev ? `${words.kev} ${kev}` : null];
  const known = parts.filter((part) => part !== null);
  return known.length > 0 ? ` ${words.intro} ${known.join(` ${words.and} `)}${words.separator ?? ';'}` : '';
}

/** The catalogue's freshness as days and releases, for a CVE it does not hold. */
export interface CatalogueFreshnessText {
  sync: string | null;
  upload: string | null;
  /** The newest NVD publication (day) and KEV release the uploads hold, when known. */
  nvdUpTo: string | null;
  kev: string | null;
}

export const INTENTS = [
  'fix_first',
  'cve_exposure',
  'what_changed',
  'leaked_accounts',
  'posture',
  'search',
  'help',
] as const;
export type IntentName = (typeof INTENTS)[number];

export type { Severity } from '../findings/findings.table.js';

export interface PeriodCounts {
  new: number;
  resolved: number;
  reopened: number;
  slaBreaches: number;
}

export interface PhraseCatalogue {
  /** Words frequent in this language's questions (pronouns, articles, question words): they tell
   * the language apart when the intent's phrases are shared (`cve`, `score`). Whole words. */
  markers: readonly string[];
  fixFirst: readonly string[];
  cve: readonly string[];
  whatChanged: readonly string[];
  leaked: readonly string[];
  /** Said of a leaked password: in clear, plain text. */
  clearPassword: readonly string[];
  posture: readonly string[];
  /** The verbs of a search; the words after them are what is searched. */
  search: readonly string[];
  help: readonly string[];
  week: readonly string[];
  month: readonly string[];
}

/** The answers' sentences. Figures come formatted (`n`: the number in the language's digits, with
 * the count for the plural). Text of a record is never passed here: it is quoted on its own line. */
export interface AnswerText {
  /** Said once in every answer: no model, and what the built-in answers cover. */
  noModel: string;
  unrecognised: string;
  helpIntro: string;
  severity: Record<Severity, string>;
  rating(grade: string, score: string): string;
  noRating: string;
  openFindings(total: Count, critical: Count, high: Count): string;
  fixFirstIntro: string;
  /** What fixing one adds to the score, and how many open findings are of the same kind. */
  fixGain(points: string, alike: Count): string;
  nothingToFix: string;
  /** Which CVEs affect us (no id): the company's findings that name one. */
  cveListIntro: string;
  cveListNone: string;
  /** Points at the question about one CVE (given whole, in this language). */
  cveAskOne(question: string): string;
  cveFacts(facts: { cvss: string | null; severity: string | null; kev: boolean; epss: string | null }): string;
  cveAffected(id: string, findings: Count, watched: boolean): string;
  cveNotAffected(id: string): string;
  /**
   * A CVE the catalogue does not hold: said before anything else, with the catalogue's freshness (days)
   * and, for an uploaded catalogue, what it holds (a snapshot loaded today can be months old).
   */
  cveUnknown(id: string, freshness: CatalogueFreshnessText): string;
  /** A CVE of the shared catalogue that no watch list matched: its severity and publication day. */
  cveCatalogue(facts: { severity: string | null; published: string | null }): string;
  changedPeriod(period: 'week' | 'month', from: string, to: string): string;
  changedCounts(counts: Record<keyof PeriodCounts, Count>): string;
  changedBefore(counts: Record<keyof PeriodCounts, Count>): string;
  topRisksIntro: string;
  leakedIntro(total: Count, clearOnly: boolean, domain: string | null): string;
  leakedNone(clearOnly: boolean, domain: string | null): string;
  shownFirst(shown: Count): string;
  searchIntro(total: Count): string;
  searchNone: string;
  searchNeedsTerms: string;
  toolFailed(reason: string): string;
}

/** A number as the language writes it, and the number itself (for the plural). */
export interface Count {
  n: number;
  text: string;
}

export interface IntentCatalogue {
  language: Language;
  phrases: PhraseCatalogue;
  /** Questions to suggest, each recognised as its intent in this language (tested). The CVE
   * question names a CVE when one is known (`cve`), else asks which CVEs affect the company. */
  questions: {
    fixFirst: string;
    cve(id: string | null): string;
    whatChanged: string;
    leaked: string;
    posture: string;
    search(terms: string): string;
  };
  text: AnswerText;
}

/** `one` when the count is 1, else `other`, with `#` replaced by the formatted count. */
export function plural(count: Count, one: string, other: string): string {
  return (count.n === 1 ? one : other).replace('#', count.text);
}
