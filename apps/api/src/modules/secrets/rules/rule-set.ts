// Reads a rule set in gitleaks' configuration format (TOML) into compiled rules: each regex on
// RE2 (re2js), keywords lowercased for the pre-filter, the severity from a `severity:<level>` tag,
// allow-lists in both of gitleaks' spellings (`[rules.allowlist]` and `[[rules.allowlists]]`, the
// global `[allowlist]` and `[[allowlists]]`). A rule that does not compile names itself.
import { RE2JS } from 're2js';
import { parse } from 'smol-toml';
import { type Severity, severities } from '../../../platform/findings/findings.table.js';
import { vigilRulesToml } from './vigil-rules.toml.js';

export interface Allowlist {
  description: string;
  /** OR: any check allows the finding; AND: every check given must. */
  condition: 'OR' | 'AND';
  /** What `regexes` test: the secret (gitleaks' default), the whole match or the line. */
  regexTarget: 'secret' | 'match' | 'line';
  regexes: RE2JS[];
  paths: RE2JS[];
  /** Lowercased: a secret holding one is allowed. */
  stopwords: string[];
}

export interface SecretRule {
  id: string;
  description: string;
  regex: RE2JS;
  /** 0: the first group that matched, or the whole match when the regex has none. */
  secretGroup: number;
  entropy: number | null;
  /** Lowercased; a content holding none of them is not searched (none given: always searched). */
  keywords: string[];
  tags: string[];
  severity: Severity;
  allowlists: Allowlist[];
}

export interface RuleSet {
  rules: SecretRule[];
  allowlists: Allowlist[];
}

export class RuleSetError extends Error {}

type Table = Record<string, unknown>;

const isTable = (value: unknown): value is Table =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date);

function strings(value: unknown, where: string): string[] {
  if (value === undefined) return [];
  if (!Array.isArray(value) || value.some((v) => typeof v !== 'string')) {
    throw new RuleSetError(`${where}: expected a list of strings.`);
  }
  return value as string[];
}

export function compileRegex(source: string, where: string): RE2JS {
  try {
    return RE2JS.compile(source);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new RuleSetError(`${where}: the regex does not compile (RE2 syntax): ${reason}`);
  }
}

function allowlistOf(table: Table, where: string): Allowlist {
  const condition = table.condition === undefined ? 'OR' : table.condition;
  const target = table.regexTarget === undefined ? 'secret' : table.regexTarget;
  if (condition !== 'OR' && condition !== 'AND') throw new RuleSetError(`${where}: condition is OR or AND.`);
  if (target !== 'secret' && target !== 'match' && target !== 'line') {
    throw new RuleSetError(`${where}: regexTarget is secret, match or line.`);
  }
  return {
    description: typeof table.description === 'string' ? table.description : '',
    condition,
    regexTarget: target,
    regexes: strings(table.regexes, `${where}.regexes`).map((r) => compileRegex(r, `${where}.regexes`)),
    paths: strings(table.paths, `${where}.paths`).map((r) => compileRegex(r, `${where}.paths`)),
    stopwords: strings(table.stopwords, `${where}.stopwords`).map((s) => s.toLowerCase()),
  };
}

/** Both spellings: one table (`allowlist`) and an array of tables (`allowlists`). */
function allowlistsOf(table: Table, where: string): Allowlist[] {
  const one = table.allowlist;
  const many = table.allowlists;
  const list = [...(isTable(one) ? [one] : []), ...(Array.isArray(many) ? many : [])];
  return list.map((entry, i) => {
    if (!isTable(entry)) throw new RuleSetError(`${where}.allowlists[${i}]: expected a table.`);
    return allowlistOf(entry, `${where}.allowlists[${i}]`);
  });
}

function severityOf(tags: string[]): Severity {
  const tag = tags.find((t) => t.startsWith('severity:'))?.slice('severity:'.length);
  return severities.find((s) => s === tag) ?? 'high';
}

function ruleOf(table: unknown, index: number): SecretRule {
  if (!isTable(table)) throw new RuleSetError(`rules[${index}]: expected a table.`);
  const id = table.id;
  if (typeof id !== 'string' || !/^[a-z0-9][a-z0-9-]{0,99}$/.test(id)) {
    throw new RuleSetError(`rules[${index}]: id must be lowercase letters, digits and dashes.`);
  }
  if (typeof table.regex !== 'string') throw new RuleSetError(`${id}: a rule needs a regex.`);
  const secretGroup = table.secretGroup ?? 0;
  const entropy = table.entropy ?? null;
  if (typeof secretGroup !== 'number' || !Number.isInteger(secretGroup) || secretGroup < 0) {
    throw new RuleSetError(`${id}: secretGroup must be a whole number.`);
  }
  if (entropy !== null && (typeof entropy !== 'number' || entropy < 0 || entropy > 8)) {
    throw new RuleSetError(`${id}: entropy must be a number from 0 to 8.`);
  }
  const regex = compileRegex(table.regex, id);
  if (secretGroup > regex.groupCount()) throw new RuleSetError(`${id}: secretGroup ${secretGroup} is not a group.`);
  const tags = strings(table.tags, `${id}.tags`);
  return {
    id,
    description: typeof table.description === 'string' ? table.description : id,
    regex,
    secretGroup,
    entropy,
    keywords: strings(table.keywords, `${id}.keywords`).map((k) => k.toLowerCase()),
    tags,
    severity: severityOf(tags),
    allowlists: allowlistsOf(table, id),
  };
}

/** A gitleaks-format configuration, compiled; throws RuleSetError naming what is wrong. */
export function parseRuleSet(toml: string): RuleSet {
  let document: Table;
  try {
    document = parse(toml) as Table;
  } catch (error) {
    throw new RuleSetError(`Not valid TOML: ${error instanceof Error ? error.message : String(error)}`);
  }
  const rules = Array.isArray(document.rules) ? document.rules.map(ruleOf) : [];
  const ids = new Set<string>();
  for (const rule of rules) {
    if (ids.has(rule.id)) throw new RuleSetError(`${rule.id}: two rules have this id.`);
    ids.add(rule.id);
  }
  return { rules, allowlists: allowlistsOf(document, 'allowlist') };
}

let vigil: RuleSet | undefined;

/** Vigil's own rule set, compiled once per process. */
export function vigilRules(): RuleSet {
  vigil ??= parseRuleSet(vigilRulesToml);
  return vigil;
}
