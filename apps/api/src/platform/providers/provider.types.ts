// The external providers the exposure searches reach (issue 18), as the modules see them: each
// adapter speaks its provider's real request and response shape (Programmable Search JSON, GitHub
// REST code search, Wayback CDX, Common Crawl's index, AlienVault OTX, urlscan, RDAP) and hides it
// behind these interfaces, so a provider can be swapped (Programmable Search closes to new
// customers and ends on 1 January 2027). Credentials and base URLs come from configuration; a
// provider that is not configured is null, never contacted. Adapters count usage per company and
// provider, share one rate-limit window per provider across processes, and turn a 429 (or GitHub's
// secondary-limit 403) into ProviderThrottled with the time to come back.

export const providerIds = ['web-search', 'github', 'wayback', 'commoncrawl', 'otx', 'urlscan', 'rdap'] as const;
export type ProviderId = (typeof providerIds)[number];
export const archiveProviderIds = ['wayback', 'commoncrawl', 'otx', 'urlscan'] as const;
export type ArchiveProviderId = (typeof archiveProviderIds)[number];

/** Who a request is made for: usage is counted per company and provider, a run's requests on the run. */
export interface ProviderCall {
  companyId: number;
  runId: number | null;
  signal?: AbortSignal;
}

/** The provider said "too many requests": come back at `retryAt` (its Retry-After, or the window's end). */
export class ProviderThrottled extends Error {
  constructor(
    readonly provider: ProviderId,
    readonly retryAt: Date,
  ) {
    super(`${provider} is rate-limited until ${retryAt.toISOString()}.`);
  }
}

/** The provider answered something unusable (5xx after retries, a malformed page): the reason, no secret. */
export class ProviderFailed extends Error {
  constructor(
    readonly provider: ProviderId,
    message: string,
  ) {
    super(`${provider}: ${message}`);
  }
}

// --- web search (Programmable Search JSON shape first) ---
export interface WebSearchResult {
  url: string;
  title: string;
  snippet: string;
}
export interface WebSearchPage {
  results: WebSearchResult[];
  /** The `start` of the next page, null at the end (the provider's own limit included). */
  nextStart: number | null;
  total: number;
}
export interface WebSearchProvider {
  id: 'web-search';
  /** `start` is 1-based, as Programmable Search's. */
  search(query: string, start: number, call: ProviderCall): Promise<WebSearchPage>;
}

// --- code search (GitHub REST: /search/code with text matches, contents, commits) ---
export interface CodeSearchHit {
  /** `owner/name`. */
  repository: string;
  path: string;
  /** The blob's SHA. */
  sha: string;
  htmlUrl: string;
  /** The text-match fragments GitHub returned. */
  fragments: string[];
}
export interface CodeSearchPage {
  hits: CodeSearchHit[];
  nextPage: number | null;
  total: number;
  /** GitHub's `incomplete_results`. */
  incomplete: boolean;
}
export interface CodeFile {
  /** UTF-8 text, at most the adapter's cap. */
  content: string;
  truncated: boolean;
}
export interface CodeCommit {
  sha: string;
  author: string | null;
  date: Date | null;
}
export interface CodeSearchProvider {
  id: 'github';
  /** `page` is 1-based; GitHub serves 1,000 results at most (10 pages of 100). */
  search(query: string, page: number, call: ProviderCall): Promise<CodeSearchPage>;
  file(repository: string, path: string, ref: string, call: ProviderCall): Promise<CodeFile>;
  /** The newest commit that touched the file, when the provider knows it. */
  lastCommit(repository: string, path: string, call: ProviderCall): Promise<CodeCommit | null>;
}

// --- web archives (Wayback CDX, Common Crawl index, AlienVault OTX, urlscan) ---
export interface ArchivedCapture {
  url: string;
  capturedAt: Date | null;
  status: number | null;
  mime: string | null;
}
export interface ArchivePage {
  captures: ArchivedCapture[];
  /** Opaque: pass it back for the next page; null at the end. */
  cursor: string | null;
}
export interface ArchiveProvider {
  id: ArchiveProviderId;
  /** Captures of the domain and its subdomains. */
  urls(domain: string, cursor: string | null, call: ProviderCall): Promise<ArchivePage>;
}

// --- registration data (RDAP) for the store blacklist ---
export interface RdapDomain {
  registrar: string | null;
  registeredAt: Date | null;
  status: string[];
  abuseEmail: string | null;
}
export interface RdapNetwork {
  /** The network's name (who hosts it). */
  name: string | null;
  country: string | null;
}
export interface RdapProvider {
  id: 'rdap';
  domain(name: string, call: ProviderCall): Promise<RdapDomain | null>;
  ip(address: string, call: ProviderCall): Promise<RdapNetwork | null>;
}

/** What the screens show of a provider: configured or what to configure, and today's usage. */
export interface ProviderStatus {
  id: ProviderId;
  configured: boolean;
  /** The settings to set when it is not (names only, never values). */
  settings: string[];
  /** Served by the local demo providers of a development start. */
  demo: boolean;
}

/** The deployment's providers; a provider that is not configured is null (or absent from archives). */
export interface Providers {
  webSearch: WebSearchProvider | null;
  code: CodeSearchProvider | null;
  archives: ArchiveProvider[];
  rdap: RdapProvider | null;
  status(): ProviderStatus[];
}
