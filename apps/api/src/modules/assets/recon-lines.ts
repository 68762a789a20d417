// The line formats of the discovery tools read file by file: the first line names the format
// (and its version where the fields differ), a file of another format is refused once with what
// it looks like, and every other line is a record or a reject with its line and reason.
import type { ParsedItem, SourceFile } from '../../platform/imports/import.types.js';
import { linesOf } from '../../platform/imports/import-lines.js';
import type { AssetRecord, LineResult } from './assets.graph.js';

/** What a file's first line looks like: a tool's format, or a plainer description. */
export type Sniffed =
  | 'httpx'
  | 'subfinder'
  | 'amass-json'
  | 'amass-text'
  | 'nuclei'
  | 'json-other'
  | 'json-array'
  | 'json-pretty'
  | 'xml'
  | 'csv'
  | 'text';

export const described: Record<Sniffed, string> = {
  httpx: 'httpx JSON lines (url, status_code)',
  subfinder: 'subfinder JSON lines (host, source)',
  'amass-json': 'amass 3 JSON lines (name, domain, addresses)',
  'amass-text': "amass 4 text output ('name (FQDN) --> a_record --> …')",
  nuclei: 'nuclei JSON lines (template-id, matched-at)',
  'json-other': 'JSON lines of another tool',
  'json-array': 'a JSON array',
  'json-pretty': 'a pretty-printed JSON document (one object over several lines)',
  xml: 'an XML document (nmap XML is imported as nmap)',
  csv: 'a CSV file with a header line',
  text: 'a plain text list',
};

const AMASS_TEXT = / \((?:FQDN|IPAddress|Netblock|ASN|RIROrganization)\) --> [a-z_]+ --> /;

function sniffJson(text: string): Sniffed {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return text === '{' || text.endsWith(',') || text.endsWith('{') ? 'json-pretty' : 'json-other';
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'json-other';
  const has = (key: string) => key in value;
  if (has('template-id') || has('templateID') || has('matched-at')) return 'nuclei';
  const probed = has('url') || (has('input') && has('failed'));
  if (probed && (has('status_code') || has('status-code') || has('webserver') || has('failed'))) return 'httpx';
  if (has('name') && (has('domain') || has('addresses'))) return 'amass-json';
  if (has('host') && (has('source') || has('sources') || has('input') || has('ip'))) return 'subfinder';
  return 'json-other';
}

/** What the first non-empty line of a file looks like. */
export function sniff(text: string): Sniffed {
  if (text.startsWith('{')) return sniffJson(text);
  if (text.startsWith('[') && !/^\[[^\]]*\]\s+\S/.test(text)) return 'json-array';
  if (text.startsWith('<')) return 'xml';
  if (AMASS_TEXT.test(text)) return 'amass-text';
  if (/^\uFEFF?"?[\w ]+"?([,;\t]"?[\w ]+"?)+$/.test(text) && /(^|[,;\t"])value("|[,;\t]|$)/i.test(text)) {
    return 'csv';
  }
  return 'text';
}

export interface LineFormat {
  /** The line parser of a file whose first line looks like `sniffed`, or why the file is refused. */
  detect(sniffed: Sniffed, first: string): ((text: string) => LineResult) | { refused: string };
  /** The byte cap of a line (a record whose evidence is large stays under it; see the parser). */
  maxBytes?: number;
  /** Whether a line starting with `#` is a comment (plain lists); JSON lines have none. */
  comments?: boolean;
}

/** Each line of each file through the parser its first line chose; a refused file is one reject. */
export async function* readLines(
  files: AsyncIterable<SourceFile>,
  format: LineFormat,
): AsyncGenerator<ParsedItem<AssetRecord>> {
  for await (const file of files) {
    let parse: ((text: string) => LineResult) | null = null;
    for await (const read of linesOf(file, format.maxBytes)) {
      const { line, progress } = read;
      if (read.text === null) {
        yield { kind: 'reject', file: file.path, line, reason: read.reason, progress };
        continue;
      }
      const text = read.text.trim().replace(/^\uFEFF/, '');
      if (text === '' || (format.comments && text.startsWith('#'))) continue;
      if (!parse) {
        const chosen = format.detect(sniff(text), text);
        if ('refused' in chosen) {
          yield { kind: 'reject', file: file.path, line: 0, reason: chosen.refused, progress: 1 };
          break;
        }
        parse = chosen;
      }
      const parsed = parse(text);
      if (parsed.ok) yield { kind: 'record', record: parsed.record, file: file.path, line, progress };
      else yield { kind: 'reject', file: file.path, line, reason: parsed.reason, progress };
    }
  }
}

/** The sentence refusing a file: what it looks like, what the kind reads, where it belongs. */
export function refusal(sniffed: Sniffed, expects: string): { refused: string } {
  const elsewhere: Partial<Record<Sniffed, string>> = {
    httpx: 'httpx',
    subfinder: 'subfinder',
    'amass-json': 'subfinder (also amass)',
    'amass-text': 'subfinder (also amass)',
    nuclei: 'nuclei',
    xml: 'nmap',
    csv: 'assets CSV',
    text: 'hosts',
  };
  const hint = elsewhere[sniffed] ? ` Import it as ${elsewhere[sniffed]}.` : '';
  return { refused: `This is ${described[sniffed]}; this import reads ${expects}.${hint}` };
}
