// A saved results page of the Programmable Search JSON API (`GET /customsearch/v1`): `items[]`
// with link, title and snippet, and `queries.request[0].searchTerms`, the query that found them.
// For deployments without the provider (results searched by hand and saved). A file may also hold
// an array of such pages. Each item is one record; an item without an http(s) link is rejected.
import { isRecord, type ParsedItem, type SourceFile, text, type Upload } from '../../platform/imports/import.types.js';
import { jsonElements } from '../../platform/imports/import-json.js';

export interface SearchPageRecord {
  url: string;
  title: string;
  snippet: string;
  /** The page's query (its `site:` part included), '' when the page does not say. */
  query: string;
}

type Item = ParsedItem<SearchPageRecord>;

function searchTermsOf(queries: unknown): string {
  if (!isRecord(queries) || !Array.isArray(queries.request)) return '';
  const [request] = queries.request;
  return isRecord(request) ? (text(request.searchTerms) ?? '') : '';
}

/** The records of one page object; `line` counts items across the file (1-based). */
export function pageItems(page: unknown, file: string, first: number, progress: number): Item[] {
  if (!isRecord(page)) return [{ kind: 'reject', file, line: first, reason: 'Not a search results page.', progress }];
  const query = searchTermsOf(page.queries).slice(0, 1000);
  const items = Array.isArray(page.items) ? page.items : [];
  return items.map((item, i): Item => {
    const line = first + i;
    const link = isRecord(item) ? text(item.link) : undefined;
    if (!isRecord(item) || !link || !/^https?:\/\/[^/\s]/i.test(link)) {
      return { kind: 'reject', file, line, reason: 'Item without an http(s) link.', progress };
    }
    return {
      kind: 'record',
      file,
      line,
      progress,
      record: { url: link, title: text(item.title) ?? '', snippet: text(item.snippet) ?? '', query },
    };
  });
}

async function* pageFile(file: SourceFile): AsyncGenerator<Item> {
  const page: Record<string, unknown> = {};
  let line = 1;
  for await (const event of jsonElements(file, '$.*')) {
    if (event.kind === 'error') {
      yield { kind: 'reject', file: file.path, line: 0, reason: event.reason, progress: 1 };
      return;
    }
    if (event.kind === 'element') {
      if (typeof event.key === 'number') {
        // An array of pages: each element is a whole page.
        const items = pageItems(event.value, file.path, line, event.progress);
        line += Math.max(items.length, 1);
        yield* items;
      } else page[event.key] = event.value;
      continue;
    }
    if (event.root === 'object') {
      if (!('items' in page) && !('queries' in page)) {
        yield {
          kind: 'reject',
          file: file.path,
          line: 0,
          reason: 'Not a search results page (no items).',
          progress: 1,
        };
      } else yield* pageItems(page, file.path, 1, 1);
    } else if (event.root !== 'array') {
      yield { kind: 'reject', file: file.path, line: 0, reason: 'Not a search results page.', progress: 1 };
    }
  }
}

export async function* parseSearchPage(upload: Upload): AsyncGenerator<Item> {
  for await (const file of upload.files()) yield* pageFile(file);
}
