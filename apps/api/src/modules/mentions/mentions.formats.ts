// What `mentions-jsonl` reads, told apart by a file's first bytes: the documented JSON lines feed
// (docs/mentions-feed.md) or a Telegram Desktop chat export (`result.json`, a JSON document whose
// first line is a lone `{`). Any other file is refused once, with what it looks like.
import type { ParsedItem, SourceFile, Upload } from '../../platform/imports/import.types.js';
import { listRecords } from '../../platform/imports/import-records.js';
import { FEED_LIMITS, type MentionRecord, mentionLine } from './mentions.feed.js';
import { telegramExport } from './mentions.telegram.js';

const PEEK_BYTES = 64 * 1024;

/** The file's first bytes (up to its first line's end), and the file again from its start. */
async function peek(file: SourceFile): Promise<{ head: string; file: SourceFile }> {
  const iterator = file.content[Symbol.asyncIterator]();
  const seen: Uint8Array[] = [];
  let length = 0;
  let ended = false;
  while (length < PEEK_BYTES) {
    const next = await iterator.next();
    if (next.done) {
      ended = true;
      break;
    }
    seen.push(next.value);
    length += next.value.length;
    const text = Buffer.concat(seen).toString('utf8').trimStart();
    if (text.includes('\n')) break;
  }
  async function* content(): AsyncGenerator<Uint8Array> {
    yield* seen;
    if (ended) return;
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value;
  }
  const head = Buffer.concat(seen)
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart();
  return { head, file: { ...file, content: content() } };
}

/** Why a file is neither a feed nor an export, from its first line; null when it is one of them. */
export function notAFeed(firstLine: string): string | null {
  if (firstLine === '' || firstLine.startsWith('{')) return null;
  if (firstLine.startsWith('[')) {
    return 'This is a JSON array, not JSON lines: write one mention object per line (docs/mentions-feed.md).';
  }
  if (firstLine.startsWith('<')) {
    return "This is an HTML or XML file (Telegram Desktop's HTML export?): export the chat as JSON, or write the JSON lines feed.";
  }
  return 'This is not JSON lines (its first line is not a JSON object): expected the mentions feed (docs/mentions-feed.md) or a Telegram Desktop result.json.';
}

async function* mentionsOfFile(source: SourceFile, now: number): AsyncGenerator<ParsedItem<MentionRecord>> {
  const { head, file } = await peek(source);
  const firstLine = (head.split('\n')[0] ?? '').trim();
  const refused = notAFeed(firstLine);
  if (refused) {
    yield { kind: 'reject', file: file.path, line: 0, reason: refused, progress: 1 };
    return;
  }
  if (firstLine === '{') {
    yield* telegramExport(file, now);
    return;
  }
  async function* one(): AsyncGenerator<SourceFile> {
    yield file;
  }
  yield* listRecords(one(), (text) => mentionLine(text, now), FEED_LIMITS.lineBytes);
}

export async function* parseMentions(upload: Upload): AsyncGenerator<ParsedItem<MentionRecord>> {
  const now = Date.now();
  for await (const file of upload.files()) yield* mentionsOfFile(file, now);
}
