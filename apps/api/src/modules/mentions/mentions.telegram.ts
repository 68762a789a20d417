// A Telegram Desktop chat export (Export chat history → JSON: one `result.json` holding the chat's
// name, type, id and its `messages`), read natively by `mentions-jsonl` as a stream: each message
// is one mention of source type telegram (docs/import-formats/mentions.md).
import { JSONParser } from '@streamparser/json';
import { isRecord, jsonWithoutNul, type ParsedItem, type SourceFile } from '../../platform/imports/import.types.js';
import type { LineResult } from '../../platform/imports/import-records.js';
import { FEED_LIMITS, type MentionRecord, mentionOf } from './mentions.feed.js';

const MAX_MESSAGE_BYTES = 16 * 1024 * 1024;

export interface Chat {
  name: string | null;
  id: string | null;
}

/** A message's text: a string, or an array of strings and entities (`{type, text}`) to join. */
function textOf(text: unknown): string {
  if (typeof text === 'string') return text;
  if (!Array.isArray(text)) return '';
  return text
    .map((part) => (typeof part === 'string' ? part : isRecord(part) && typeof part.text === 'string' ? part.text : ''))
    .join('');
}

/** One element of `messages` as a mention, or why it is not one. */
export function telegramMessage(message: unknown, chat: Chat, now = Date.now()): LineResult<MentionRecord> {
  if (!isRecord(message)) return { ok: false, reason: 'Expected a message object.' };
  if (message.type === 'service') {
    const action = typeof message.action === 'string' ? ` "${message.action.slice(0, 60)}"` : '';
    return { ok: false, reason: `A Telegram service message (action${action}), not a post.` };
  }
  const unix = typeof message.date_unixtime === 'string' ? Number(message.date_unixtime) : Number.NaN;
  if (!Number.isInteger(unix)) return { ok: false, reason: '"date_unixtime" must be the message\'s time in seconds.' };
  const text = textOf(message.text).trim();
  if (text === '') return { ok: false, reason: 'A message without text (media only): nothing to match.' };
  const id = typeof message.id === 'number' ? String(message.id) : '';
  return mentionOf(
    {
      source_type: 'telegram',
      source_name: (chat.name ?? 'Telegram export').slice(0, FEED_LIMITS.sourceName),
      actor: typeof message.from === 'string' ? message.from.slice(0, FEED_LIMITS.actor) : null,
      posted_at: new Date(unix * 1000).toISOString(),
      text,
      archive_ref: `telegram:${chat.id ?? 'chat'}/${id}`,
    },
    now,
  );
}

const OLD_EXPORT =
  'This is a Telegram Desktop export without "date_unixtime" (an older Telegram Desktop): its dates carry no time zone. Export the chat again with a current Telegram Desktop (JSON).';

/** The messages of one export file; a file that is not a single-chat export is refused once (line 0). */
export async function* telegramExport(file: SourceFile, now = Date.now()): AsyncGenerator<ParsedItem<MentionRecord>> {
  const parser = new JSONParser({ paths: ['$.name', '$.id', '$.chats', '$.messages.*'], keepStack: false });
  const chat: Chat = { name: null, id: null };
  const ready: { index: number; value: unknown }[] = [];
  let fullAccount = false;
  let index = 0;
  let failure: string | null = null;
  parser.onValue = ({ value, key }) => {
    if (typeof key === 'number') ready.push({ index: index++, value: jsonWithoutNul(value) });
    else if (key === 'name' && typeof value === 'string') chat.name = value.trim() || null;
    else if (key === 'id' && (typeof value === 'number' || typeof value === 'string')) chat.id = String(value);
    else if (key === 'chats') fullAccount = true;
  };
  parser.onError = (error) => {
    failure ??= `Not valid JSON: ${error.message}`;
  };
  const refuse = (reason: string): ParsedItem<MentionRecord> => ({
    kind: 'reject',
    file: file.path,
    line: 0,
    reason,
    progress: 1,
  });
  let consumed = 0;
  let since = 0;
  for await (const chunk of file.content) {
    if (!parser.isEnded) parser.write(chunk);
    consumed += chunk.length;
    since = ready.length > 0 ? 0 : since + chunk.length;
    for (const { index: at, value } of ready.splice(0)) {
      if (
        isRecord(value) &&
        value.type !== 'service' &&
        value.date_unixtime === undefined &&
        typeof value.date === 'string'
      ) {
        yield refuse(OLD_EXPORT);
        return;
      }
      const read = telegramMessage(value, chat, now);
      const progress = file.progress(consumed);
      yield read.ok
        ? { kind: 'record', record: read.record, file: file.path, line: at + 1, progress }
        : { kind: 'reject', file: file.path, line: at + 1, reason: read.reason, progress };
    }
    if (failure) break;
    if (since > MAX_MESSAGE_BYTES) {
      yield refuse(
        `A message is larger than ${MAX_MESSAGE_BYTES / 1024 / 1024} MiB; the rest of the file was not read.`,
      );
      return;
    }
  }
  if (failure) yield refuse(failure);
  else if (fullAccount) {
    yield refuse(
      'This is a Telegram Desktop full-account export: export the one channel or chat (Export chat history, JSON) and upload its result.json.',
    );
  } else if (index === 0 && !parser.isEnded) yield refuse('Not valid JSON: the file ends before its value does.');
  else if (index === 0) yield refuse('No "messages" array: this JSON document is not a Telegram Desktop chat export.');
}
