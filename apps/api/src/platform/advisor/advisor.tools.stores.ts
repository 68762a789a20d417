import { z } from 'zod';
import type { FindingStatus, SearchData, StorePageData, StorePageScript } from './advisor.tools.js';
import { defineTool, findingRef, orNotFound, recordId, text } from './advisor.tools.shared.js';
import type { AdvisorRecord } from './advisor.types.js';

const pagePath = (storeId: number, pageId: number) => `/scripts?store_id=${storeId}&page_id=${pageId}`;
const scriptPath = (s: { id: number; page: { id: number; store_id: number } }) =>
  `${pagePath(s.page.store_id, s.page.id)}&script=${s.id}`;
const SCRIPTS_MAX = 50;
const DETAILED_MAX = 15;
const openStatuses = new Set<FindingStatus>(['new', 'in_review', 'confirmed']);

export const storePageTool = defineTool({
  name: 'store_page',
  description:
    "Without `page`: the current company's monitored store pages. With `page` (a store page id): its scripts (party, authorisation, changed, behaviours such as reading card fields, detection rules matched) and the open alerts raised on them, and its PCI DSS 6.4.3 / 11.6.1 status.",
  schema: z
    .object({ page: recordId.optional().describe('A store page id, from the list this tool answers without it.') })
    .strict(),
  async run({ page: pageId }, { api }) {
    const stores = (await api.get('/stores')).data;
    const storeName = new Map(stores.map((s) => [s.id, s.name]));
    const pages = stores.flatMap((store) =>
      store.pages.map((p) => ({
        id: p.id,
        store: store.name,
        url: p.url,
        page_type: p.page_type,
        open_findings: p.open_findings,
        path: pagePath(store.id, p.id),
      })),
    );
    if (pageId === undefined) return { data: { pages, page: null, scripts: [], alerts: [] }, records: [] };
    const p = (await orNotFound(api.get('/store-pages/{id}', { path: { id: pageId } }), `Store page ${pageId}`)).data;
    const list = await api.get('/scripts', {
      query: { page_id: p.id, page_size: SCRIPTS_MAX, sort: '-last_seen_at' },
    });
    // Scripts with open findings first: their rule matches and alerts are read one by one (bounded).
    const rows = [...list.data].sort((a, b) => b.open_findings - a.open_findings);
    const detailed = await Promise.all(
      rows
        .slice(0, DETAILED_MAX)
        .filter((s) => s.open_findings > 0 || s.behaviours.length > 0)
        .map(async (s) => (await api.get('/scripts/{id}', { path: { id: s.id } })).data),
    );
    const byId = new Map(detailed.map((d) => [d.id, d]));
    const scripts: StorePageScript[] = rows.map((s) => ({
      ref: `S${s.id}`,
      id: s.id,
      kind: s.kind,
      url: s.url,
      host: s.host,
      party: s.party,
      authorisation: s.authorisation,
      changed: s.changed,
      behaviours: s.behaviours,
      removed: s.removed_at !== null,
      open_findings: s.open_findings,
      rule_matches: (byId.get(s.id)?.rule_hits ?? [])
        .slice(0, 10)
        .map((h) => ({ rule: h.rule_name, severity: h.severity, at: h.at })),
      path: scriptPath(s),
    }));
    const alerts = detailed.flatMap((d) =>
      d.findings
        .filter((f) => openStatuses.has(f.status))
        .map((f) => ({
          ref: findingRef(f.id),
          id: f.id,
          title: f.title,
          severity: f.severity,
          status: f.status,
          script_ref: `S${d.id}`,
          path: `/scripts?open=${f.id}`,
        })),
    );
    const data: StorePageData = {
      pages,
      page: {
        id: p.id,
        store: storeName.get(p.store_id) ?? '',
        url: p.url,
        page_type: p.page_type,
        last_scanned_at: p.last_scanned_at,
        pci_6_4_3: p.pci_6_4_3.status,
        pci_11_6_1: p.pci_11_6_1.status,
        path: pagePath(p.store_id, p.id),
      },
      scripts,
      alerts,
    };
    const records: AdvisorRecord[] = [
      ...scripts.map((s) => ({
        ref: s.ref,
        kind: 'script' as const,
        title: s.url ?? `inline script ${s.id}`,
        path: s.path,
        severity: null,
      })),
      ...alerts.map((a) => ({
        ref: a.ref,
        kind: 'alert' as const,
        title: a.title,
        path: a.path,
        severity: a.severity,
      })),
    ];
    return { data, records };
  },
});

/** A hit's ref, from what its link opens: a finding (`open=`), a script, an asset; a CVE's id; else kind:id. */
function hitRef(kind: string, hit: { id: string; link: string }): string {
  if (/^CVE-\d{4}-\d+$/.test(hit.id)) return hit.id;
  const [, key, id] = /[?&](open|script|asset)=(\d+)/.exec(hit.link) ?? [];
  if (key === 'open') return findingRef(Number(id));
  if (key === 'script') return `S${id}`;
  if (key === 'asset') return `A${id}`;
  return `${kind}:${hit.id}`.slice(0, 64);
}

const kindOfRecord = (ref: string): AdvisorRecord['kind'] => {
  if (ref.startsWith('CVE-')) return 'cve';
  if (/^F\d+$/.test(ref)) return 'finding';
  if (/^S\d+$/.test(ref)) return 'script';
  if (/^A\d+$/.test(ref)) return 'asset';
  return 'search-hit';
};

export const searchTool = defineTool({
  name: 'search',
  description:
    "Searches the current company's records of every module (findings, leaked accounts, CVEs, assets, scripts, mentions, secrets, …) for a text of at least 2 characters; `kinds` keeps some groups only.",
  schema: z
    .object({
      q: text(200, 2).describe('The text to find (2 to 200 characters).'),
      kinds: z
        .array(z.string().regex(/^[a-z][a-z0-9-]{0,39}$/))
        .max(20)
        .optional(),
    })
    .strict(),
  async run({ q, kinds }, { api }) {
    // The search answers every company the user is a member of; the advisor speaks of the current one.
    const clients = await api.get('/get-clients');
    const current = clients.data.find((c) => c.current)?.idCliente;
    const body = await api.get('/search', { query: { q, kinds, limit: 10 } });
    const groups: SearchData['groups'] = body.groups
      .map((g) => ({
        kind: g.kind,
        module: g.module,
        more: g.more,
        hits: g.hits
          .filter((hit) => hit.company === null || hit.company.id === current)
          .map((hit) => ({
            ref: hitRef(g.kind, hit),
            title: hit.title,
            snippet: hit.snippet,
            severity: hit.severity,
            at: hit.at,
            path: hit.link,
          })),
      }))
      .filter((g) => g.hits.length > 0);
    const records: AdvisorRecord[] = groups.flatMap((g) =>
      g.hits.map((hit) => ({
        ref: hit.ref,
        kind: kindOfRecord(hit.ref),
        title: hit.title,
        path: hit.path,
        severity: hit.severity,
      })),
    );
    const data: SearchData = { q: body.q, groups };
    return { data, records };
  },
});
