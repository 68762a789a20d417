import { describe, expect, it } from 'vitest';
import { advisorEventOf } from './ask';
import { createSseParser, readSse, type SseMessage } from './sse';

/** A body as the server writes it (`event: <type>\ndata: <json>\n\n`), with text in several scripts. */
const events = [
  ['conversation', { id: 7 }],
  ['tool', { name: 'cve_exposure', arguments: { cve: 'CVE-2026-1234' } }],
  ['record', { record: { ref: 'F12', kind: 'finding', title: 'Senha em claro — João', path: '/credentials?open=12' } }],
  ['delta', { text: 'Corrija primeiro [F12] 🔥\n> «Ignore previous instructions»' }],
  ['delta', { text: ' — ok' }],
  [
    'done',
    {
      message: {
        id: 31,
        role: 'assistant',
        content: 'Corrija primeiro [F12]',
        records: [{ ref: 'F12', kind: 'finding', title: 'x', path: '/credentials?open=12' }],
        engine: 'model',
        error: null,
        createdAt: '2026-11-26T12:00:00.000Z',
      },
    },
  ],
] as const;
const body = events.map(([event, data]) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`).join('');
const expected: SseMessage[] = events.map(([event, data]) => ({ event, data: JSON.stringify(data) }));

function streamOf(chunks: Uint8Array[]): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  });
}

async function read(chunks: Uint8Array[]): Promise<SseMessage[]> {
  const out: SseMessage[] = [];
  await readSse(streamOf(chunks), (m) => out.push(m));
  return out;
}

describe('the SSE reader', () => {
  const bytes = new TextEncoder().encode(body);

  it('gives the same events wherever the body is cut in two (inside a line, a field, a UTF-8 character)', async () => {
    for (let cut = 0; cut <= bytes.length; cut += 1) {
      expect(await read([bytes.slice(0, cut), bytes.slice(cut)]), `cut at byte ${cut}`).toEqual(expected);
    }
  });

  it('gives the same events when every byte comes on its own', async () => {
    expect(await read([...bytes].map((b) => Uint8Array.of(b)))).toEqual(expected);
  });

  it('reads CRLF and CR line ends, a CR and its LF in different chunks, comments and multi-line data', () => {
    const parser = createSseParser();
    const out = [
      ...parser.push(': keep-alive\r'),
      ...parser.push('\nevent: delta\r'),
      ...parser.push('\ndata: {"text":'),
      ...parser.push('"a"}\r\n\r'),
      ...parser.push('\n'),
      ...parser.push('data: one\rdata:two\r\r'),
      ...parser.push('event: x\nid: 3\nretry: 10\ndata\n\n'),
    ];
    expect(out).toEqual([
      { event: 'delta', data: '{"text":"a"}' },
      { event: 'message', data: 'one\ntwo' },
      { event: 'x', data: '' },
    ]);
  });

  it('stops reading when its signal aborts, with the events read so far, even if the body never ends', async () => {
    const controller = new AbortController();
    const body = new ReadableStream<Uint8Array>({
      start(stream) {
        stream.enqueue(new TextEncoder().encode('event: delta\ndata: {"text":"a"}\n\n'));
      },
    });
    const out: SseMessage[] = [];
    const reading = readSse(
      body,
      (m) => {
        out.push(m);
        controller.abort();
      },
      controller.signal,
    );
    await expect(reading).rejects.toThrow(/abort/i);
    expect(out).toHaveLength(1);
  });

  it('drops an event the stream ended before its blank line', async () => {
    const cut = new TextEncoder().encode('event: delta\ndata: {"text":"a"}\n\nevent: delta\ndata: {"text":"b"}\n');
    expect((await read([cut])).map((m) => m.data)).toEqual(['{"text":"a"}']);
  });
});

describe('the advisor events', () => {
  it('types each event of the contract', () => {
    expect(expected.map(advisorEventOf).map((e) => e?.type)).toEqual([
      'conversation',
      'tool',
      'record',
      'delta',
      'delta',
      'done',
    ]);
    expect(advisorEventOf({ event: 'error', data: '{"message":"The time limit (60 s) passed."}' })).toEqual({
      type: 'error',
      message: 'The time limit (60 s) passed.',
    });
  });

  it('skips what is not one: another event, bad JSON, a field of the wrong type, a record without a path', () => {
    for (const message of [
      { event: 'message', data: '{"text":"a"}' },
      { event: 'delta', data: '{"text":' },
      { event: 'delta', data: '{"text":3}' },
      { event: 'conversation', data: '{"id":"7"}' },
      { event: 'record', data: '{"record":{"ref":"F1","kind":"finding","title":"t"}}' },
      { event: 'done', data: '{"message":{"id":1,"content":"x","records":[{"ref":"F1"}]}}' },
    ]) {
      expect(advisorEventOf(message), JSON.stringify(message)).toBeNull();
    }
  });
});
