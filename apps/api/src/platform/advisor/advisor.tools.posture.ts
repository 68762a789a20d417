// posture_summary, cve_exposure and what_changed: the rating and its fixes, one CVE against the
// company's watch list and scans, and the insights of a period (GET /risk/*, /dashboard, /cves,
// /vulnerabilities, /insights).
import { z } from 'zod';
import type { CveExposureData, PostureSummaryData, WhatChangedData } from './advisor.tools.js';
import { catalogueEntry } from './advisor.tools.modules.js';
import {
  dateTime,
  defineTool,
  findingItem,
  findingItems,
  findingRecord,
  findingRef,
  pathOfFinding,
} from './advisor.tools.shared.js';
import { type AdvisorRecord, ToolError } from './advisor.types.js';

export const RATING_PATH = '/technicalrisk';

export const postureSummaryTool = defineTool({
  name: 'posture_summary',
  description:
    "The current company's security rating (grade A–F, score 0–100, per factor), its open findings by severity and module, and the top fixes ranked by how much they raise the score, each with the first finding to fix.",
  schema: z.object({}).strict(),
  async run(_args, { api }) {
    const [rating, fixes, dashboard] = await Promise.all([
      api.get('/risk/rating'),
      api.get('/risk/fixes', { query: { limit: 5 } }),
      api.get('/dashboard'),
    ]);
    const data: PostureSummaryData = {
      rating: {
        ref: 'rating',
        path: RATING_PATH,
        score: rating.score,
        grade: rating.grade,
        computed_at: rating.computed_at,
        factors: rating.factors.map(({ id, grade, score, open, overdue }) => ({ id, grade, score, open, overdue })),
      },
      open_by_severity: dashboard.data.open_by_severity,
      open_by_module: dashboard.data.open_by_module.filter((m) => m.count > 0),
      top_fixes: fixes.data.map((fix) => ({
        module: fix.module,
        kind: fix.kind,
        factor: fix.factor,
        severity: fix.severity,
        overdue: fix.overdue,
        findings: fix.findings,
        gain: fix.gain,
        finding: fix.finding
          ? { ref: findingRef(fix.finding.id), id: fix.finding.id, title: fix.finding.title, path: fix.finding.link }
          : null,
      })),
    };
    const records: AdvisorRecord[] = [
      { ref: 'rating', kind: 'rating', title: `Rating ${rating.grade ?? '–'}`, path: RATING_PATH, severity: null },
      ...data.top_fixes.flatMap((fix) =>
        fix.finding ? [{ ...findingRecord(fix.finding), severity: fix.severity }] : [],
      ),
    ];
    return { data, records };
  },
});

const cveId = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^CVE-\d{4}-\d{4,7}$/, 'must be a CVE id such as CVE-2026-12345');

const SUMMARY_MAX = 600;

export const cveExposureTool = defineTool({
  name: 'cve_exposure',
  description:
    "One CVE: its scores (CVSS, EPSS), whether it is in CISA's KEV, a summary, and whether the current company is affected: a match of its technology watch list (a CVE finding) or scanner findings on its assets naming it.",
  schema: z.object({ cve: cveId }).strict(),
  async run({ cve }, { api }) {
    const found = await api.get('/cves/{cveId}', { path: { cveId: cve } }).catch((error: unknown) => {
      if (error instanceof ToolError && error.status === 404) return null;
      throw error;
    });
    const scans = await api.get('/vulnerabilities', { query: { q: cve, page_size: 20, sort: '-severity' } });
    const findings = await findingItems(api, scans.data);
    const c = found?.data;
    // The watch list's match is the company's finding on the CVE: it opens where its module shows it.
    const watched = c?.finding_id ? (await api.get('/findings/{id}', { path: { id: c.finding_id } })).data : null;
    const watchFinding = watched
      ? {
          ref: findingRef(watched.id),
          id: watched.id,
          title: watched.title,
          path: pathOfFinding(watched),
          status: watched.status,
        }
      : null;
    const cvePath = watchFinding?.path ?? `/cvemonitor?q=${encodeURIComponent(cve)}`;
    // Whether the catalogue knows the CVE at all, read as CVE monitor's catalogue reads it.
    const known = await catalogueEntry(api, cve);
    const entry = c || !('entry' in known) ? null : known.entry;
    const catalogue = entry ? { ...entry, summary: entry.summary.slice(0, SUMMARY_MAX) } : null;
    const data: CveExposureData = {
      cve: c
        ? {
            ref: c.cve_id,
            path: cvePath,
            cvss31: c.cvss31_score ?? null,
            cvss40: c.cvss40_score ?? null,
            epss: c.epss ?? null,
            epss_percentile: c.epss_percentile ?? null,
            kev: c.kev,
            kev_due_date: c.kev_due_date ?? null,
            kev_ransomware: c.kev_ransomware ?? null,
            published_at: c.published_at,
            summary: c.description.slice(0, SUMMARY_MAX),
            products: (c.products ?? []).slice(0, 20),
          }
        : null,
      catalogue,
      not_in_catalogue: 'missing' in known ? known.missing : null,
      affected: watchFinding !== null || findings.length > 0,
      watch_finding: watchFinding,
      findings,
    };
    const records: AdvisorRecord[] = [
      ...(data.cve
        ? [{ ref: data.cve.ref, kind: 'cve' as const, title: data.cve.ref, path: data.cve.path, severity: null }]
        : []),
      ...(catalogue
        ? [
            {
              ref: catalogue.ref,
              kind: 'cve' as const,
              title: catalogue.ref,
              path: catalogue.path,
              severity: catalogue.severity,
            },
          ]
        : []),
      ...findings.map(findingRecord),
    ];
    return { data, records };
  },
});

export const whatChangedTool = defineTool({
  name: 'what_changed',
  description:
    'What changed for the current company in a period (the last week by default, or month, or from/to): new, resolved and reopened findings, SLA breaches and time to resolve, per module, against the period before, and the top risks.',
  schema: z
    .object({
      period: z.enum(['week', 'month']).optional(),
      from: dateTime.optional().describe('Start of a custom period (with `to`).'),
      to: dateTime.optional().describe('End of a custom period.'),
    })
    .strict(),
  async run({ period, from, to }, { api }) {
    const body = await api.get('/insights', { query: { period, from, to } });
    const d = body.data;
    const path = `/insight?period=${d.period === 'month' ? 'month' : 'week'}`;
    const data: WhatChangedData = {
      ref: 'insights',
      path,
      period: d.period,
      current: d.current,
      previous: d.previous,
      totals: d.totals,
      modules: d.modules
        .filter((m) => m.current.new + m.current.resolved + m.previous.new + m.previous.resolved > 0)
        .map(({ module, current, previous }) => ({ module, current, previous })),
      top_risks: d.top_risks
        .slice(0, 10)
        .map((row) => findingItem({ ...row, last_seen_at: row.first_seen_at }, row.link)),
    };
    const records: AdvisorRecord[] = [
      { ref: 'insights', kind: 'insight', title: `Insights (${d.period})`, path, severity: null },
      ...data.top_risks.map(findingRecord),
    ];
    return { data, records };
  },
});
