// The assets CSV, our own format: a header naming `value` and optionally `type`, `tags` (separated
// by `;` or `|`) and `owner`, as spreadsheets export it: a UTF-8 BOM, CRLF line ends, and the
// locale's separator (`,`, or `;` where the decimal mark is a comma, or a tab). The header line
// chooses the separator; a UTF-16 export (Excel's "Unicode text") is refused once, saying so.
import type { ParsedItem, Upload } from '../../platform/imports/import.types.js';
import { linesOf } from '../../platform/imports/import-lines.js';
import { csvCells } from '../../platform/imports/import-records.js';
import { AssetGraph, type AssetRecord, type LineResult } from './assets.graph.js';
import { type AssetType, assetTypes } from './assets.table.js';
import { addAsset } from './hosts.parser.js';
import { described, sniff } from './recon-lines.js';

export const ASSETS_CSV_EXPECTS =
  'a CSV file whose header names the column "value" (and optionally type, tags, owner), separated by , ; or tab';

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

/** The separator and columns of a header line, or why the file is refused. */
function headerOf(line: string): { separator: string; columns: Columns } | { refused: string } {
  if ((line.match(/\uFFFD/g) ?? []).length * 3 >= line.length && line.length > 0) {
    return {
      refused:
        'This looks like UTF-16 text (a spreadsheet\'s "Unicode text" export); save it as "CSV UTF-8" and import that.',
    };
  }
  for (const separator of [',', ';', '\t']) {
    const cells = csvCells(line, separator);
    const columns = cells && columnsOf(cells);
    if (columns) return { separator, columns };
  }
  const kind = sniff(line);
  const what = kind === 'text' || kind === 'csv' ? 'a file without the header line' : described[kind];
  return { refused: `This is ${what}; this import reads ${ASSETS_CSV_EXPECTS}.` };
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
    let header: { separator: string; columns: Columns } | null = null;
    for await (const read of linesOf(file)) {
      const { line, progress } = read;
      if (read.text === null) {
        yield { kind: 'reject', file: file.path, line, reason: read.reason, progress };
        continue;
      }
      const text = read.text.replace(/^\uFEFF/, '');
      if (text.trim() === '') continue;
      if (!header) {
        const found = headerOf(text.trim());
        if ('refused' in found) {
          yield { kind: 'reject', file: file.path, line: 0, reason: found.refused, progress: 1 };
          break;
        }
        header = found;
        continue;
      }
      const cells = csvCells(text, header.separator);
      const parsed = cells ? csvRow(cells, header.columns) : null;
      if (parsed?.ok) yield { kind: 'record', record: parsed.record, file: file.path, line, progress };
      else {
        const reason = parsed ? parsed.reason : 'Unclosed quote (one record per line).';
        yield { kind: 'reject', file: file.path, line, reason, progress };
      }
    }
  }
}
