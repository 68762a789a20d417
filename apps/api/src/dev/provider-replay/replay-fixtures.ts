// The replay server's recorded data, per provider (files under fixtures/<provider>/, any name, every
// file of a folder merged; tests add their own with replay.add()). Layouts:
// - web-search/*.json  { "entries": [ { "site": "acme-retail.test", "contains": ["filetype:sql"],
//                        "results": [ { "link", "title", "snippet" } ] } ] }
//   an entry answers a query holding `site:<site>` (when given) and every `contains` (case-insensitive).
// - github/*.json      { "files": [ { "repository": "owner/name", "path", "content",
//                        "commit": { "sha", "author", "date" } } ] }
//   a file answers a query whose every term is in its content (`org:`/`user:`, `repo:`, `path:`,
//   `filename:`, `extension:` qualifiers checked against the file; `language:` and `in:` ignored).
// - wayback/*.json, commoncrawl/*.json, otx/*.json, urlscan/*.json
//                      { "domain": "acme-retail.test", "captures": [ { "url", "timestamp": "20240131120000",
//                        "status": 200, "mime": "text/html" } ] }
// - rdap/*.json        { "domains": { "<name>": <RDAP domain JSON> }, "ips": { "<address>": <RDAP ip network JSON> } }
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from '../../config/env.js';

export const FIXTURES_DIR = join(repoRoot, 'apps/api/src/dev/provider-replay/fixtures');

export interface WebSearchEntry {
  site?: string;
  contains?: string[];
  results: { link: string; title: string; snippet: string }[];
}
export interface CodeFileFixture {
  repository: string;
  path: string;
  content: string;
  commit?: { sha: string; author: string; date: string };
}
export interface CaptureFixture {
  url: string;
  timestamp: string;
  status?: number | null;
  mime?: string | null;
}
export interface ArchiveFixture {
  domain: string;
  captures: CaptureFixture[];
}

export interface ReplayData {
  webSearch: WebSearchEntry[];
  github: CodeFileFixture[];
  webArchives: Record<'wayback' | 'commoncrawl' | 'otx' | 'urlscan', ArchiveFixture[]>;
  rdap: { domains: Record<string, unknown>; ips: Record<string, unknown> };
}

export const emptyReplayData = (): ReplayData => ({
  webSearch: [],
  github: [],
  webArchives: { wayback: [], commoncrawl: [], otx: [], urlscan: [] },
  rdap: { domains: {}, ips: {} },
});

function* jsonFiles(dir: string): Generator<string> {
  if (!existsSync(dir)) return;
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* jsonFiles(path);
    else if (name.endsWith('.json')) yield path;
  }
}

const read = <T>(path: string): T => JSON.parse(readFileSync(path, 'utf8')) as T;

/** Every fixture file under `dir` (default: the recorded ones). */
export function loadReplayData(dir = FIXTURES_DIR): ReplayData {
  const data = emptyReplayData();
  for (const file of jsonFiles(join(dir, 'web-search'))) {
    data.webSearch.push(...read<{ entries: WebSearchEntry[] }>(file).entries);
  }
  for (const file of jsonFiles(join(dir, 'github')))
    data.github.push(...read<{ files: CodeFileFixture[] }>(file).files);
  for (const provider of ['wayback', 'commoncrawl', 'otx', 'urlscan'] as const) {
    for (const file of jsonFiles(join(dir, provider))) data.webArchives[provider].push(read<ArchiveFixture>(file));
  }
  for (const file of jsonFiles(join(dir, 'rdap'))) {
    const rdap = read<Partial<ReplayData['rdap']>>(file);
    Object.assign(data.rdap.domains, rdap.domains ?? {});
    Object.assign(data.rdap.ips, rdap.ips ?? {});
  }
  return data;
}

/** The web-search results of a query (entries matched in order, each link once). */
export function webSearchResults(data: ReplayData, query: string): WebSearchEntry['results'] {
  const q = query.toLowerCase();
  const seen = new Set<string>();
  return data.webSearch
    .filter(
      (e) =>
        (!e.site || q.includes(`site:${e.site.toLowerCase()}`)) &&
        (e.contains ?? []).every((c) => q.includes(c.toLowerCase())),
    )
    .flatMap((e) => e.results)
    .filter((r) => !seen.has(r.link) && seen.add(r.link));
}

/** A code-search query's terms: quoted phrases and words, qualifiers apart. */
function termsOf(query: string): { words: string[]; qualifiers: [string, string][] } {
  const words: string[] = [];
  const qualifiers: [string, string][] = [];
  for (const match of query.matchAll(/(\w+):("[^"]*"|\S+)|"([^"]*)"|(\S+)/g)) {
    if (match[1] && match[2]) qualifiers.push([match[1].toLowerCase(), match[2].replace(/"/g, '').toLowerCase()]);
    else {
      const word = (match[3] ?? match[4] ?? '').toLowerCase();
      if (word && !['and', 'or', 'not'].includes(word)) words.push(word);
    }
  }
  return { words, qualifiers };
}

function qualifies(file: CodeFileFixture, [name, value]: [string, string]): boolean {
  const repo = file.repository.toLowerCase();
  const path = file.path.toLowerCase();
  if (name === 'org' || name === 'user') return repo.startsWith(`${value}/`);
  if (name === 'repo') return repo === value;
  if (name === 'path') return path.includes(value);
  if (name === 'filename') return path.split('/').at(-1) === value;
  if (name === 'extension') return path.endsWith(`.${value}`);
  return true;
}

/** The files a code search finds, with the fragment around the first term. */
export function codeSearchHits(data: ReplayData, query: string) {
  const { words, qualifiers } = termsOf(query);
  return data.github.flatMap((file) => {
    const content = file.content.toLowerCase();
    if (!qualifiers.every((q) => qualifies(file, q)) || !words.every((w) => content.includes(w))) return [];
    const at = words[0] ? content.indexOf(words[0]) : 0;
    const fragment = file.content.slice(Math.max(0, at - 80), at + 120);
    return [{ file, fragment }];
  });
}

/** The captures of a domain (and its subdomains) in a provider's fixtures. */
export function capturesOf(fixtures: ArchiveFixture[], domain: string): CaptureFixture[] {
  const d = domain.toLowerCase().replace(/^\*\./, '').replace(/\/\*$/, '');
  return fixtures.filter((f) => f.domain.toLowerCase() === d).flatMap((f) => f.captures);
}
