// The rule engine: a rule's definition (conditions over a script's content, URL, destinations and
// behaviour; any / all / at least N) compiled once, then run over scanned scripts. Rules are user
// input and script content is hostile: regexes run on RE2 (re2js: linear time, no look-around or
// back-references, so no catastrophic backtracking), content is read up to MAX_CONTENT characters,
// and every excerpt is at most EXCERPT characters (ADR 0023).
import type { components } from '@vigil/api-client';
import { RE2JS } from 're2js';
import { typosquatOf } from './typosquat.js';

export type RuleDefinition = components['schemas']['JsRuleDefinition'];
export type RuleCondition = components['schemas']['JsRuleCondition'];
export type RuleBehaviour = components['schemas']['JsRuleBehaviour'];

export const ruleBehaviours: readonly RuleBehaviour[] = [
  'reads_card_fields',
  'reads_personal_fields',
  'sends_data',
  'sends_data_elsewhere',
];
/** Characters of a script's content the rules read (the scanner keeps at most 2 MiB of a script). */
export const MAX_CONTENT = 2 * 1024 * 1024;
export const EXCERPT = 200;

/** What a rule looks at: one script as a scan saw it (or as pasted in the test screen). */
export interface RuleSubject {
  content: string | null;
  url: string | null;
  /** The URLs (or bare hosts) the script contacted. */
  destinations: readonly string[];
  behaviours: readonly string[];
}

export interface RuleMatch {
  /** The ids of the conditions that held, in the definition's order. */
  matched: string[];
  /** Around the first content match, else what matched first (at most EXCERPT characters). */
  excerpt: string;
}

export interface CompiledRule {
  match(subject: RuleSubject): RuleMatch | null;
}

/** A definition the engine refuses: field (`definition.conditions.2.value`) → reasons. */
export class RuleDefinitionError extends Error {
  constructor(readonly problems: Record<string, string[]>) {
    super(Object.values(problems).flat().join(' '));
  }
}

type Tester = (subject: RuleSubject) => { excerpt: string; fromContent: boolean } | null;

const allowedOps: Record<RuleCondition['target'], readonly RuleCondition['op'][]> = {
  content: ['contains', 'regex'],
  url: ['contains', 'regex', 'typosquat'],
  destination: ['contains', 'regex', 'typosquat'],
  behaviour: ['is'],
};

const clip = (text: string) => (text.length > EXCERPT ? `${text.slice(0, EXCERPT - 1)}…` : text);

function hostOf(urlOrHost: string): string {
  try {
    return new URL(urlOrHost.includes('://') ? urlOrHost : `http://${urlOrHost}`).hostname;
  } catch {
    return '';
  }
}

/** The text around [start, end) of `content`, one line, at most EXCERPT characters. */
function window(content: string, start: number, end: number): string {
  const room = Math.max(0, EXCERPT - (end - start));
  const from = Math.max(0, start - Math.floor(room / 2));
  return content
    .slice(from, Math.min(content.length, from + EXCERPT))
    .replace(/\s+/g, ' ')
    .trim();
}

function compilePattern(condition: RuleCondition, field: string): RE2JS {
  const value = condition.value ?? '';
  const flags = condition.case_sensitive ? 0 : RE2JS.CASE_INSENSITIVE;
  try {
    return RE2JS.compile(condition.op === 'regex' ? value : RE2JS.quote(value), flags);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new RuleDefinitionError({ [field]: [`The regex does not compile (RE2 syntax): ${reason}.`] });
  }
}

function textTester(condition: RuleCondition, field: string): Tester {
  const pattern = compilePattern(condition, field);
  if (condition.target === 'content') {
    return ({ content }) => {
      if (!content) return null;
      const text = content.length > MAX_CONTENT ? content.slice(0, MAX_CONTENT) : content;
      const matcher = pattern.matcher(text);
      return matcher.find() ? { excerpt: window(text, matcher.start(), matcher.end()), fromContent: true } : null;
    };
  }
  if (condition.target === 'url') {
    return ({ url }) => (url && pattern.test(url) ? { excerpt: clip(url), fromContent: false } : null);
  }
  return ({ destinations }) => {
    const hit = destinations.find((d) => pattern.test(d));
    return hit === undefined ? null : { excerpt: clip(hit), fromContent: false };
  };
}

function typosquatTester(condition: RuleCondition): Tester {
  const squat = (candidate: string) => {
    const found = typosquatOf(hostOf(candidate));
    return found
      ? { excerpt: clip(`${hostOf(candidate)} imitates ${found.imitates} (${found.how})`), fromContent: false }
      : null;
  };
  if (condition.target === 'url') return ({ url }) => (url ? squat(url) : null);
  return ({ destinations }) => {
    for (const destination of destinations) {
      const found = squat(destination);
      if (found) return found;
    }
    return null;
  };
}

function testerOf(condition: RuleCondition, field: string): Tester {
  if (!allowedOps[condition.target].includes(condition.op)) {
    throw new RuleDefinitionError({
      [`${field}.op`]: [`A ${condition.target} condition takes ${allowedOps[condition.target].join(' or ')}.`],
    });
  }
  if (condition.op === 'typosquat') return typosquatTester(condition);
  if (!condition.value) throw new RuleDefinitionError({ [`${field}.value`]: ['The value field is required.'] });
  if (condition.op === 'is') {
    const wanted = condition.value;
    if (!(ruleBehaviours as readonly string[]).includes(wanted)) {
      throw new RuleDefinitionError({ [`${field}.value`]: [`A behaviour is one of ${ruleBehaviours.join(', ')}.`] });
    }
    return ({ behaviours }) => (behaviours.includes(wanted) ? { excerpt: wanted, fromContent: false } : null);
  }
  return textTester(condition, `${field}.value`);
}

/** Compiles a definition, or throws RuleDefinitionError naming each problem's field. */
export function compileRule(definition: RuleDefinition, field = 'definition'): CompiledRule {
  const conditions = definition.conditions;
  const ids = new Set<string>();
  const testers = conditions.map((condition, i) => {
    if (ids.has(condition.id)) {
      throw new RuleDefinitionError({ [`${field}.conditions.${i}.id`]: ['Each condition needs its own id.'] });
    }
    ids.add(condition.id);
    return {
      id: condition.id,
      cheap: condition.target !== 'content',
      test: testerOf(condition, `${field}.conditions.${i}`),
    };
  });
  const mode = definition.match ?? 'any';
  const needed = mode === 'all' ? testers.length : mode === 'at_least' ? (definition.at_least ?? 0) : 1;
  if (mode === 'at_least' && (needed < 1 || needed > testers.length)) {
    throw new RuleDefinitionError({
      [`${field}.at_least`]: [`With match at_least, at_least is a number from 1 to ${testers.length}.`],
    });
  }
  // Content is the costly read: the cheap conditions go first, and a rule stops once it cannot hold.
  const ordered = [...testers].sort((a, b) => Number(b.cheap) - Number(a.cheap));
  return {
    match(subject) {
      const held = new Map<string, { excerpt: string; fromContent: boolean }>();
      let failed = 0;
      for (const tester of ordered) {
        const result = tester.test(subject);
        if (result) held.set(tester.id, result);
        else failed += 1;
        if (testers.length - failed < needed) return null;
      }
      if (held.size < needed) return null;
      const matched = testers.filter((t) => held.has(t.id)).map((t) => t.id);
      const results = matched.map((id) => held.get(id)).filter((r) => r !== undefined);
      const excerpt = (results.find((r) => r.fromContent) ?? results[0])?.excerpt ?? '';
      return { matched, excerpt };
    },
  };
}

/** The problems of a definition as a 422 field map, or null when it compiles. */
export function definitionProblems(definition: RuleDefinition, field = 'definition'): Record<string, string[]> | null {
  try {
    compileRule(definition, field);
    return null;
  } catch (error) {
    if (error instanceof RuleDefinitionError) return error.problems;
    throw error;
  }
}
