// The store dork search of one company (job `scripts.clones`, a provider run of the web search
// provider): its queries are, per store, its domains' permutations (resolved through the scanner's
// gate, the live ones captured) and then the searches for VTEX fingerprints with the brand's terms
// (each result's host captured). Every capture is compared with the real store's home page,
// captured once per store and attempt. The checkpoint is the number of queries done; each
// candidate is written in its own transaction (never a provider call inside one).

import type { ProviderRunInput } from '../../../platform/providers/provider-runs.js';
import { isWithinDomain, normalHostName } from '../../../shared/host-name.js';
import type { PageCapture, PageCapturer } from '../scanner/capture.types.js';
import { type GateSettings, gateAddress } from '../scanner/scan-proxy.js';
import type { Sighting, Visit } from './clones.writer.js';
import { writeSighting } from './clones.writer.js';
import { permutations } from './permutations.js';
import { contentHash, fingerprintsOf, similarity, VTEX_FINGERPRINTS } from './similarity.js';

export interface CloneStore {
  id: number;
  name: string;
  accountName: string | null;
  domains: string[];
  /** scheme://host of the store's pages (the home page captured as the reference). */
  origin: string;
}

export type CloneQuery =
  | { kind: 'permutations'; store: CloneStore; domain: string }
  | { kind: 'search'; store: CloneStore; term: string; fingerprint: string };

type Live = { host: string; address: string };
/** Names resolved at once. */
const RESOLVE_AT_ONCE = 16;
/** Searches per store at most (terms × fingerprints). */
const MAX_SEARCHES = 12;
/** Domains of the platform itself: a search result there is VTEX, not a clone. */
const PLATFORM_DOMAINS = ['vtex.com', 'vtex.com.br', 'vtexassets.com', 'vteximg.com.br', 'vtexcommercestable.com.br'];

/** The brand's terms of a store: its name and its platform account. */
export function brandTerms(store: CloneStore): string[] {
  return [...new Set([store.name.trim(), store.accountName?.trim() ?? ''].filter((t) => t.length >= 3))];
}

/** The run's queries in a fixed order (the checkpoint counts them). */
export function cloneQueries(stores: CloneStore[], searching: boolean): CloneQuery[] {
  const queries: CloneQuery[] = stores.flatMap((store) =>
    store.domains.map((domain) => ({ kind: 'permutations' as const, store, domain })),
  );
  if (!searching) return queries;
  for (const store of stores) {
    const searches = brandTerms(store).flatMap((term) =>
      VTEX_FINGERPRINTS.map((fingerprint) => ({ kind: 'search' as const, store, term, fingerprint })),
    );
    queries.push(...searches.slice(0, MAX_SEARCHES));
  }
  return queries;
}

async function companyStores(input: ProviderRunInput): Promise<CloneStore[]> {
  const rows = await input.ctx.db
    .selectFrom('stores as s')
    .select(['s.id', 's.name', 's.account_name', 's.domains'])
    .select((eb) =>
      eb
        .selectFrom('store_pages as p')
        .select('p.url')
        .whereRef('p.store_id', '=', 's.id')
        .orderBy('p.id')
        .limit(1)
        .as('page_url'),
    )
    .where('s.company_id', '=', input.run.company_id)
    .orderBy('s.id')
    .execute();
  return rows.map((r) => {
    const fallback = `https://www.${r.domains[0] ?? ''}`;
    const origin = r.page_url ? new URL(r.page_url).origin : fallback;
    return { id: r.id, name: r.name, accountName: r.account_name, domains: r.domains, origin };
  });
}

export class CloneSearch {
  private readonly references = new Map<number, Promise<PageCapture | null>>();
  /** What this attempt saw of each domain (a clone found by a permutation and by a search is captured once). */
  private readonly visited = new Map<string, Visit>();
  private readonly gate: GateSettings;

  constructor(
    private readonly input: ProviderRunInput,
    private readonly capturer: PageCapturer,
    private readonly ownDomains: string[],
  ) {
    const scan = input.ctx.config.scan;
    // A demo run reaches the mapped demo hosts only: the demo never looks names up on the internet.
    this.gate = {
      privateTargets: scan.privateTargets,
      hostMap: scan.hostMap,
      mappedOnly: scan.mappedOnly || input.run.is_demo,
    };
  }

  private reference(store: CloneStore): Promise<PageCapture | null> {
    let found = this.references.get(store.id);
    if (!found) {
      found = this.capturer.capture(`${store.origin}/`, this.input.signal).catch(() => null);
      this.references.set(store.id, found);
    }
    return found;
  }

  /** The address the host resolves to through the gate, null when it does not. */
  private async resolve(host: string): Promise<string | null> {
    try {
      return (await gateAddress(host, this.gate)).address;
    } catch {
      return null;
    }
  }

  private async visit(store: CloneStore, url: string, address: string): Promise<Visit> {
    try {
      const capture = await this.capturer.capture(url, this.input.signal);
      const reference = await this.reference(store);
      return {
        status: 'online',
        address,
        capture,
        similarity: reference ? similarity(reference.profile, capture.profile) : null,
        fingerprints: fingerprintsOf(capture.html, capture.urls),
        contentSha256: contentHash(capture.profile),
      };
    } catch (error) {
      this.input.signal.throwIfAborted();
      return { status: 'failed', address, error: (error as Error).message };
    }
  }

  /** The host that answers for the domain (itself, else its www host) and its address, or null. */
  private async live(domain: string): Promise<{ host: string; address: string } | null> {
    for (const host of [domain, `www.${domain}`]) {
      const address = await this.resolve(host);
      if (address !== null) return { host, address };
    }
    return null;
  }

  /** Captures (when live, once per run) and writes one candidate. */
  private async sight(store: CloneStore, seen: Omit<Sighting, 'storeId' | 'storeName'>, at: Live | null) {
    const earlier = this.visited.get(seen.domain);
    const visit: Visit =
      earlier ?? (at === null ? { status: 'offline' } : await this.visit(store, seen.url, at.address));
    this.visited.set(seen.domain, visit);
    const { ctx, run } = this.input;
    const scope = { companyId: run.company_id, isDemo: run.is_demo, now: ctx.clock.now() };
    const sighting = { ...seen, storeId: store.id, storeName: store.name };
    return ctx.db.transaction().execute((trx) => writeSighting(trx, scope, sighting, visit, earlier !== undefined));
  }

  /** The permutations that resolve, and the known candidates among those that no longer do. */
  async permutations(store: CloneStore, domain: string) {
    const all = permutations(domain);
    const found: (Live | null)[] = [];
    for (let i = 0; i < all.length; i += RESOLVE_AT_ONCE) {
      this.input.signal.throwIfAborted();
      found.push(...(await Promise.all(all.slice(i, i + RESOLVE_AT_ONCE).map((p) => this.live(p.domain)))));
    }
    const known = new Set(
      (
        await this.input.ctx.db
          .selectFrom('clone_candidates')
          .select('domain')
          .where('company_id', '=', this.input.run.company_id)
          .where('permutation', 'is not', null)
          .execute()
      ).map((r) => r.domain),
    );
    const scheme = new URL(store.origin).protocol;
    const written = [];
    for (const [i, permutation] of all.entries()) {
      const at = found[i] ?? null;
      if (at === null && !known.has(permutation.domain)) continue;
      this.input.signal.throwIfAborted();
      const url = `${scheme}//${at?.host ?? permutation.domain}/`;
      const seen = {
        domain: permutation.domain,
        url,
        source: 'permutation' as const,
        permutation: permutation.kind,
        matchedTerms: [],
      };
      written.push(await this.sight(store, seen, at));
    }
    return written;
  }

  async search(store: CloneStore, term: string, fingerprint: string) {
    const provider = this.input.providers.webSearch;
    if (!provider) return [];
    const call = { companyId: this.input.run.company_id, runId: this.input.run.id, signal: this.input.signal };
    const page = await provider.search(`"${term}" "${fingerprint}"`, 1, call);
    const hosts = new Map<string, string>();
    for (const result of page.results) {
      let host: string | null = null;
      try {
        host = normalHostName(new URL(result.url).hostname);
      } catch {
        continue;
      }
      const ours = [...this.ownDomains, ...PLATFORM_DOMAINS].some((d) => host !== null && isWithinDomain(host, d));
      if (host && !ours && !hosts.has(host)) hosts.set(host, result.url);
    }
    const written = [];
    for (const [host, url] of hosts) {
      const address = await this.resolve(host);
      const seen = {
        domain: host,
        url,
        source: 'search' as const,
        permutation: null,
        matchedTerms: [term, fingerprint],
      };
      written.push(await this.sight(store, seen, address === null ? null : { host, address }));
    }
    return written;
  }
}

/** The job's work: every query from the checkpoint on. */
export async function runCloneSearch(input: ProviderRunInput, capturer: PageCapturer): Promise<void> {
  const stores = await companyStores(input);
  const companyDomains = await input.ctx.db
    .selectFrom('company_domains')
    .select('domain')
    .where('company_id', '=', input.run.company_id)
    .execute();
  const own = [...stores.flatMap((s) => s.domains), ...companyDomains.map((d) => d.domain)];
  const queries = cloneQueries(stores, input.providers.webSearch !== null);
  const search = new CloneSearch(input, capturer, own);
  await input.progress({ queriesTotal: queries.length, queriesDone: input.checkpoint });
  for (let i = input.checkpoint; i < queries.length; i += 1) {
    const query = queries[i];
    if (!query) break;
    const written =
      query.kind === 'permutations'
        ? await search.permutations(query.store, query.domain)
        : await search.search(query.store, query.term, query.fingerprint);
    const kept = written.filter((w) => w !== null);
    await input.progress({
      queriesDone: i + 1,
      results: kept.length,
      newResults: kept.filter((w) => w.inserted).length,
    });
  }
}
