// Server-sent events as the HTML standard reads them (§9.2.6 "Interpreting an event stream"), over
// the bytes of a fetch body: lines end with CRLF, LF or CR; `event:` names the event, `data:` lines
// are joined with LF, a blank line dispatches; comments (`:`) and other fields are ignored. Chunks
// cut anywhere (inside a line, between CR and LF, inside a UTF-8 character) give the same events.

export interface SseMessage {
  /** The `event:` field, `message` when the event named none. */
  event: string;
  data: string;
}

/** A parser fed text in chunks as they come; each call answers the events the chunk completed. */
export function createSseParser() {
  let buffer = '';
  /** The last chunk ended with CR: an LF opening the next one ends nothing more. */
  let afterCr = false;
  let event = '';
  let data: string[] = [];

  const line = (text: string, out: SseMessage[]) => {
    if (text === '') {
      if (data.length > 0) out.push({ event: event || 'message', data: data.join('\n') });
      event = '';
      data = [];
      return;
    }
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon === -1 ? text : text.slice(0, colon);
    let value = colon === -1 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
  };

  return {
    push(chunk: string): SseMessage[] {
      const out: SseMessage[] = [];
      if (chunk === '') return out;
      let text = chunk;
      if (afterCr && text.startsWith('\n')) text = text.slice(1);
      afterCr = false;
      buffer += text;
      let start = 0;
      for (let i = 0; i < buffer.length; i += 1) {
        const c = buffer[i];
        if (c !== '\n' && c !== '\r') continue;
        line(buffer.slice(start, i), out);
        if (c === '\r') {
          if (i + 1 === buffer.length) afterCr = true;
          else if (buffer[i + 1] === '\n') i += 1;
        }
        start = i + 1;
      }
      buffer = buffer.slice(start);
      return out;
    },
    /** The stream ended: an event not closed by a blank line is dropped (as the standard says). */
    end(): void {
      buffer = '';
      event = '';
      data = [];
    },
  };
}

/**
 * Reads a fetch body to its end, calling `onMessage` for each event as soon as it is complete.
 * `signal` stops reading (the body is cancelled) and rejects with its reason.
 */
export async function readSse(
  body: ReadableStream<Uint8Array>,
  onMessage: (message: SseMessage) => void,
  signal?: AbortSignal,
): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const parser = createSseParser();
  const cancel = () => void reader.cancel().catch(() => undefined);
  signal?.addEventListener('abort', cancel, { once: true });
  try {
    signal?.throwIfAborted();
    for (;;) {
      const { done, value } = await reader.read();
      const text = done ? decoder.decode() : decoder.decode(value, { stream: true });
      for (const message of parser.push(text)) onMessage(message);
      if (done) break;
    }
    signal?.throwIfAborted();
  } finally {
    signal?.removeEventListener('abort', cancel);
    parser.end();
    reader.releaseLock();
  }
}
