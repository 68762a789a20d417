// JSON documents (HIBP, NVD pages, the KEV catalogue) read as a stream: the elements of one array
// or object are handed over one by one, each as soon as it is complete, and dropped by the parser
// (keepStack false), so memory holds one element, never the document. One element larger than
// MAX_JSON_ELEMENT_BYTES stops the file with that reason.
import { Tokenizer, TokenParser, TokenType } from '@streamparser/json';
import { jsonWithoutNul, type ParsedItem, type SourceFile } from './import.types.js';

export const MAX_JSON_ELEMENT_BYTES = 16 * 1024 * 1024;

export type JsonEvent =
  | { kind: 'element'; index: number; key: string | number; value: unknown; progress: number }
  /** The document ended: what its top-level value was, and which of its properties held arrays. */
  | { kind: 'end'; root: 'array' | 'object' | 'other' | 'none'; arrays: Set<string> }
  | { kind: 'error'; reason: string };

type JsonPath = '$.*' | `$.${string}.*`;

/**
 * The elements of the document's top-level array or object (`$.*`), or of the array in one of
 * its top-level properties (`$.vulnerabilities.*`), or of any of several such arrays (in document order).
 * Ends with an `end` or an `error` event.
 */
export async function* jsonElements(file: SourceFile, path: JsonPath | readonly JsonPath[]): AsyncGenerator<JsonEvent> {
  const tokenizer = new Tokenizer();
  const parser = new TokenParser({ paths: typeof path === 'string' ? [path] : [...path], keepStack: false });
  let depth = 0;
  let root: 'array' | 'object' | 'other' | 'none' = 'none';
  let expectKey = false;
  let key = '';
  const arrays = new Set<string>();
  const ready: { key: string | number; value: unknown }[] = [];
  tokenizer.onToken = (info) => {
    const { token } = info;
    if (depth === 0 && root === 'none') {
      root = token === TokenType.LEFT_BRACE ? 'object' : token === TokenType.LEFT_BRACKET ? 'array' : 'other';
    }
    if (depth === 1 && root === 'object') {
      if (expectKey && token === TokenType.STRING) {
        key = String(info.value);
        expectKey = false;
      } else if (token === TokenType.COMMA) expectKey = true;
      else if (token === TokenType.LEFT_BRACKET) arrays.add(key);
    }
    if (token === TokenType.LEFT_BRACE || token === TokenType.LEFT_BRACKET) {
      depth += 1;
      if (depth === 1 && token === TokenType.LEFT_BRACE) expectKey = true;
    } else if (token === TokenType.RIGHT_BRACE || token === TokenType.RIGHT_BRACKET) depth -= 1;
    parser.write(info);
  };
  parser.onValue = ({ key: at, value }) => {
    ready.push({ key: at ?? 0, value: jsonWithoutNul(value) });
  };
  // The parser ends by itself after the top-level value; the tokenizer must then see only blanks.
  parser.onEnd = () => {};
  let index = 0;
  let consumed = 0;
  let sinceElement = 0;
  try {
    for await (const chunk of file.content) {
      tokenizer.write(chunk);
      consumed += chunk.length;
      sinceElement += chunk.length;
      for (const element of ready) {
        sinceElement = 0;
        yield { kind: 'element', index, key: element.key, value: element.value, progress: file.progress(consumed) };
        index += 1;
      }
      ready.length = 0;
      if (sinceElement > MAX_JSON_ELEMENT_BYTES) {
        yield {
          kind: 'error',
          reason: `An element of the file is larger than ${MAX_JSON_ELEMENT_BYTES / 1024 / 1024} MiB; the rest of the file was not read.`,
        };
        return;
      }
    }
    if (!tokenizer.isEnded) tokenizer.end();
    for (const element of ready) {
      yield { kind: 'element', index, key: element.key, value: element.value, progress: file.progress(consumed) };
      index += 1;
    }
  } catch (error) {
    yield { kind: 'error', reason: `Not valid JSON: ${error instanceof Error ? error.message : String(error)}` };
    return;
  }
  if (!parser.isEnded) {
    yield { kind: 'error', reason: 'Not valid JSON: the file ends before its value does.' };
    return;
  }
  yield { kind: 'end', root, arrays };
}

/**
 * The entries of the `vulnerabilities` array of a JSON file (an NVD page and the KEV catalogue both
 * hold one), each with its 1-based position, then the file-level reject (line 0) when the file is
 * not such a document.
 */
export async function* vulnerabilitiesOf(
  file: SourceFile,
  what: string,
): AsyncGenerator<
  { ok: true; line: number; value: unknown; progress: number } | { ok: false; reject: ParsedItem<never> }
> {
  const reject = (reason: string) => ({
    ok: false as const,
    reject: { kind: 'reject' as const, file: file.path, line: 0, reason, progress: 1 },
  });
  for await (const event of jsonElements(file, '$.vulnerabilities.*')) {
    if (event.kind === 'element')
      yield { ok: true, line: event.index + 1, value: event.value, progress: event.progress };
    else if (event.kind === 'error') yield reject(event.reason);
    else if (event.root !== 'object' || !event.arrays.has('vulnerabilities')) {
      yield reject(`Not ${what} (no vulnerabilities array).`);
    }
  }
}
