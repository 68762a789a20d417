// The code search run (`secrets.run`, provider github): one query per search term (the company's
// domains always, its enabled organisations and keywords), each query's pages up to GitHub's
// 1,000 results; every hit's file fetched at its commit and run through Vigil's rules with the
// company's allow-list; for each secret the file's last commit (author, date). A query's secrets
// are written, and the checkpoint moved past it, in one transaction; the providers are never
// called inside it. Findings are the platform's (no import job): each new or reopened one is an
// event and the alerts are evaluated; the rating is refreshed at the end.
import type { Executor } from '../../db/database.js';
import type { CodeCommit, CodeSearchHit, ProviderCall } from '../../platform/providers/provider.types.js';
import { defineProviderJob, type ProviderRunInput } from '../../platform/providers/provider-runs.js';
import { queueRatingRefresh } from '../../platform/risk/risk.queue.js';
import { type Detection, detect } from './rules/detector.js';
import { vigilRules } from './rules/rule-set.js';
import { companyAllowlist } from './secrets.allowlist.js';
import { type SecretSighting, secretHashKey, writeSightings } from './secrets.ingest.js';
import { companyDomains } from './secrets.settings.js';

/** GitHub serves 1,000 results of a query: 10 pages of 100. */
export const MAX_PAGES = 10;

/** The run's queries, in a stable order (the checkpoint counts them). */
export async function searchQueries(db: Executor, companyId: number): Promise<string[]> {
  const terms = await db
    .selectFrom('code_search_terms')
    .select(['kind', 'value'])
    .where('company_id', '=', companyId)
    .where('enabled', '=', true)
    .orderBy('id')
    .execute();
  const domains = [
    ...(await companyDomains(db, companyId)),
    ...terms.filter((t) => t.kind === 'domain').map((t) => t.value),
  ];
  const queries = [
    ...domains.map((d) => `"${d}"`),
    ...terms.filter((t) => t.kind === 'organisation').map((t) => `org:${t.value}`),
    ...terms.filter((t) => t.kind === 'keyword').map((t) => `"${t.value}"`),
  ];
  return [...new Set(queries)];
}

/** The commit of a search hit: GitHub's html_url is `…/blob/<commit>/<path>`. */
export function refOf(hit: CodeSearchHit): string {
  return /\/blob\/([0-9a-f]{7,64})\//i.exec(hit.htmlUrl)?.[1] ?? hit.sha;
}

function sightingOf(d: Detection, hit: CodeSearchHit, commit: CodeCommit | null, now: Date): SecretSighting {
  const rule = vigilRules().rules.find((r) => r.id === d.ruleId);
  return {
    ruleId: d.ruleId,
    ruleDescription: rule?.description ?? d.ruleId,
    severity: rule?.severity ?? 'high',
    secret: d.secret,
    entropy: d.entropy,
    provider: 'github',
    repository: hit.repository,
    filePath: hit.path,
    line: d.line,
    commitSha: commit?.sha ?? refOf(hit),
    author: commit?.author ?? null,
    committedAt: commit?.date ?? null,
    url: `${hit.htmlUrl}#L${d.line}`,
    fragment: d.fragment,
    seenAt: now,
  };
}

async function searchOne(input: ProviderRunInput, query: string, seen: Set<string>) {
  const { ctx, run, providers, signal } = input;
  const code = providers.code;
  if (!code) throw new Error('Code search is not configured.');
  const call: ProviderCall = { companyId: run.company_id, runId: run.id, signal };
  const allow = await companyAllowlist(ctx.db, run.company_id);
  const sightings: SecretSighting[] = [];
  let results = 0;
  for (let page: number | null = 1; page !== null && page <= MAX_PAGES; ) {
    const answer = await code.search(query, page, call);
    results += answer.hits.length;
    for (const hit of answer.hits) {
      const key = `${hit.repository}:${hit.path}:${hit.sha}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const file = await code.file(hit.repository, hit.path, refOf(hit), call);
      const found = detect(vigilRules(), file.content, hit.path, allow, hit.repository);
      if (found.length === 0) continue;
      const commit = await code.lastCommit(hit.repository, hit.path, call);
      const now = ctx.clock.now();
      sightings.push(...found.map((d) => sightingOf(d, hit, commit, now)));
    }
    page = answer.nextPage;
  }
  return { sightings, results };
}

export async function runSecretSearch(input: ProviderRunInput): Promise<void> {
  const { ctx, run, checkpoint, progress } = input;
  const queries = await searchQueries(ctx.db, run.company_id);
  await progress({ queriesTotal: queries.length, queriesDone: checkpoint });
  const hashKey = secretHashKey(ctx.codeKey);
  const seen = new Set<string>();
  for (let i = checkpoint; i < queries.length; i += 1) {
    const { sightings, results } = await searchOne(input, queries[i] ?? '', seen);
    await ctx.db.transaction().execute(async (trx) => {
      const now = ctx.clock.now();
      const written = await writeSightings(
        trx,
        { companyId: run.company_id, module: 'secrets', jobId: null, isDemo: run.is_demo, now, hashKey, runId: run.id },
        sightings,
      );
      const fresh = written.incidents.filter((r) => r.inserted || r.reopened).length;
      await progress({ queriesDone: i + 1, results, newResults: fresh }, trx);
      if (i + 1 === queries.length) await queueRatingRefresh(trx, run.company_id, now);
    });
  }
  if (queries.length === 0) await queueRatingRefresh(ctx.db, run.company_id, ctx.clock.now());
}

export const secretsRunJob = defineProviderJob({
  module: 'secrets',
  kind: 'secrets.run',
  provider: 'github',
  run: runSecretSearch,
});
