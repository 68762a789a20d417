// The two plain formats: a host list (one host name, IP, CIDR netblock, URL or host:port per
// line, `#` comments) and the assets CSV (a header naming `value` and optionally `type`, `tags`
// separated by `;` and `owner`). A URL brings its host (`hosts_url`), a service its host
// (`has_service`), a subdomain its registered domain (`subdomain_of`).
import { isIP } from 'node:net';
import type { ParsedItem, Upload } from '../imports/import.types.js';
import { linesOf } from '../imports/import-lines.js';
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

/** The cells of one CSV line (RFC 4180 quotes; a record spanning lines is refused). */
export function csvCells(line: string): string[] | null {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i += 1) {
    const char = line[i];
    if (quoted) {
      if (char === '"' && line[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"' && cell === '') quoted = true;
    else if (char === ',') {
      cells.push(cell);
      cell = '';
    } else cell += char;
  }
  if (quoted) return null;
  cells.push(cell);
  return cells.map((c) => c.trim());
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

export async function* parseAssetsCsv(upload: Upload): AsyncGenerator<ParsedItem<AssetRecord>> {
  for await (const file of upload.files()) {
    let columns: Columns | null = null;
    for await (const read of linesOf(file)) {
      const { line, progress } = read;
      if (read.text === null) {
        yield { kind: 'reject', file: file.path, line, reason: read.reason, progress };
        continue;
      }
      if (read.text.trim() === '') continue;
      const cells = csvCells(read.text);
      if (!cells) {
        yield { kind: 'reject', file: file.path, line, reason: 'Unclosed quote (one record per line).', progress };
        continue;
      }
      if (!columns) {
        columns = columnsOf(cells);
        if (columns) continue;
        const reason = 'Expected a header line naming the column "value" (and optionally type, tags, owner).';
        yield { kind: 'reject', file: file.path, line, reason, progress: 1 };
        break;
      }
      const parsed = csvRow(cells, columns);
      if (parsed.ok) yield { kind: 'record', record: parsed.record, file: file.path, line, progress };
      else yield { kind: 'reject', file: file.path, line, reason: parsed.reason, progress };
    }
  }
}
