// The Google Hacking Database as Exploit-DB publishes it (`ghdb.xml`, root <ghdb>): <entry> elements
// with <id>, <category> (one of the 14 by name, or its number), <shortDescription> (or <title>),
// <query>, <date> and <author>; and its older export of <signature> elements (ghdb-signature.ts).
// Read as a stream (imports/import-xml.ts): each element is one record or a reject with its line;
// XML that is not well formed stops the file at the first error. saxes never loads external entities.
import {
  checkDay,
  type ParsedItem,
  type SourceFile,
  type Upload,
  withoutNul,
} from '../../platform/imports/import.types.js';
import { streamXml } from '../../platform/imports/import-xml.js';
import { type GhdbCategory, ghdbCategories } from './dorks.table.js';
import { ACCEPTED, IHACKSTUFF_FIELDS, signatureQuery } from './ghdb-signature.js';

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
type Field = keyof Fields | 'signatureReferenceNumber' | 'querystring';
const FIELDS: readonly Field[] = [
  'id',
  'signatureReferenceNumber',
  'category',
  'title',
  'shortDescription',
  'query',
  'querystring',
  'date',
  'author',
];
const fieldOf = (name: string): Field | undefined => FIELDS.find((f) => f === name);
const ENTRIES = new Set(['entry', 'signature']);

interface FileState {
  root: string | null;
  entries: number;
  /** Why the whole file is refused (a format recognised but not read), once. */
  refusal: string | null;
}

/** One <entry> or <signature> element's fields as the record's (the query of a signature from its URL). */
function fieldsOf(element: string, raw: Partial<Record<Field, string>>): Fields {
  if (element === 'entry') {
    const query = raw.query ?? signatureQuery(raw.querystring ?? '', '');
    return { ...raw, query };
  }
  const { signatureReferenceNumber, querystring, ...rest } = raw;
  return {
    ...rest,
    id: raw.id ?? signatureReferenceNumber,
    query: signatureQuery(querystring ?? '', raw.shortDescription ?? ''),
  };
}

function ghdbXmlFile(file: SourceFile, state: FileState): AsyncGenerator<Item> {
  return streamXml<GhdbRecord>(file, (parser, emit) => {
    let entry: { name: string; line: number; fields: Partial<Record<Field, string>>; legacy: boolean } | null = null;
    let field: Field | null = null;
    parser.on('opentag', (tag) => {
      if (state.root === null) state.root = tag.name;
      if (state.refusal) return;
      if (ENTRIES.has(tag.name)) entry = { name: tag.name, line: parser.line, fields: {}, legacy: false };
      else if (entry && IHACKSTUFF_FIELDS.has(tag.name)) entry.legacy = true;
      else if (entry && fieldOf(tag.name)) {
        field = fieldOf(tag.name) ?? null;
        if (field) entry.fields[field] = '';
      }
    });
    const append = (text: string) => {
      if (entry && field && (entry.fields[field]?.length ?? 0) < 4 * MAX_DORK_QUERY) entry.fields[field] += text;
    };
    parser.on('text', append);
    parser.on('cdata', append);
    parser.on('closetag', (tag) => {
      if (tag.name === field) field = null;
      else if (entry && tag.name === entry.name) {
        state.entries += 1;
        if (entry.legacy && state.entries === 1) {
          state.refusal = `This is Johnny Long's ihackstuff Google Hacking Database (2004–2008: <signature> elements with <categoryref> and <querytype>); its categories ("${(entry.fields.category ?? '').slice(0, 40)}") are none of Exploit-DB's 14. ${ACCEPTED}`;
        } else if (!state.refusal) emit(entry.line, ghdbEntry(fieldsOf(entry.name, entry.fields)));
        entry = null;
      }
    });
  });
}

async function* ghdbFile(file: SourceFile): AsyncGenerator<Item> {
  const state: FileState = { root: null, entries: 0, refusal: null };
  for await (const item of ghdbXmlFile(file, state)) {
    if (state.refusal) break;
    yield item;
  }
  const refuse = (reason: string): Item => ({ kind: 'reject', file: file.path, line: 0, reason, progress: 1 });
  if (state.refusal) yield refuse(state.refusal);
  else if (state.entries === 0 && state.root !== null) {
    yield refuse(`This XML document (root <${state.root.slice(0, 40)}>) holds no GHDB entry. ${ACCEPTED}`);
  }
}

export async function* parseGhdb(upload: Upload): AsyncGenerator<Item> {
  for await (const file of upload.files()) yield* ghdbFile(file);
}
