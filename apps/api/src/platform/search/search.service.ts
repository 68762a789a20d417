// GET /search: one box over the records of every company the user is a member of. The platform
// decides the companies (memberships, never the request), asks its findings group and every
// module's sources at once, and marks what matched in plain text (ranges; the web escapes).
import type { Executor } from '../../db/database.js';
import { listCompaniesOfUser } from '../../identity/clients/clients.repository.js';
import { validationError } from '../../shared/service-error.js';
import { foldText, highlightRanges, type TextRange } from '../../shared/text-match.js';
import type { ModuleRegistry } from '../monitoring/module-registry.js';
import type { SearchHit, SearchInput } from '../monitoring/monitoring-module.js';
import { searchFindings } from './search.findings.js';

export const SEARCH_MIN = 2;
export const SEARCH_MAX = 200;

export interface SearchRequest {
  userId: number;
  /** An API token's company: the search keeps to it (ADR 0048); undefined for a session. */
  onlyCompanyId?: number | undefined;
  q: string;
  kinds?: string[] | undefined;
  limit: number;
}

interface Group {
  kind: string;
  module: string | null;
  search: (input: SearchInput) => Promise<SearchHit[]>;
}

/** The groups in order: the platform's findings, then each module's sources in registration order. */
export function searchGroups(registry: ModuleRegistry): Group[] {
  return [
    { kind: 'findings', module: null, search: (input) => searchFindings(input, registry.modules) },
    ...registry.searchSources.map((s) => ({ kind: s.kind, module: s.module, search: s.search })),
  ];
}

/** Where the typed text shows in `text`: words at their start, else (a partial e-mail) anywhere. */
export function highlightsOf(text: string | null, q: string): TextRange[] {
  if (!text) return [];
  const terms = q.trim().split(/\s+/);
  const words = terms.flatMap((term) => term.split(/[^\p{L}\p{N}]+/u)).filter(Boolean);
  const ranges = highlightRanges(text, [...terms, ...words], { prefix: true });
  if (ranges.length > 0 || q.trim().length < 3) return ranges;
  const { folded, origin } = foldText(text);
  const needle = foldText(q.trim()).folded;
  const inside: TextRange[] = [];
  for (let at = folded.indexOf(needle); at >= 0; at = folded.indexOf(needle, at + needle.length)) {
    inside.push({ start: origin[at] ?? text.length, end: origin[at + needle.length] ?? text.length });
  }
  return inside;
}

function checked(input: SearchRequest, groups: Group[]): { text: string; groups: Group[] } {
  const text = input.q.trim();
  if (text.length < SEARCH_MIN)
    throw validationError({ q: [`The q field must be at least ${SEARCH_MIN} characters.`] });
  const known = new Set(groups.map((g) => g.kind));
  const unknown = (input.kinds ?? []).filter((kind) => !known.has(kind));
  if (unknown.length > 0) throw validationError({ kinds: [`Unknown search kind: ${unknown.join(', ')}.`] });
  const wanted = input.kinds?.length ? new Set(input.kinds) : known;
  return { text, groups: groups.filter((g) => wanted.has(g.kind)) };
}

export async function search(db: Executor, registry: ModuleRegistry, input: SearchRequest) {
  const { text, groups } = checked(input, searchGroups(registry));
  const companies = new Map(
    (await listCompaniesOfUser(db, input.userId, input.onlyCompanyId)).map((c) => [c.id, c.name]),
  );
  const companyIds = [...companies.keys()];
  if (companyIds.length === 0) return { q: text, groups: [] };
  const found = await Promise.all(
    groups.map(async (group) => {
      const hits = await group.search({ db, companyIds, text, limit: input.limit + 1 });
      // A source that forgot its filter still shows no other company's row.
      const mine = hits.filter((hit) => hit.company_id === null || companies.has(hit.company_id));
      return {
        kind: group.kind,
        module: group.module,
        more: mine.length > input.limit,
        hits: mine.slice(0, input.limit).map((hit) => ({
          id: hit.id,
          company: hit.company_id === null ? null : { id: hit.company_id, name: companies.get(hit.company_id) ?? '' },
          title: hit.title,
          title_ranges: highlightsOf(hit.title, text),
          snippet: hit.snippet,
          snippet_ranges: highlightsOf(hit.snippet, text),
          link: hit.link,
          at: hit.at,
          severity: hit.severity,
        })),
      };
    }),
  );
  return { q: text, groups: found.filter((group) => group.hits.length > 0) };
}
