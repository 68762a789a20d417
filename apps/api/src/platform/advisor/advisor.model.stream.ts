// Reads an OpenAI-compatible `chat/completions` answer streamed as server-sent events: `data:` lines
// of JSON chunks (text deltas, tool-call deltas by index, a finish reason, the usage in a last chunk
// when `stream_options.include_usage` is honoured), ended by `data: [DONE]`.

export interface StreamedToolCall {
  id: string;
  name: string;
  /** The arguments as the model wrote them (JSON text, joined from its deltas). */
  arguments: string;
}

export interface StreamedCompletion {
  text: string;
  toolCalls: StreamedToolCall[];
  finishReason: string | null;
  usage: { promptTokens: number; completionTokens: number } | null;
}

interface ChunkToolCall {
  index?: number;
  id?: string;
  function?: { name?: string; arguments?: string };
}

interface Chunk {
  choices?: { delta?: { content?: string | null; tool_calls?: ChunkToolCall[] }; finish_reason?: string | null }[];
  usage?: { prompt_tokens?: number; completion_tokens?: number } | null;
  error?: { message?: string };
}

/** The `data:` payloads of an SSE body, one per event (multi-line data joined with `\n`). */
export async function* sseData(body: ReadableStream<Uint8Array>): AsyncGenerator<string> {
  const decoder = new TextDecoder();
  let buffer = '';
  let data: string[] = [];
  for await (const bytes of body as unknown as AsyncIterable<Uint8Array>) {
    buffer += decoder.decode(bytes, { stream: true });
    let newline = buffer.search(/\r?\n/);
    while (newline >= 0) {
      const line = buffer.slice(0, newline);
      buffer = buffer.slice(buffer[newline] === '\r' ? newline + 2 : newline + 1);
      if (line === '') {
        if (data.length > 0) yield data.join('\n');
        data = [];
      } else if (line.startsWith('data:')) {
        data.push(line.slice(line.startsWith('data: ') ? 6 : 5));
      }
      newline = buffer.search(/\r?\n/);
    }
  }
  if (buffer.startsWith('data:')) data.push(buffer.slice(buffer.startsWith('data: ') ? 6 : 5));
  if (data.length > 0) yield data.join('\n');
}

/** Reads the whole streamed completion, handing each text delta to `onText` as it arrives. */
export async function readCompletion(
  body: ReadableStream<Uint8Array>,
  onText: (delta: string) => void,
): Promise<StreamedCompletion> {
  const result: StreamedCompletion = { text: '', toolCalls: [], finishReason: null, usage: null };
  const calls = new Map<number, StreamedToolCall>();
  for await (const data of sseData(body)) {
    if (data.trim() === '[DONE]') break;
    let chunk: Chunk;
    try {
      chunk = JSON.parse(data) as Chunk;
    } catch {
      throw new Error('The model sent a chunk that is not JSON.');
    }
    if (chunk.error)
      throw new Error(`The model failed: ${String(chunk.error.message ?? 'unknown error').slice(0, 200)}`);
    if (chunk.usage) {
      result.usage = {
        promptTokens: chunk.usage.prompt_tokens ?? 0,
        completionTokens: chunk.usage.completion_tokens ?? 0,
      };
    }
    const choice = chunk.choices?.[0];
    if (!choice) continue;
    const text = choice.delta?.content;
    if (text) {
      result.text += text;
      onText(text);
    }
    for (const delta of choice.delta?.tool_calls ?? []) {
      const index = delta.index ?? 0;
      const call = calls.get(index) ?? { id: '', name: '', arguments: '' };
      if (delta.id) call.id = delta.id;
      if (delta.function?.name) call.name += delta.function.name;
      if (delta.function?.arguments) call.arguments += delta.function.arguments;
      calls.set(index, call);
    }
    if (choice.finish_reason) result.finishReason = choice.finish_reason;
  }
  result.toolCalls = [...calls.entries()]
    .sort(([a], [b]) => a - b)
    .map(([index, call]) => ({
      ...call,
      id: call.id || `call_${index}`,
    }));
  return result;
}
