// Recognises a question: its intent, its arguments (a CVE id, a period, a domain, search terms) and
// its language. Pure: no data, no tools. Phrases of every language count for the intent (a mixed
// question still works); the language is the one whose phrases and marker words the question uses
// most, the user's own language on a tie, none when nothing matched.
import { LANGUAGES, type Language } from '../../identity/preferences/preferences.service.js';
import type { IntentCatalogue, IntentName, PhraseCatalogue } from './advisor.intents.catalogue.js';
import { catalogues } from './advisor.intents.languages.js';

export interface Recognised {
  intent: IntentName;
  /** The question's language, when its words tell it. */
  language: Language | null;
  cve?: string;
  period?: 'week' | 'month';
  domain?: string;
  clearPasswordOnly?: boolean;
  /** search: the words after the verb, as typed. */
  terms?: string;
  /** help: false when the question asked for help, true when it was not recognised. */
  unrecognised?: boolean;
}

/** Lower case, no accents, every run of other characters than letters and digits one space. */
export function normalise(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

interface Matcher {
  words: string[];
  stem: boolean;
}

const matchers = new Map<string, Matcher>();
function matcherOf(phrase: string): Matcher {
  let m = matchers.get(phrase);
  if (!m) {
    const stem = phrase.endsWith('*');
    m = { words: normalise(stem ? phrase.slice(0, -1) : phrase).split(' '), stem };
    matchers.set(phrase, m);
  }
  return m;
}

/** Where the phrase ends in the words (the index after its last word), or -1. */
function find(words: readonly string[], phrase: string): number {
  const { words: wanted, stem } = matcherOf(phrase);
  for (let i = 0; i + wanted.length <= words.length; i += 1) {
    const ok = wanted.every((w, j) => {
      const word = words[i + j] as string;
      return stem && j === wanted.length - 1 ? word.startsWith(w) : word === w;
    });
    if (ok) return i + wanted.length;
  }
  return -1;
}

const has = (words: readonly string[], phrases: readonly string[]) => phrases.some((p) => find(words, p) >= 0);

type PhraseGroup = Exclude<keyof PhraseCatalogue, 'markers'>;
const anyLanguage = (words: readonly string[], group: PhraseGroup) =>
  Object.values(catalogues).some((c) => has(words, c.phrases[group]));

/** Phrases matched count three, marker words one. */
function languageScore(words: readonly string[], catalogue: IntentCatalogue): number {
  const { markers, ...groups } = catalogue.phrases;
  let score = 0;
  for (const phrases of Object.values(groups)) for (const p of phrases) if (find(words, p) >= 0) score += 3;
  for (const marker of markers) if (words.includes(normalise(marker))) score += 1;
  return score;
}

export function detectLanguage(words: readonly string[], userLanguage: Language): Language | null {
  const order = [userLanguage, ...LANGUAGES.filter((l) => l !== userLanguage)];
  let best: Language | null = null;
  let bestScore = 0;
  for (const language of order) {
    const score = languageScore(words, catalogues[language]);
    if (score > bestScore) [best, bestScore] = [language, score];
  }
  return best;
}

const CVE_ID = /\bCVE-\d{4}-\d{4,7}\b/i;
const DOMAIN = /(?<![@\w.-])((?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63})(?![\w-])/i;

/** Articles and possessives a search's terms may start with (dropped: they would find nothing). */
const LEADING = new Set(
  [
    'the',
    'a',
    'an',
    'our',
    'der',
    'die',
    'das',
    'den',
    'unser',
    'unsere',
    'el',
    'la',
    'los',
    'las',
    'nuestro',
    'nuestra',
    'le',
    'les',
    'l',
    'notre',
    'nos',
    'o',
    'os',
    'as',
    'nosso',
    'nossa',
  ].map(normalise),
);

/** The search terms: the words typed after the first search verb (and its article), without quotes or a final `?`. */
function searchTerms(question: string): string | undefined {
  const tokens = question.trim().split(/\s+/);
  const words: { word: string; token: number }[] = [];
  tokens.forEach((t, token) => {
    for (const word of normalise(t).split(' ')) if (word) words.push({ word, token });
  });
  const plain = words.map((w) => w.word);
  for (const catalogue of Object.values(catalogues)) {
    for (const phrase of catalogue.phrases.search) {
      const end = find(plain, phrase);
      if (end < 0) continue;
      let next = (words[end - 1]?.token ?? 0) + 1;
      while (next < tokens.length - 1 && LEADING.has(normalise(tokens[next] as string))) next += 1;
      const rest = tokens.slice(next).join(' ');
      return rest.replace(/^[\s"'“”«»:]+|[\s"'“”«»?!.¿¡:]+$/g, '') || undefined;
    }
  }
  return undefined;
}

export function recognise(question: string, userLanguage: Language): Recognised {
  const words = normalise(question).split(' ').filter(Boolean);
  const language = detectLanguage(words, userLanguage);
  const cve = CVE_ID.exec(question)?.[0].toUpperCase();
  if (cve) return { intent: 'cve_exposure', language, cve };
  if (anyLanguage(words, 'leaked')) {
    const domain = DOMAIN.exec(question)?.[1]?.toLowerCase();
    return {
      intent: 'leaked_accounts',
      language,
      clearPasswordOnly: anyLanguage(words, 'clearPassword'),
      ...(domain ? { domain } : {}),
    };
  }
  // A summary or the news of a period ("summary of the week") is what changed in it.
  const month = anyLanguage(words, 'month');
  const week = anyLanguage(words, 'week');
  const period = month && !week ? 'month' : 'week';
  if (anyLanguage(words, 'whatChanged') || ((week || month) && anyLanguage(words, 'posture'))) {
    return { intent: 'what_changed', language, period };
  }
  if (anyLanguage(words, 'fixFirst')) return { intent: 'fix_first', language };
  if (anyLanguage(words, 'cve')) return { intent: 'cve_exposure', language };
  if (anyLanguage(words, 'posture')) return { intent: 'posture', language };
  if (anyLanguage(words, 'search')) {
    const terms = searchTerms(question);
    return { intent: 'search', language, ...(terms ? { terms } : {}) };
  }
  if (anyLanguage(words, 'help')) return { intent: 'help', language, unrecognised: false };
  // A period alone ("and this month?", after what changed this week) asks what changed in it.
  if (week || month) return { intent: 'what_changed', language, period };
  // A bare host, domain or e-mail is a search for it.
  const bare = question.trim();
  if (/^\S+$/.test(bare) && (DOMAIN.test(bare) || bare.includes('@'))) {
    return { intent: 'search', language, terms: bare.replace(/[?!.]+$/, '') };
  }
  return { intent: 'help', language, unrecognised: true };
}

/**
 * A question read after the ones before it in the conversation (the user's, oldest first). Only the
 * leaked accounts take a follow-up that names no intent: a domain alone, or with a few words ("and
 * shop.acme.example?"), asks them for that domain; asking for the clear passwords narrows them to
 * those (for the domain asked before). Anything the question says itself wins.
 */
export function recogniseFollowUp(question: string, userLanguage: Language, earlier: readonly string[]): Recognised {
  let previous: Recognised | undefined;
  for (const asked of earlier) {
    const before = inContext(asked, userLanguage, previous);
    if (before.intent !== 'help') previous = before;
  }
  return inContext(question, userLanguage, previous);
}

function inContext(question: string, userLanguage: Language, previous: Recognised | undefined): Recognised {
  const recognised = recognise(question, userLanguage);
  if (previous?.intent !== 'leaked_accounts') return recognised;
  const words = normalise(question).split(' ').filter(Boolean);
  const bare = recognised.intent === 'search' && !anyLanguage(words, 'search');
  if (!bare && !(recognised.intent === 'help' && recognised.unrecognised)) return recognised;
  const domain = question.includes('@') ? undefined : DOMAIN.exec(question)?.[1]?.toLowerCase();
  const clearPasswordOnly = anyLanguage(words, 'clearPassword');
  if (!domain && !clearPasswordOnly) return recognised;
  const narrowed = domain ?? previous.domain;
  return {
    intent: 'leaked_accounts',
    language: recognised.language ?? previous.language,
    clearPasswordOnly: clearPasswordOnly || Boolean(previous.clearPasswordOnly),
    ...(narrowed ? { domain: narrowed } : {}),
  };
}
