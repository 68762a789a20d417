// The intent engine's answers: each recognised question calls the advisor's tools (the same ones a
// model would) and fills its language's templates with the figures of the tools' data. A record is
// cited as `[ref]` (only refs a tool answered); whatever text a record holds (a title, a post, a
// CVE's summary) is quoted on its own `> ` line and never becomes part of a sentence or an action.

import type { Count, IntentCatalogue, PeriodCounts, Severity } from './advisor.intents.catalogue.js';
import type { Recognised } from './advisor.intents.recognise.js';
import type { AdvisorRecord, ToolBox, ToolName, ToolOutput } from './advisor.types.js';

export interface AnswerContext {
  tools: ToolBox;
  catalogue: IntentCatalogue;
}

const MAX_QUOTE = 300;
const SHOWN = { findings: 5, accounts: 10, hits: 8 };

/** Record text on one line, without control characters, cut to a readable length. */
export function quote(text: string): string {
  const line = text
    .replace(/[\p{Cc}\p{Cf}\u2028\u2029]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return `> ${line.length > MAX_QUOTE ? `${line.slice(0, MAX_QUOTE - 1)}…` : line}`;
}

// The tools' data is read by field name, defensively: a field missing or of another type is absent.
const at = (value: unknown, ...path: string[]): unknown =>
  path.reduce<unknown>(
    (v, key) => (v !== null && typeof v === 'object' ? (v as Record<string, unknown>)[key] : undefined),
    value,
  );
const numberAt = (value: unknown, ...path: string[]) => {
  const v = at(value, ...path);
  return typeof v === 'number' && Number.isFinite(v) ? v : undefined;
};
const stringAt = (value: unknown, ...path: string[]) => {
  const v = at(value, ...path);
  return typeof v === 'string' && v.trim() !== '' ? v : undefined;
};

export function formatters(catalogue: IntentCatalogue) {
  const locale = catalogue.language;
  const numbers = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
  const percent = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 });
  const days = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' });
  return {
    count: (n: number): Count => ({ n, text: numbers.format(n) }),
    number: (n: number) => numbers.format(n),
    percent: (n: number) => percent.format(n),
    day: (iso: string) => {
      const date = new Date(iso);
      return Number.isNaN(date.getTime()) ? iso : days.format(date);
    },
  };
}

const SEVERITIES: readonly string[] = ['critical', 'high', 'medium', 'low', 'info'];

/** `- [ref] severity` then the record's title quoted. */
function recordLines(
  records: readonly AdvisorRecord[],
  catalogue: IntentCatalogue,
  snippets = new Map<string, string>(),
) {
  return records.flatMap((r) => {
    const severity =
      r.severity && SEVERITIES.includes(r.severity) ? catalogue.text.severity[r.severity as Severity] : null;
    const snippet = snippets.get(r.ref);
    return [`- [${r.ref}]${severity ? ` ${severity}` : ''}`, quote(r.title), ...(snippet ? [quote(snippet)] : [])];
  });
}

const cite = (output: ToolOutput, ref: string) => (output.records.some((r) => r.ref === ref) ? ` [${ref}]` : '');
const findingsOf = (output: ToolOutput) => output.records.filter((r) => r.kind === 'finding');

async function call(ctx: AnswerContext, name: ToolName, args: Record<string, unknown>) {
  return ctx.tools.call(name, args);
}

/** The rating and the open findings by severity (posture_summary). */
function postureLines(output: ToolOutput, ctx: AnswerContext): string[] {
  const { text } = ctx.catalogue;
  const f = formatters(ctx.catalogue);
  const grade = stringAt(output.data, 'rating', 'grade');
  const score = numberAt(output.data, 'rating', 'score');
  const lines = [
    grade && score !== undefined ? `${text.rating(grade, f.number(score))}${cite(output, 'rating')}` : text.noRating,
  ];
  const total = numberAt(output.data, 'open', 'total');
  if (total !== undefined) {
    const bySeverity = (s: string) => f.count(numberAt(output.data, 'open', 'bySeverity', s) ?? 0);
    lines.push(text.openFindings(f.count(total), bySeverity('critical'), bySeverity('high')));
  }
  return lines;
}

async function posture(ctx: AnswerContext): Promise<string[]> {
  return postureLines(await call(ctx, 'posture_summary', {}), ctx);
}

async function fixFirst(ctx: AnswerContext): Promise<string[]> {
  const { text } = ctx.catalogue;
  const summary = await call(ctx, 'posture_summary', {});
  let top = findingsOf(summary).slice(0, SHOWN.findings);
  if (top.length === 0) {
    const list = await call(ctx, 'list_findings', { sort: 'severity', limit: SHOWN.findings });
    top = findingsOf(list).slice(0, SHOWN.findings);
  }
  const lines = postureLines(summary, ctx);
  if (top.length === 0) return [...lines, text.nothingToFix];
  return [...lines, '', text.fixFirstIntro, ...recordLines(top, ctx.catalogue)];
}

async function cveExposure(ctx: AnswerContext, id: string | undefined): Promise<string[]> {
  const { text, questions } = ctx.catalogue;
  if (!id) {
    const list = await call(ctx, 'list_findings', { module: 'cves', sort: 'severity', limit: SHOWN.findings });
    const found = findingsOf(list);
    if (found.length === 0) return [text.cveListNone];
    const example = found.map((r) => /\bCVE-\d{4}-\d{4,7}\b/i.exec(r.title)?.[0]).find(Boolean);
    const ask = example ? ['', text.cveAskOne(questions.cve(example.toUpperCase()))] : [];
    return [text.cveListIntro, ...recordLines(found, ctx.catalogue), ...ask];
  }
  const output = await call(ctx, 'cve_exposure', { cve: id });
  const cve = at(output.data, 'cve');
  if (!cve || typeof cve !== 'object') return [text.cveUnknown(id)];
  const f = formatters(ctx.catalogue);
  const cvss = numberAt(cve, 'cvss');
  const severity = stringAt(cve, 'severity');
  const epss = numberAt(cve, 'epss');
  const facts = text.cveFacts({
    cvss: cvss === undefined ? null : f.number(cvss),
    severity: severity && SEVERITIES.includes(severity) ? text.severity[severity as Severity] : null,
    kev: at(cve, 'kev') === true,
    epss: epss === undefined ? null : f.percent(epss),
  });
  const summary = stringAt(cve, 'summary');
  const lines = [`${id}${cite(output, id)}: ${facts}`, ...(summary ? [quote(summary)] : []), ''];
  const findings = findingsOf(output);
  const matches = at(output.data, 'watchMatches');
  const watched = Array.isArray(matches) && matches.length > 0;
  if (at(output.data, 'affected') !== true && findings.length === 0 && !watched)
    return [...lines, text.cveNotAffected(id)];
  return [
    ...lines,
    text.cveAffected(id, f.count(findings.length), watched),
    ...recordLines(findings.slice(0, SHOWN.findings), ctx.catalogue),
  ];
}

function periodCounts(value: unknown, f: ReturnType<typeof formatters>): Record<keyof PeriodCounts, Count> {
  const n = (key: string) => f.count(numberAt(value, key) ?? 0);
  return { new: n('new'), resolved: n('resolved'), reopened: n('reopened'), slaBreaches: n('sla_breaches') };
}

async function whatChanged(ctx: AnswerContext, period: 'week' | 'month'): Promise<string[]> {
  const { text } = ctx.catalogue;
  const f = formatters(ctx.catalogue);
  const output = await call(ctx, 'what_changed', { period });
  const from = stringAt(output.data, 'current', 'from');
  const to = stringAt(output.data, 'current', 'to');
  const lines = [
    `${text.changedPeriod(period, from ? f.day(from) : '…', to ? f.day(to) : '…')}${cite(output, 'insights')}`,
    text.changedCounts(periodCounts(at(output.data, 'totals', 'current'), f)),
    text.changedBefore(periodCounts(at(output.data, 'totals', 'previous'), f)),
  ];
  const top = findingsOf(output).slice(0, SHOWN.findings);
  return top.length === 0 ? lines : [...lines, '', text.topRisksIntro, ...recordLines(top, ctx.catalogue)];
}

async function leakedAccounts(ctx: AnswerContext, r: Recognised): Promise<string[]> {
  const { text } = ctx.catalogue;
  const f = formatters(ctx.catalogue);
  const clearOnly = r.clearPasswordOnly === true;
  const domain = r.domain ?? null;
  const output = await call(ctx, 'leaked_accounts', {
    clearPasswordOnly: clearOnly,
    limit: SHOWN.accounts,
    ...(domain ? { domain } : {}),
  });
  const accounts = findingsOf(output);
  const total = numberAt(output.data, 'total') ?? accounts.length;
  if (total === 0) return [text.leakedNone(clearOnly, domain)];
  const shown = accounts.slice(0, SHOWN.accounts);
  return [
    text.leakedIntro(f.count(total), clearOnly, domain),
    ...(shown.length < total ? [text.shownFirst(f.count(shown.length))] : []),
    ...recordLines(shown, ctx.catalogue),
  ];
}

async function search(ctx: AnswerContext, terms: string | undefined): Promise<string[]> {
  const { text } = ctx.catalogue;
  if (!terms) return [text.searchNeedsTerms];
  const f = formatters(ctx.catalogue);
  const output = await call(ctx, 'search', { q: terms });
  const total = numberAt(output.data, 'total') ?? output.records.length;
  if (output.records.length === 0) return [text.searchNone, quote(terms)];
  const snippets = new Map<string, string>();
  const hits = at(output.data, 'hits');
  for (const hit of Array.isArray(hits) ? hits : []) {
    const [ref, snippet] = [stringAt(hit, 'ref'), stringAt(hit, 'snippet')];
    if (ref && snippet) snippets.set(ref, snippet);
  }
  const shown = output.records.slice(0, SHOWN.hits);
  return [
    text.searchIntro(f.count(total)),
    quote(terms),
    ...(shown.length < total ? [text.shownFirst(f.count(shown.length))] : []),
    ...recordLines(shown, ctx.catalogue, snippets),
  ];
}

export function helpLines(catalogue: IntentCatalogue, unrecognised: boolean): string[] {
  const { questions, text } = catalogue;
  const asks = [questions.fixFirst, questions.cve(null), questions.whatChanged, questions.leaked, questions.posture];
  return [...(unrecognised ? [text.unrecognised] : []), text.helpIntro, ...asks.map((q) => `- ${q}`)];
}

/** The lines of the answer to a recognised question (without the closing note on the model). */
export async function answerLines(r: Recognised, ctx: AnswerContext): Promise<string[]> {
  switch (r.intent) {
    case 'fix_first':
      return fixFirst(ctx);
    case 'cve_exposure':
      return cveExposure(ctx, r.cve);
    case 'what_changed':
      return whatChanged(ctx, r.period ?? 'week');
    case 'leaked_accounts':
      return leakedAccounts(ctx, r);
    case 'posture':
      return posture(ctx);
    case 'search':
      return search(ctx, r.terms);
    case 'help':
      return helpLines(ctx.catalogue, r.unrecognised !== false);
  }
}
