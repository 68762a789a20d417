// Web search in the Programmable Search JSON shape: GET {base}/customsearch/v1?key&cx&q&start&num,
// `items` (link, title, snippet), `queries.nextPage`, `searchInformation.totalResults`. The API
// serves the first 100 results of a query at most. Another provider with the same answer shape
// (or an adapter of its own behind WebSearchProvider) can replace it.
import { z } from 'zod';
import type { ProviderCall, WebSearchPage, WebSearchProvider } from '../provider.types.js';
import type { ProviderHttp } from '../provider-http.js';
import type { ProviderLimit } from '../provider-usage.js';

const PAGE_SIZE = 10;
const LAST_START = 91;

const answer = z.object({
  items: z
    .array(z.object({ link: z.string(), title: z.string().default(''), snippet: z.string().default('') }))
    .optional(),
  queries: z.object({ nextPage: z.array(z.object({ startIndex: z.number().int() })).optional() }).optional(),
  searchInformation: z.object({ totalResults: z.string() }).optional(),
});

export function webSearchAdapter(
  http: ProviderHttp,
  settings: { url: string; key: string; engineId: string },
  limit: ProviderLimit,
): WebSearchProvider {
  return {
    id: 'web-search',
    async search(query: string, start: number, call: ProviderCall): Promise<WebSearchPage> {
      const params = new URLSearchParams({
        key: settings.key,
        cx: settings.engineId,
        q: query,
        start: String(start),
        num: String(PAGE_SIZE),
      });
      const { body } = await http.json({ url: `${settings.url}/customsearch/v1?${params}`, call, limit });
      const page = answer.safeParse(body);
      if (!page.success) return http.malformed(call, 'no search result list');
      const results = (page.data.items ?? []).map((i) => ({ url: i.link, title: i.title, snippet: i.snippet }));
      await http.results(call, results.length);
      const next = page.data.queries?.nextPage?.[0]?.startIndex ?? null;
      return {
        results,
        nextStart: next !== null && next > start && next <= LAST_START ? next : null,
        total: Number(page.data.searchInformation?.totalResults ?? results.length) || 0,
      };
    },
  };
}
