// The web archives, each in its real shape, behind ArchiveProvider (captures of a domain and its
// subdomains, page by page with an opaque cursor):
// - Wayback CDX: GET {base}/cdx/search/cdx?url=*.{d}/*&output=json&fl=original,timestamp,statuscode,mimetype
//   &collapse=urlkey&limit&showResumeKey=true[&resumeKey]: a header row, rows, then [] and [resumeKey].
// - Common Crawl index: GET {base}/{index}-index?url=*.{d}&output=json[&showNumPages=true|&page=N]: NDJSON.
// - AlienVault OTX: GET {base}/api/v1/indicators/domain/{d}/url_list?limit&page, has_next, X-OTX-API-KEY.
// - urlscan: GET {base}/api/v1/search/?q=domain:{d}&size[&search_after], API-Key header.
import { z } from 'zod';
import type { ArchivedCapture, ArchivePage, ArchiveProvider, ProviderCall } from '../provider.types.js';
import type { ProviderHttp } from '../provider-http.js';
import type { ProviderLimit } from '../provider-usage.js';

const WAYBACK_LIMIT = 1000;
const OTX_LIMIT = 500;
const URLSCAN_SIZE = 100;

const dateOf = (value: string | null | undefined): Date | null => {
  if (!value) return null;
  // CDX timestamps are yyyyMMddHHmmss (a prefix of it); the others ISO 8601, UTC when unmarked.
  const compact = /^\d{4,14}$/.test(value) ? value + '00000101000000'.slice(value.length) : null;
  const iso = compact
    ? `${compact.slice(0, 4)}-${compact.slice(4, 6)}-${compact.slice(6, 8)}T${compact.slice(8, 10)}:${compact.slice(10, 12)}:${compact.slice(12, 14)}Z`
    : /[zZ]|[+-]\d\d:?\d\d$/.test(value)
      ? value
      : `${value}Z`;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
};
const statusOf = (value: unknown): number | null => {
  const n = Number(value);
  return Number.isInteger(n) && n >= 100 && n < 600 ? n : null;
};

export function waybackAdapter(http: ProviderHttp, settings: { url: string }, limit: ProviderLimit): ArchiveProvider {
  const rows = z.array(z.array(z.string()));
  return {
    id: 'wayback',
    async urls(domain: string, cursor: string | null, call: ProviderCall): Promise<ArchivePage> {
      const params = new URLSearchParams({
        url: `*.${domain}/*`,
        output: 'json',
        fl: 'original,timestamp,statuscode,mimetype',
        collapse: 'urlkey',
        limit: String(WAYBACK_LIMIT),
        showResumeKey: 'true',
        ...(cursor ? { resumeKey: cursor } : {}),
      });
      const { body } = await http.json({ url: `${settings.url}/cdx/search/cdx?${params}`, call, limit });
      const parsed = rows.safeParse(body ?? []);
      if (!parsed.success) return http.malformed(call, 'not CDX rows');
      const [header, ...rest] = parsed.data;
      if (header && header[0] !== 'original') return http.malformed(call, 'no CDX header row');
      const gap = rest.findIndex((row) => row.length === 0);
      const data = gap === -1 ? rest : rest.slice(0, gap);
      const resumeKey = gap === -1 ? null : (rest[gap + 1]?.[0] ?? null);
      const captures = data.flatMap(([url, timestamp, status, mime]) =>
        url ? [{ url, capturedAt: dateOf(timestamp), status: statusOf(status), mime: mime ?? null }] : [],
      );
      await http.results(call, captures.length);
      return { captures, cursor: resumeKey };
    },
  };
}

export function commonCrawlAdapter(
  http: ProviderHttp,
  settings: { url: string; index: string },
  limit: ProviderLimit,
): ArchiveProvider {
  const line = z.object({
    url: z.string(),
    timestamp: z.string().optional(),
    status: z.string().optional(),
    mime: z.string().optional(),
  });
  const endpoint = `${settings.url}/${encodeURIComponent(settings.index)}-index`;
  return {
    id: 'commoncrawl',
    async urls(domain: string, cursor: string | null, call: ProviderCall): Promise<ArchivePage> {
      const query = { url: `*.${domain}`, output: 'json' };
      let [page, pages] = (cursor ?? '').split('/').map(Number) as [number, number];
      if (cursor === null) {
        const { body } = await http.json({
          url: `${endpoint}?${new URLSearchParams({ ...query, showNumPages: 'true' })}`,
          call,
          limit,
          accept: [404],
        });
        const count = z.object({ pages: z.number().int().min(0) }).safeParse(body ?? { pages: 0 });
        if (!count.success) return http.malformed(call, 'no page count');
        [page, pages] = [0, count.data.pages];
      }
      if (!(page < pages)) return { captures: [], cursor: null };
      const answer = await http.get({
        url: `${endpoint}?${new URLSearchParams({ ...query, page: String(page) })}`,
        call,
        limit,
        accept: [404],
      });
      const captures: ArchivedCapture[] = [];
      for (const text of answer.status === 404 ? [] : answer.text.split('\n')) {
        if (text.trim() === '') continue;
        const parsed = line.safeParse(await http.parse(call, text));
        if (!parsed.success) return http.malformed(call, 'an index line without its url');
        const c = parsed.data;
        captures.push({
          url: c.url,
          capturedAt: dateOf(c.timestamp),
          status: statusOf(c.status),
          mime: c.mime ?? null,
        });
      }
      await http.results(call, captures.length);
      return { captures, cursor: page + 1 < pages ? `${page + 1}/${pages}` : null };
    },
  };
}

export function otxAdapter(
  http: ProviderHttp,
  settings: { url: string; key: string },
  limit: ProviderLimit,
): ArchiveProvider {
  const answer = z.object({
    url_list: z.array(z.object({ url: z.string(), date: z.string().nullish(), httpcode: z.unknown().optional() })),
    has_next: z.boolean().default(false),
  });
  return {
    id: 'otx',
    async urls(domain: string, cursor: string | null, call: ProviderCall): Promise<ArchivePage> {
      const page = cursor ? Number(cursor) : 1;
      const params = new URLSearchParams({ limit: String(OTX_LIMIT), page: String(page) });
      const { body } = await http.json({
        url: `${settings.url}/api/v1/indicators/domain/${encodeURIComponent(domain)}/url_list?${params}`,
        headers: { 'x-otx-api-key': settings.key },
        call,
        limit,
      });
      const parsed = answer.safeParse(body);
      if (!parsed.success) return http.malformed(call, 'no url_list');
      const captures = parsed.data.url_list.map((u) => ({
        url: u.url,
        capturedAt: dateOf(u.date),
        status: statusOf(u.httpcode),
        mime: null,
      }));
      await http.results(call, captures.length);
      return { captures, cursor: parsed.data.has_next && captures.length > 0 ? String(page + 1) : null };
    },
  };
}

export function urlscanAdapter(
  http: ProviderHttp,
  settings: { url: string; key: string },
  limit: ProviderLimit,
): ArchiveProvider {
  const answer = z.object({
    results: z.array(
      z.object({
        task: z.object({ url: z.string().optional(), time: z.string().optional() }).optional(),
        page: z
          .object({ url: z.string().optional(), status: z.unknown().optional(), mimeType: z.string().optional() })
          .optional(),
        sort: z.array(z.union([z.string(), z.number()])).default([]),
      }),
    ),
    has_more: z.boolean().default(false),
  });
  return {
    id: 'urlscan',
    async urls(domain: string, cursor: string | null, call: ProviderCall): Promise<ArchivePage> {
      const params = new URLSearchParams({
        q: `domain:${domain}`,
        size: String(URLSCAN_SIZE),
        ...(cursor ? { search_after: cursor } : {}),
      });
      const { body } = await http.json({
        url: `${settings.url}/api/v1/search/?${params}`,
        headers: { 'api-key': settings.key },
        call,
        limit,
      });
      const parsed = answer.safeParse(body);
      if (!parsed.success) return http.malformed(call, 'no results list');
      const captures = parsed.data.results.flatMap((r) => {
        const url = r.page?.url ?? r.task?.url;
        return url
          ? [
              {
                url,
                capturedAt: dateOf(r.task?.time),
                status: statusOf(r.page?.status),
                mime: r.page?.mimeType ?? null,
              },
            ]
          : [];
      });
      await http.results(call, captures.length);
      const last = parsed.data.results.at(-1)?.sort ?? [];
      return { captures, cursor: parsed.data.has_more && last.length > 0 ? last.join(',') : null };
    },
  };
}
