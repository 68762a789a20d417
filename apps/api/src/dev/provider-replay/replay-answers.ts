// The replay server's answers in each provider's real shape, built from the recorded data
// (replay-fixtures.ts) and paged as the provider pages them. Each takes the request's path (after
// the provider's prefix) and query, and returns a status and a body, or undefined (404).
import type { ReplayData } from './replay-fixtures.js';
import { capturesOf, codeSearchHits, webSearchResults } from './replay-fixtures.js';

export interface ReplayAnswer {
  status: number;
  body: string;
  type?: string;
  headers?: Record<string, string>;
}

const json = (body: unknown, status = 200): ReplayAnswer => ({ status, body: JSON.stringify(body) });
const int = (value: string | null, fallback: number, max: number) => {
  const n = Number(value ?? fallback);
  return Number.isInteger(n) && n > 0 ? Math.min(n, max) : fallback;
};

/** Programmable Search: GET /customsearch/v1?key&cx&q&start&num. */
export function webSearchAnswer(
  data: ReplayData,
  path: string,
  query: URLSearchParams,
  pageSize?: number,
): ReplayAnswer | undefined {
  if (path !== '/customsearch/v1') return undefined;
  if (!query.get('key') || !query.get('cx')) {
    const message = !query.get('key') ? 'Missing API key' : 'Missing cx';
    return json({ error: { code: 400, message, errors: [{ message, domain: 'global', reason: 'badRequest' }] } }, 400);
  }
  const q = query.get('q') ?? '';
  const start = int(query.get('start'), 1, 100);
  const num = pageSize ?? int(query.get('num'), 10, 10);
  const all = webSearchResults(data, q).slice(0, 100);
  const items = all.slice(start - 1, start - 1 + num);
  const request = {
    title: 'Google Custom Search',
    totalResults: String(all.length),
    searchTerms: q,
    count: items.length,
    startIndex: start,
    cx: query.get('cx'),
  };
  const next = start - 1 + num < all.length ? [{ ...request, startIndex: start + num }] : undefined;
  return json({
    kind: 'customsearch#search',
    queries: { request: [request], ...(next ? { nextPage: next } : {}) },
    searchInformation: {
      searchTime: 0.21,
      formattedTotalResults: String(all.length),
      totalResults: String(all.length),
    },
    ...(items.length > 0
      ? {
          items: items.map((i) => ({
            kind: 'customsearch#result',
            ...i,
            displayLink: new URL(i.link).host,
            formattedUrl: i.link,
          })),
        }
      : {}),
  });
}

/** GitHub REST: /search/code, /repos/{o}/{r}/contents/{path}, /repos/{o}/{r}/commits. */
export function githubAnswer(
  data: ReplayData,
  path: string,
  query: URLSearchParams,
  pageSize?: number,
): ReplayAnswer | undefined {
  if (path === '/search/code') {
    const perPage = pageSize ?? int(query.get('per_page'), 30, 100);
    const page = int(query.get('page'), 1, 1000);
    const hits = codeSearchHits(data, query.get('q') ?? '');
    const items = hits.slice((page - 1) * perPage, page * perPage).map(({ file, fragment }) => ({
      name: file.path.split('/').at(-1),
      path: file.path,
      sha: shaOf(file.repository, file.path),
      url: `https://api.github.com/repos/${file.repository}/contents/${file.path}`,
      html_url: `https://github.com/${file.repository}/blob/${file.commit?.sha ?? 'main'}/${file.path}`,
      repository: {
        full_name: file.repository,
        name: file.repository.split('/')[1],
        private: false,
        html_url: `https://github.com/${file.repository}`,
      },
      score: 1,
      text_matches: [{ object_type: 'FileContent', property: 'content', fragment, matches: [] }],
    }));
    return json({ total_count: hits.length, incomplete_results: false, items });
  }
  const repo = /^\/repos\/([^/]+)\/([^/]+)\/(contents|commits)(\/.*)?$/.exec(path);
  if (!repo) return undefined;
  const repository = `${decodeURIComponent(repo[1] ?? '')}/${decodeURIComponent(repo[2] ?? '')}`;
  const filePath = repo[3] === 'contents' ? decodeURIComponent((repo[4] ?? '').slice(1)) : (query.get('path') ?? '');
  const file = data.github.find((f) => f.repository === repository && f.path === filePath);
  if (!file) return json({ message: 'Not Found', documentation_url: 'https://docs.github.com/rest' }, 404);
  if (repo[3] === 'contents') {
    const content = Buffer.from(file.content, 'utf8')
      .toString('base64')
      .replace(/(.{60})/g, '$1\n');
    return json({
      type: 'file',
      encoding: 'base64',
      size: Buffer.byteLength(file.content),
      name: filePath.split('/').at(-1),
      path: filePath,
      content,
      sha: shaOf(repository, filePath),
    });
  }
  const commit = file.commit ?? {
    sha: shaOf(repository, `${filePath}#commit`),
    author: 'octocat',
    date: '2025-01-01T00:00:00Z',
  };
  return json([
    {
      sha: commit.sha,
      commit: {
        author: { name: commit.author, email: `${commit.author}@users.noreply.github.com`, date: commit.date },
        message: 'Update',
      },
      author: { login: commit.author },
    },
  ]);
}

/** A stable fake blob SHA for a file. */
function shaOf(repository: string, path: string): string {
  let h = 0;
  for (const c of `${repository}/${path}`) h = (h * 31 + c.charCodeAt(0)) >>> 0;
  return h.toString(16).padStart(8, '0').repeat(5);
}

/** Wayback CDX: /cdx/search/cdx?url=*.{d}/*&output=json&fl=…&limit&showResumeKey&resumeKey. */
export function waybackAnswer(
  data: ReplayData,
  path: string,
  query: URLSearchParams,
  pageSize?: number,
): ReplayAnswer | undefined {
  if (path !== '/cdx/search/cdx') return undefined;
  const captures = capturesOf(data.webArchives.wayback, query.get('url') ?? '');
  const limit = pageSize ?? int(query.get('limit'), 10_000, 10_000);
  const from = Number(query.get('resumeKey') ?? '0') || 0;
  const rows = captures
    .slice(from, from + limit)
    .map((c) => [c.url, c.timestamp, c.status ? String(c.status) : '-', c.mime ?? 'unk']);
  const more = from + limit < captures.length && query.get('showResumeKey') === 'true';
  return json([
    ['original', 'timestamp', 'statuscode', 'mimetype'],
    ...rows,
    ...(more ? [[], [String(from + limit)]] : []),
  ]);
}

/** Common Crawl index: /{index}-index?url=*.{d}&output=json[&showNumPages=true|&page=N], NDJSON. */
export function commonCrawlAnswer(
  data: ReplayData,
  path: string,
  query: URLSearchParams,
  pageSize = 1000,
): ReplayAnswer | undefined {
  if (!/^\/[^/]+-index$/.test(path)) return undefined;
  const captures = capturesOf(data.webArchives.commoncrawl, query.get('url') ?? '');
  const pages = Math.ceil(captures.length / pageSize);
  if (query.get('showNumPages') === 'true') return json({ pages, pageSize: 5, blocks: pages });
  if (captures.length === 0)
    return { status: 404, type: 'text/plain', body: `No Captures found for: ${query.get('url')}` };
  const page = Number(query.get('page') ?? '0') || 0;
  const lines = captures.slice(page * pageSize, (page + 1) * pageSize).map((c) =>
    JSON.stringify({
      urlkey: c.url,
      timestamp: c.timestamp,
      url: c.url,
      mime: c.mime ?? 'unk',
      status: c.status ? String(c.status) : '-',
    }),
  );
  return { status: 200, type: 'text/x-ndjson', body: `${lines.join('\n')}\n` };
}

/** OTX: /api/v1/indicators/domain/{d}/url_list?limit&page. */
export function otxAnswer(
  data: ReplayData,
  path: string,
  query: URLSearchParams,
  pageSize?: number,
): ReplayAnswer | undefined {
  const match = /^\/api\/v1\/indicators\/domain\/([^/]+)\/url_list$/.exec(path);
  if (!match) return undefined;
  const captures = capturesOf(data.webArchives.otx, decodeURIComponent(match[1] ?? ''));
  const limit = pageSize ?? int(query.get('limit'), 10, 500);
  const page = int(query.get('page'), 1, 100_000);
  const list = captures.slice((page - 1) * limit, page * limit).map((c) => ({
    url: c.url,
    date: `${c.timestamp.slice(0, 4)}-${c.timestamp.slice(4, 6)}-${c.timestamp.slice(6, 8)}T${c.timestamp.slice(8, 10) || '00'}:${c.timestamp.slice(10, 12) || '00'}:${c.timestamp.slice(12, 14) || '00'}`,
    domain: new URL(c.url).hostname,
    httpcode: c.status ?? 0,
    result: { urlworker: { ip: '', http_code: c.status ?? 0 } },
  }));
  return json({
    url_list: list,
    page_num: page,
    limit,
    paged: true,
    has_next: page * limit < captures.length,
    full_size: captures.length,
  });
}

/** urlscan: /api/v1/search/?q=domain:{d}&size&search_after. */
export function urlscanAnswer(
  data: ReplayData,
  path: string,
  query: URLSearchParams,
  pageSize?: number,
): ReplayAnswer | undefined {
  if (path !== '/api/v1/search/' && path !== '/api/v1/search') return undefined;
  const domain = /domain:(\S+)/.exec(query.get('q') ?? '')?.[1] ?? '';
  const captures = capturesOf(data.webArchives.urlscan, domain);
  const size = pageSize ?? int(query.get('size'), 100, 10_000);
  const after = query.get('search_after');
  const from = after ? Number(after.split(',')[1] ?? '0') + 1 : 0;
  const results = captures.slice(from, from + size).map((c, i) => {
    const time = `${c.timestamp.slice(0, 4)}-${c.timestamp.slice(4, 6)}-${c.timestamp.slice(6, 8)}T00:00:00.000Z`;
    return {
      task: { url: c.url, time, visibility: 'public', method: 'api' },
      page: {
        url: c.url,
        domain: new URL(c.url).hostname,
        status: String(c.status ?? 200),
        mimeType: c.mime ?? 'text/html',
      },
      sort: [Date.parse(time), String(from + i)],
    };
  });
  return json({ results, total: captures.length, took: 3, has_more: from + size < captures.length });
}

/** RDAP: /domain/{name}, /ip/{address}: the recorded JSON, else the RDAP error object (404). */
export function rdapAnswer(data: ReplayData, path: string): ReplayAnswer | undefined {
  const match = /^\/(domain|ip)\/(.+)$/.exec(path);
  if (!match) return undefined;
  const key = decodeURIComponent(match[2] ?? '').toLowerCase();
  const found = match[1] === 'domain' ? data.rdap.domains[key] : data.rdap.ips[key];
  if (found) return { ...json(found), type: 'application/rdap+json' };
  return {
    ...json({ errorCode: 404, title: 'Not Found', description: [`${key} is not known.`] }, 404),
    type: 'application/rdap+json',
  };
}
