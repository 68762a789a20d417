// The two plain formats: a host list (one host name, IP, CIDR netblock, URL or host:port per
// line, `#` comments) and the assets CSV (a header naming `value` and optionally `type`, `tags`
// separated by `;` and `owner`). A URL brings its host (`hosts_url`), a service its host
// (`has_service`), a subdomain its registered domain (`subdomain_of`).
import { isIP } from 'node:net';
import type { ParsedItem, Upload } from '../imports/import.types.js';
import { csvRecords } from '../imports/import-records.js';
import { AssetGraph, type AssetRecord, type LineResult, parseLines } from './assets.graph.js';
import { type AssetType, assetTypes } from './assets.table.js';
import { assetValue, hostOrIp, netblock, service } from './assets.values.js';

/** Adds the asset `raw` names (of `type`, or recognised from its form) to the graph. */
export function addAsset(
  graph: AssetGraph,
  raw: string,
  type?: AssetType,
): { ok: true; node: number } | { ok: false; reason: string } {
  const kind = type ?? guessType(raw);
  const checked = assetValue(kind, raw);
  if (!checked.ok) return checked;
  if (kind === 'url') {
    const url = graph.node('url', checked.value);
    const host = hostOrIp(new URL(checked.value).hostname);
    if (host.ok) graph.edge(graph.host(host.value), 'hosts_url', url);
    return { ok: true, node: url };
  }
  if (kind === 'service') {
    const node = graph.node('service', checked.value);
    const host = hostOrIp(checked.value.replace(/:\d+\/\w+$/, ''));
    if (host.ok) graph.edge(graph.host(host.value), 'has_service', node);
    return { ok: true, node };
  }
  // A declared domain stays one; a host name otherwise takes its type from its form.
  if (kind === 'domain' && type) return { ok: true, node: graph.node('domain', checked.value) };
  if (kind === 'domain' || kind === 'subdomain') return { ok: true, node: graph.host(checked.value) };
  return { ok: true, node: graph.node(kind, checked.value) };
}

function guessType(raw: string): AssetType {
  const text = raw.trim();
  if (text.includes('://')) return 'url';
  if (text.includes('/') && netblock(text).ok) return 'netblock';
  if (isIP(text.replace(/^\[(.*)\]$/, '$1')) !== 0) return 'ip';
  if (/:\d{1,5}(\/(tcp|udp))?$/i.test(text) && service(text).ok) return 'service';
  return 'subdomain';
}

export function hostLine(text: string): LineResult {
  const graph = new AssetGraph();
  const added = addAsset(graph, text);
  return added.ok ? { ok: true, record: graph.record() } : added;
}

export function parseHosts(upload: Upload): AsyncIterable<ParsedItem<AssetRecord>> {
  return parseLines(upload.files(), hostLine);
}

const TAG = /^[\p{L}\p{N}][\p{L}\p{N} ._:/-]{0,39}$/u;
type Columns = Partial<Record<'type' | 'value' | 'tags' | 'owner', number>>;

function columnsOf(cells: string[]): Columns | null {
  const columns: Columns = {};
  cells.forEach((name, i) => {
    const key = name.toLowerCase().replace(/^\uFEFF/, '');
    if (key === 'type' || key === 'value' || key === 'tags' || key === 'owner') columns[key] = i;
  });
  return columns.value === undefined ? null : columns;
}

export function csvRow(cells: string[], columns: Columns): LineResult {
  const cell = (column: keyof Columns) => (columns[column] === undefined ? '' : (cells[columns[column]] ?? ''));
  const typeText = cell('type').toLowerCase();
  if (typeText !== '' && !(assetTypes as readonly string[]).includes(typeText)) {
    return { ok: false, reason: `Unknown type "${typeText.slice(0, 40)}" (one of ${assetTypes.join(', ')}).` };
  }
  const tags = cell('tags')
    .split(/[;|]/)
    .map((t) => t.trim())
    .filter((t) => t !== '');
  const badTag = tags.find((t) => !TAG.test(t));
  if (badTag !== undefined)
    return { ok: false, reason: `Tag "${badTag.slice(0, 40)}" is not a tag (at most 40 letters, digits, . _ : / -).` };
  if (cell('value') === '') return { ok: false, reason: 'Missing value.' };
  const graph = new AssetGraph();
  const added = addAsset(graph, cell('value'), typeText === '' ? undefined : (typeText as AssetType));
  if (!added.ok) return added;
  const node = graph.nodes[added.node];
  if (node) {
    node.tags = [...new Set(tags)].slice(0, 20);
    node.owner = cell('owner').slice(0, 200) || null;
  }
  return { ok: true, record: graph.record() };
}

export function parseAssetsCsv(upload: Upload): AsyncIterable<ParsedItem<AssetRecord>> {
  return csvRecords(upload.files(), {
    header: columnsOf,
    headerMissing: 'Expected a header line naming the column "value" (and optionally type, tags, owner).',
    row: csvRow,
  });
}
