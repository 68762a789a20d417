// XML import files read as a stream with saxes (nmap's -oX, Exploit-DB's ghdb.xml): a format
// listens to the parser's events and emits one record or reject per element, with the line it
// starts on; XML that is not well formed stops the file at the first error, with its line and
// reason. saxes never loads external entities or expands DTD ones, so a hostile document cannot
// reach the disk or the network.
import { SaxesParser } from 'saxes';
import type { ParsedItem, SourceFile } from './import.types.js';

export type XmlParsed<T> = { ok: true; record: T } | { ok: false; reason: string };
export type XmlEmit<T> = (line: number, parsed: XmlParsed<T>) => void;

export async function* streamXml<T>(
  file: SourceFile,
  listen: (parser: SaxesParser, emit: XmlEmit<T>) => void,
): AsyncGenerator<ParsedItem<T>> {
  const parser = new SaxesParser({ position: true });
  const pending: ParsedItem<T>[] = [];
  let progress = 0;
  let failed = false;
  listen(parser, (line, parsed) => {
    if (failed) return;
    pending.push(
      parsed.ok
        ? { kind: 'record', record: parsed.record, file: file.path, line, progress }
        : { kind: 'reject', file: file.path, line, reason: parsed.reason, progress },
    );
  });
  parser.on('error', (error) => {
    if (failed) return;
    failed = true;
    const reason = `Not well-formed XML: ${error.message.replace(/^[^:]*:\d+:\d+: /, '')}`;
    pending.push({ kind: 'reject', file: file.path, line: parser.line, reason, progress: 1 });
  });
  const decoder = new TextDecoder();
  let consumed = 0;
  for await (const chunk of file.content) {
    consumed += chunk.length;
    progress = file.progress(consumed);
    parser.write(decoder.decode(chunk, { stream: true }));
    yield* pending.splice(0);
    if (failed) return;
  }
  parser.write(decoder.decode());
  parser.close();
  yield* pending.splice(0);
}
