// Code search in GitHub's REST shape: GET {base}/search/code?q&per_page&page with text matches
// (Accept: application/vnd.github.text-match+json), a file through the contents API (base64), its
// newest commit through the commits API; a Bearer token. Code search allows 10 requests a minute
// (the provider's window) and serves 1,000 results of a query at most.
import { z } from 'zod';
import type { CodeCommit, CodeFile, CodeSearchPage, CodeSearchProvider, ProviderCall } from '../provider.types.js';
import type { ProviderHttp } from '../provider-http.js';
import type { ProviderLimit } from '../provider-usage.js';

const PER_PAGE = 100;
const MAX_RESULTS = 1000;
/** Characters of a file kept for the detectors. */
export const MAX_FILE_CHARS = 512 * 1024;

const searchAnswer = z.object({
  total_count: z.number().int(),
  incomplete_results: z.boolean().default(false),
  items: z.array(
    z.object({
      path: z.string(),
      sha: z.string(),
      html_url: z.string(),
      repository: z.object({ full_name: z.string() }),
      text_matches: z.array(z.object({ fragment: z.string() })).default([]),
    }),
  ),
});
const fileAnswer = z.object({ content: z.string(), encoding: z.string() });
const commitsAnswer = z.array(
  z.object({
    sha: z.string(),
    commit: z.object({
      author: z.object({ name: z.string().nullish(), date: z.string().nullish() }).nullish(),
    }),
    author: z.object({ login: z.string() }).nullish(),
  }),
);

/** `owner/name` and a path, each segment encoded. */
const repoPath = (repository: string, path: string) =>
  `/repos/${repository.split('/').map(encodeURIComponent).join('/')}/contents/${path.split('/').map(encodeURIComponent).join('/')}`;

export function githubAdapter(
  http: ProviderHttp,
  settings: { url: string; token: string },
  limit: ProviderLimit,
): CodeSearchProvider {
  const headers = (accept = 'application/vnd.github+json') => ({
    accept,
    authorization: `Bearer ${settings.token}`,
    'x-github-api-version': '2022-11-28',
  });
  return {
    id: 'github',
    async search(query: string, page: number, call: ProviderCall): Promise<CodeSearchPage> {
      const params = new URLSearchParams({ q: query, per_page: String(PER_PAGE), page: String(page) });
      const { body } = await http.json({
        url: `${settings.url}/search/code?${params}`,
        headers: headers('application/vnd.github.text-match+json'),
        call,
        limit,
      });
      const parsed = searchAnswer.safeParse(body);
      if (!parsed.success) return http.malformed(call, 'no code search result list');
      const hits = parsed.data.items.map((i) => ({
        repository: i.repository.full_name,
        path: i.path,
        sha: i.sha,
        htmlUrl: i.html_url,
        fragments: i.text_matches.map((m) => m.fragment),
      }));
      await http.results(call, hits.length);
      const reachable = Math.min(parsed.data.total_count, MAX_RESULTS);
      return {
        hits,
        nextPage: hits.length > 0 && (page - 1) * PER_PAGE + hits.length < reachable ? page + 1 : null,
        total: parsed.data.total_count,
        incomplete: parsed.data.incomplete_results,
      };
    },
    async file(repository: string, path: string, ref: string, call: ProviderCall): Promise<CodeFile> {
      const url = `${settings.url}${repoPath(repository, path)}?${new URLSearchParams({ ref })}`;
      const { body } = await http.json({ url, headers: headers(), call });
      const parsed = fileAnswer.safeParse(body);
      if (!parsed.success || parsed.data.encoding !== 'base64') return http.malformed(call, 'not a file');
      const text = Buffer.from(parsed.data.content.replace(/\s/g, ''), 'base64').toString('utf8');
      return { content: text.slice(0, MAX_FILE_CHARS), truncated: text.length > MAX_FILE_CHARS };
    },
    async lastCommit(repository: string, path: string, call: ProviderCall): Promise<CodeCommit | null> {
      const repo = repository.split('/').map(encodeURIComponent).join('/');
      const url = `${settings.url}/repos/${repo}/commits?${new URLSearchParams({ path, per_page: '1' })}`;
      const { body } = await http.json({ url, headers: headers(), call, accept: [404, 409] });
      if (body === null) return null;
      const parsed = commitsAnswer.safeParse(body);
      if (!parsed.success) return http.malformed(call, 'not a commit list');
      const first = parsed.data[0];
      if (!first) return null;
      const date = first.commit.author?.date ? new Date(first.commit.author.date) : null;
      return {
        sha: first.sha,
        author: first.author?.login ?? first.commit.author?.name ?? null,
        date: date && !Number.isNaN(date.getTime()) ? date : null,
      };
    },
  };
}
