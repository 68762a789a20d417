// The intent engine's answers: each recognised question calls the advisor's tools (the same ones a
// model would) and fills its language's templates with the figures of the tools' data. A record is
// cited as `[ref]` (only refs a tool answered); whatever text a record holds (a title, a post, a
// CVE's summary) is quoted on its own `> ` line and never becomes part of a sentence or an action.

import { severityOfScore } from '../../shared/cvss.js';
import { severities } from '../findings/findings.table.js';
import type { Count, IntentCatalogue, PeriodCounts, Severity } from './advisor.intents.catalogue.js';
import type { Recognised } from './advisor.intents.recognise.js';
import type {
  CveExposureData,
  LeakedAccountsData,
  PeriodFigures,
  PostureSummaryData,
  SearchData,
  WhatChangedData,
} from './advisor.tools.js';
import type { AdvisorRecord, ToolBox, ToolName, ToolOutput } from './advisor.types.js';

export interface AnswerContext {
  tools: ToolBox;
  catalogue: IntentCatalogue;
}

const MAX_QUOTE = 300;
const SHOWN = { findings: 5, accounts: 10, hits: 8 };
/** The statuses of a finding still to work on. */
const OPEN = ['new', 'in_review', 'confirmed'];

/** Record text on one line, without control characters, cut to a readable length. */
export function quote(text: string): string {
  const line = text
    .replace(/[\p{Cc}\p{Cf}\u2028\u2029]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return `> ${line.length > MAX_QUOTE ? `${line.slice(0, MAX_QUOTE - 1)}…` : line}`;
}

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

const CVE_ID = /\bCVE-\d{4}-\d{4,7}\b/i;

/** `- [ref] severity · note` then the record's title quoted (and its snippet, when a search has one). */
function recordLines(
  records: readonly AdvisorRecord[],
  catalogue: IntentCatalogue,
  extra: { notes?: ReadonlyMap<string, string>; snippets?: ReadonlyMap<string, string> } = {},
) {
  return records.flatMap((r) => {
    const severity =
      r.severity && (severities as readonly string[]).includes(r.severity)
        ? catalogue.text.severity[r.severity as Severity]
        : null;
    const head = [severity, extra.notes?.get(r.ref)].filter(Boolean).join(' · ');
    const snippet = extra.snippets?.get(r.ref);
    return [
      `- [${r.ref}]${head ? ` ${head}` : ''}`,
      quote(r.title),
      ...(snippet && snippet !== r.title ? [quote(snippet)] : []),
    ];
  });
}

const cite = (output: ToolOutput, ref: string) => (output.records.some((r) => r.ref === ref) ? ` [${ref}]` : '');
const findingsOf = (output: ToolOutput) => output.records.filter((r) => r.kind === 'finding');

/** A tool's output, typed as the tool declares its data (advisor.tools.ts). */
async function call<D>(ctx: AnswerContext, name: ToolName, args: Record<string, unknown>) {
  return (await ctx.tools.call(name, args)) as ToolOutput<D>;
}

/** The rating and the open findings by severity (posture_summary). */
function postureLines(output: ToolOutput<PostureSummaryData>, ctx: AnswerContext): string[] {
  const { text } = ctx.catalogue;
  const f = formatters(ctx.catalogue);
  const { rating, open_by_severity: open } = output.data;
  const total = Object.values(open).reduce((sum, n) => sum + n, 0);
  return [
    rating.grade && rating.score !== null
      ? `${text.rating(rating.grade, f.number(rating.score))}${cite(output, rating.ref)}`
      : text.noRating,
    text.openFindings(f.count(total), f.count(open.critical ?? 0), f.count(open.high ?? 0)),
  ];
}

async function posture(ctx: AnswerContext): Promise<string[]> {
  return postureLines(await call<PostureSummaryData>(ctx, 'posture_summary', {}), ctx);
}

/** The rating, then its top fixes (what each adds to the score), or else the most severe findings. */
async function fixFirst(ctx: AnswerContext): Promise<string[]> {
  const { text } = ctx.catalogue;
  const f = formatters(ctx.catalogue);
  const summary = await call<PostureSummaryData>(ctx, 'posture_summary', {});
  const lines = postureLines(summary, ctx);
  const gains = new Map<string, string>();
  for (const fix of summary.data.top_fixes) {
    if (fix.finding) gains.set(fix.finding.ref, text.fixGain(f.number(fix.gain), f.count(fix.findings)));
  }
  let top = findingsOf(summary).slice(0, SHOWN.findings);
  if (top.length === 0) {
    const list = await call(ctx, 'list_findings', { status: OPEN, sort: 'severity', limit: SHOWN.findings });
    top = findingsOf(list).slice(0, SHOWN.findings);
  }
  if (top.length === 0) return [...lines, text.nothingToFix];
  return [...lines, '', text.fixFirstIntro, ...recordLines(top, ctx.catalogue, { notes: gains })];
}

/** Which CVEs affect us: the company's open findings naming a CVE (watch list matches and scan
 * detections: their titles start with or hold the id), most severe first. */
async function cveFindings(ctx: AnswerContext): Promise<string[]> {
  const { text, questions } = ctx.catalogue;
  const list = await call(ctx, 'list_findings', { q: 'CVE-', status: OPEN, sort: 'severity', limit: SHOWN.findings });
  const found = findingsOf(list);
  if (found.length === 0) return [text.cveListNone];
  const example = found.map((r) => CVE_ID.exec(r.title)?.[0]).find(Boolean);
  const ask = example ? ['', text.cveAskOne(questions.cve(example.toUpperCase()))] : [];
  return [text.cveListIntro, ...recordLines(found, ctx.catalogue), ...ask];
}

async function cveExposure(ctx: AnswerContext, id: string): Promise<string[]> {
  const { text } = ctx.catalogue;
  const f = formatters(ctx.catalogue);
  const output = await call<CveExposureData>(ctx, 'cve_exposure', { cve: id });
  const { cve, findings, watch_finding: watched } = output.data;
  // cve: the CVE as the company's watch list matched it (null when it did not; scans may still name it).
  const lines: string[] = [];
  const missing = output.data.not_in_catalogue;
  if (missing) {
    // First whether the CVE is known at all: "not affected" would read as a fact about a CVE nobody holds.
    lines.push(
      text.cveUnknown(id, {
        sync: missing.last_nvd_sync_at ? f.day(missing.last_nvd_sync_at) : null,
        upload: missing.last_upload_at ? f.day(missing.last_upload_at) : null,
        nvdUpTo: missing.nvd_newest_published_at ? f.day(missing.nvd_newest_published_at) : null,
        kev: missing.kev_catalog_version,
      }),
    );
    if (!output.data.affected) return lines;
    lines.push('');
  } else if (cve) {
    const cvss = cve.cvss31 ?? cve.cvss40;
    const facts = text.cveFacts({
      cvss: cvss === null ? null : f.number(cvss),
      severity: cvss === null ? null : text.severity[severityOfScore(cvss)],
      kev: cve.kev,
      epss: cve.epss === null ? null : f.percent(cve.epss),
    });
    lines.push(
      `${cite(output, cve.ref).trim() || cve.ref}: ${facts}`,
      ...(cve.summary ? [quote(cve.summary)] : []),
      '',
    );
  } else if (output.data.catalogue) {
    // No watch list matched it: what the shared catalogue says of it, then whether anything matches.
    const entry = output.data.catalogue;
    const severity = entry.severity as keyof typeof text.severity | null;
    lines.push(
      `${cite(output, entry.ref).trim() || entry.ref}: ${text.cveCatalogue({
        severity: severity ? (text.severity[severity] ?? severity) : null,
        published: entry.published_at ? f.day(entry.published_at) : null,
      })}`,
      ...(entry.summary ? [quote(entry.summary)] : []),
      '',
    );
  }
  if (!output.data.affected) return [...lines, text.cveNotAffected(id)];
  const cited = findingsOf(output).filter((r) => findings.some((x) => x.ref === r.ref));
  return [
    ...lines,
    text.cveAffected(id, f.count(findings.length), watched !== null),
    ...recordLines(cited.slice(0, SHOWN.findings), ctx.catalogue),
  ];
}

function periodCounts(figures: PeriodFigures, f: ReturnType<typeof formatters>): Record<keyof PeriodCounts, Count> {
  return {
    new: f.count(figures.new),
    resolved: f.count(figures.resolved),
    reopened: f.count(figures.reopened),
    slaBreaches: f.count(figures.sla_breaches),
  };
}

async function whatChanged(ctx: AnswerContext, period: 'week' | 'month'): Promise<string[]> {
  const { text } = ctx.catalogue;
  const f = formatters(ctx.catalogue);
  const output = await call<WhatChangedData>(ctx, 'what_changed', { period });
  const { current, totals } = output.data;
  const lines = [
    `${text.changedPeriod(period, f.day(current.from), f.day(current.to))}${cite(output, output.data.ref)}`,
    text.changedCounts(periodCounts(totals.current, f)),
    text.changedBefore(periodCounts(totals.previous, f)),
  ];
  const top = findingsOf(output).slice(0, SHOWN.findings);
  return top.length === 0 ? lines : [...lines, '', text.topRisksIntro, ...recordLines(top, ctx.catalogue)];
}

async function leakedAccounts(ctx: AnswerContext, r: Recognised): Promise<string[]> {
  const { text } = ctx.catalogue;
  const f = formatters(ctx.catalogue);
  const clearOnly = r.clearPasswordOnly === true;
  const domain = r.domain ?? null;
  const output = await call<LeakedAccountsData>(ctx, 'leaked_accounts', {
    clearPasswordOnly: clearOnly,
    limit: SHOWN.accounts,
    ...(domain ? { domain } : {}),
  });
  const { total } = output.data;
  if (total === 0) return [text.leakedNone(clearOnly, domain)];
  const shown = findingsOf(output).slice(0, SHOWN.accounts);
  return [
    text.leakedIntro(f.count(total), clearOnly, domain),
    ...(shown.length < total ? [text.shownFirst(f.count(shown.length))] : []),
    ...recordLines(shown, ctx.catalogue),
  ];
}

async function search(ctx: AnswerContext, terms: string | undefined): Promise<string[]> {
  const { text } = ctx.catalogue;
  if (!terms || terms.length < 2) return [text.searchNeedsTerms];
  const f = formatters(ctx.catalogue);
  const output = await call<SearchData>(ctx, 'search', { q: terms });
  const hits = output.data.groups.flatMap((g) => g.hits);
  if (hits.length === 0) return [text.searchNone, quote(terms)];
  const snippets = new Map(hits.flatMap((h) => (h.snippet ? [[h.ref, h.snippet] as const] : [])));
  // A record found in two groups (a finding and its module's record) is shown once.
  const records = [...new Map(output.records.map((r) => [r.ref, r])).values()];
  const unique = records.length;
  const shown = records.slice(0, SHOWN.hits);
  return [
    text.searchIntro(f.count(unique)),
    quote(terms),
    ...(shown.length < unique ? [text.shownFirst(f.count(shown.length))] : []),
    ...recordLines(shown, ctx.catalogue, { snippets }),
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
      return r.cve ? cveExposure(ctx, r.cve) : cveFindings(ctx);
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
