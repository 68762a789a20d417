// Runs a rule set over one file's text, as gitleaks' detector does: the keywords pre-filter, each
// regex (RE2: linear time), the secret group, the Shannon entropy floor, then the allow-lists (the
// rule's, the set's, the company's). A detection carries the secret for the caller to hash and
// redact at once; the line's fragment it gives is already redacted (every secret found in the file
// masked, not only its own).
import type { Allowlist, RuleSet, SecretRule } from './rule-set.js';

export interface Detection {
  ruleId: string;
  /** In clear: hash it and redact it, never store or log it. */
  secret: string;
  /** 1-based line of the secret's start. */
  line: number;
  entropy: number;
  /** The secret's line, the secret (and any other found in the file) redacted; at most ~240 chars. */
  fragment: string;
}

/** The company's own allow-list beside the set's (secret_allowlist rows, regexes compiled). */
export interface ExtraAllowlist {
  lists: Allowlist[];
  /** `repository:file:rule:line`: one finding allowed where it is. */
  fingerprints: ReadonlySet<string>;
}

/** Shannon entropy in bits per character. */
export function shannonEntropy(text: string): number {
  if (text.length === 0) return 0;
  const counts = new Map<string, number>();
  for (const ch of text) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  const length = [...text].length;
  let bits = 0;
  for (const n of counts.values()) {
    const p = n / length;
    bits -= p * Math.log2(p);
  }
  return bits;
}

/** At most the first and last four characters (fewer for a short secret), the rest masked. */
export function redact(secret: string): string {
  const chars = [...secret];
  const keep = chars.length >= 16 ? 4 : chars.length >= 10 ? 2 : 0;
  const masked = keep === 0 ? 8 : Math.min(Math.max(chars.length - 2 * keep, 4), 12);
  return `${chars.slice(0, keep).join('')}${'*'.repeat(masked)}${keep > 0 ? chars.slice(-keep).join('') : ''}`;
}

interface Candidate {
  secret: string;
  match: string;
  line: string;
  path: string;
}

function allowedBy(list: Allowlist, c: Candidate): boolean {
  const target = list.regexTarget === 'match' ? c.match : list.regexTarget === 'line' ? c.line : c.secret;
  const lower = c.secret.toLowerCase();
  const checks: boolean[] = [];
  if (list.regexes.length > 0) checks.push(list.regexes.some((r) => r.test(target)));
  if (list.paths.length > 0) checks.push(list.paths.some((r) => r.test(c.path)));
  if (list.stopwords.length > 0) checks.push(list.stopwords.some((w) => lower.includes(w)));
  if (checks.length === 0) return false;
  return list.condition === 'AND' ? checks.every(Boolean) : checks.some(Boolean);
}

/** Whether an allow-list clears a secret found in `path` (also for imported reports). */
export function isAllowed(lists: readonly Allowlist[], c: Candidate): boolean {
  return lists.some((list) => allowedBy(list, c));
}

function pathAllowed(lists: readonly Allowlist[], path: string): boolean {
  return lists.some(
    (l) =>
      l.paths.length > 0 && l.regexes.length === 0 && l.stopwords.length === 0 && l.paths.some((r) => r.test(path)),
  );
}

function secretOf(rule: SecretRule, m: ReturnType<SecretRule['regex']['matcher']>): { text: string; start: number } {
  if (rule.secretGroup > 0) return { text: m.group(rule.secretGroup) ?? '', start: m.start(rule.secretGroup) };
  for (let g = 1; g <= m.groupCount(); g += 1) {
    const text = m.group(g);
    if (text) return { text, start: m.start(g) };
  }
  return { text: m.group() ?? '', start: m.start() };
}

function lineStarts(content: string): number[] {
  const starts = [0];
  for (let i = content.indexOf('\n'); i !== -1; i = content.indexOf('\n', i + 1)) starts.push(i + 1);
  return starts;
}

function lineIndexAt(starts: number[], offset: number): number {
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if ((starts[mid] ?? 0) <= offset) low = mid;
    else high = mid - 1;
  }
  return low;
}

const FRAGMENT_SIDE = 100;

/** The secret's line with every found secret redacted, cut to FRAGMENT_SIDE around the secret. */
function fragmentOf(lineText: string, secrets: readonly string[]): string {
  let text = lineText;
  for (const secret of [...secrets].sort((a, b) => b.length - a.length)) {
    // A multi-line secret (a PEM key) shows on its first line by that line's part of it.
    const firstLine = secret.split('\n')[0] ?? secret;
    text = text.split(secret).join(redact(secret));
    if (firstLine.length >= 4 && firstLine !== secret) text = text.split(firstLine).join(redact(secret));
  }
  const at = text.indexOf('*');
  const from = Math.max(0, at - FRAGMENT_SIDE);
  const cut = text.slice(from, from + 2 * FRAGMENT_SIDE + 40).trim();
  return `${from > 0 ? '…' : ''}${cut}`;
}

/** Every secret the set finds in one file (`path` is the file's path in its repository). */
export function detect(
  set: RuleSet,
  content: string,
  path: string,
  extra?: ExtraAllowlist,
  repository = '',
): Detection[] {
  const lists = [...set.allowlists, ...(extra?.lists ?? [])];
  if (pathAllowed(lists, path)) return [];
  const lower = content.toLowerCase();
  const starts = lineStarts(content);
  const lineAt = (index: number) => content.slice(starts[index] ?? 0, (starts[index + 1] ?? content.length + 1) - 1);
  const found: Omit<Detection, 'fragment'>[] = [];
  for (const rule of set.rules) {
    if (rule.keywords.length > 0 && !rule.keywords.some((k) => lower.includes(k))) continue;
    const m = rule.regex.matcher(content);
    while (m.find()) {
      const { text: secret, start } = secretOf(rule, m);
      if (!secret) continue;
      const entropy = shannonEntropy(secret);
      if (rule.entropy !== null && entropy < rule.entropy) continue;
      const index = lineIndexAt(starts, start);
      const candidate = { secret, match: m.group() ?? secret, line: lineAt(index), path };
      if (isAllowed([...rule.allowlists, ...lists], candidate)) continue;
      if (extra?.fingerprints.has(`${repository}:${path}:${rule.id}:${index + 1}`)) continue;
      found.push({ ruleId: rule.id, secret, line: index + 1, entropy });
    }
  }
  const secrets = [...new Set(found.map((f) => f.secret))];
  return found.map((f) => ({ ...f, fragment: fragmentOf(lineAt(f.line - 1), secrets) }));
}

/** A gitleaks report's line or match with the secret redacted (imports). */
export function redactedFragment(text: string, secret: string): string {
  return fragmentOf(text.split('\n')[0] ?? '', [secret]);
}
