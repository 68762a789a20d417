// The Google Hacking Database as Exploit-DB publishes it (`ghdb.xml`): <entry> elements with <id>,
// <category> (one of the 14 by name, or its number), <title> (older dumps: <shortDescription>),
// <query>, <date> and <author>. Read as a stream (imports/import-xml.ts, as nmap's XML is): each entry is
// one record, or a reject with the line its <entry> starts on and the reason; XML that is not well
// formed stops the file at the first error. saxes never loads external entities.
import { checkDay, type ParsedItem, type SourceFile, type Upload, withoutNul } from '../imports/import.types.js';
import { streamXml } from '../imports/import-xml.js';
import { type GhdbCategory, ghdbCategories } from './dorks.table.js';

export interface GhdbRecord {
  ghdbId: number;
  category: GhdbCategory;
  title: string;
  query: string;
  author: string | null;
  publishedOn: string | null;
}

export const MAX_DORK_QUERY = 500;
export const MAX_DORK_TITLE = 200;

/** "Files Containing Juicy Info", "files_containing_juicy_info" or "8": the category, or null. */
export function ghdbCategoryOf(raw: string): GhdbCategory | null {
  const text = raw.trim();
  if (/^\d{1,2}$/.test(text)) return ghdbCategories[Number(text) - 1] ?? null;
  const name = text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_|_$/g, '');
  return ghdbCategories.find((c) => c === name) ?? null;
}

type Fields = Partial<Record<'id' | 'category' | 'title' | 'shortDescription' | 'query' | 'date' | 'author', string>>;

/** The record of one entry's fields, or why it is refused. */
export function ghdbEntry(fields: Fields): { ok: true; record: GhdbRecord } | { ok: false; reason: string } {
  const id = fields.id?.trim() ?? '';
  if (!/^\d{1,9}$/.test(id) || Number(id) < 1)
    return { ok: false, reason: `Entry id "${id.slice(0, 20)}" is not a number.` };
  const category = ghdbCategoryOf(fields.category ?? '');
  if (!category)
    return { ok: false, reason: `Entry ${id}: unknown category "${(fields.category ?? '').slice(0, 60)}".` };
  const query = withoutNul(fields.query ?? '').trim();
  if (query === '') return { ok: false, reason: `Entry ${id}: no query.` };
  if (query.length > MAX_DORK_QUERY)
    return { ok: false, reason: `Entry ${id}: query longer than ${MAX_DORK_QUERY} characters.` };
  const title =
    withoutNul(fields.title ?? fields.shortDescription ?? '')
      .trim()
      .slice(0, MAX_DORK_TITLE) || query.slice(0, MAX_DORK_TITLE);
  let publishedOn: string | null = null;
  const date = fields.date?.trim().slice(0, 10) ?? '';
  if (date !== '') {
    const day = checkDay('date', date);
    if (!day.ok) return { ok: false, reason: `Entry ${id}: ${day.reason}` };
    publishedOn = day.day;
  }
  const author =
    withoutNul(fields.author ?? '')
      .trim()
      .slice(0, 120) || null;
  return { ok: true, record: { ghdbId: Number(id), category, title, query, author, publishedOn } };
}

type Item = ParsedItem<GhdbRecord>;
const FIELDS = new Set(['id', 'category', 'title', 'shortDescription', 'query', 'date', 'author']);

function ghdbFile(file: SourceFile): AsyncGenerator<Item> {
  return streamXml<GhdbRecord>(file, (parser, emit) => {
    let entry: { line: number; fields: Fields } | null = null;
    let field: keyof Fields | null = null;
    parser.on('opentag', (tag) => {
      if (tag.name === 'entry') entry = { line: parser.line, fields: {} };
      else if (entry && FIELDS.has(tag.name)) {
        field = tag.name as keyof Fields;
        entry.fields[field] = '';
      }
    });
    const append = (text: string) => {
      if (entry && field && (entry.fields[field]?.length ?? 0) < 4 * MAX_DORK_QUERY) entry.fields[field] += text;
    };
    parser.on('text', append);
    parser.on('cdata', append);
    parser.on('closetag', (tag) => {
      if (tag.name === field) field = null;
      else if (tag.name === 'entry' && entry) {
        emit(entry.line, ghdbEntry(entry.fields));
        entry = null;
      }
    });
  });
}

export async function* parseGhdb(upload: Upload): AsyncGenerator<Item> {
  for await (const file of upload.files()) yield* ghdbFile(file);
}
