// A local OpenAI-compatible model server for the advisor's tests, the development start and the
// e2e (issue 20): a real HTTP server on 127.0.0.1 answering `POST /v1/chat/completions` as a
// streamed completion (server-sent events, tool-call deltas, a usage chunk when asked). It follows
// scripts instead of thinking: the script whose `match` the question contains gives the tool calls
// of each round, then an answer that cites the records the tool results it received listed. It
// records every request body, so tests can assert what the model saw.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ScriptedToolCall {
  name: string;
  arguments: Record<string, unknown>;
}

export interface Script {
  /** Chosen when the question (the request's last user message) contains this text, case-insensitively. */
  match: string;
  /** The tool calls of each round, in order; the answer comes once they run out, or when the request offers no tool. */
  rounds?: ScriptedToolCall[][];
  /** The answer, streamed word by word; `{refs}` becomes the records the tool results listed, as `[ref]`. */
  answer: string;
  /** Waits this long before answering each request. */
  delayMs?: number;
  /** Leaves the usage chunk out, as some servers do. */
  noUsage?: boolean;
  /** Answers this HTTP status (with an OpenAI-style error body) instead. */
  failWith?: number;
}

export interface ChatRequestBody {
  model?: string;
  messages?: { role: string; content?: string | null; tool_calls?: unknown[]; tool_call_id?: string }[];
  tools?: { type: string; function: { name: string; description?: string; parameters?: unknown } }[];
  tool_choice?: unknown;
  stream?: boolean;
  stream_options?: { include_usage?: boolean };
  max_tokens?: number;
}

export interface RecordedRequest {
  body: ChatRequestBody;
  authorization: string | undefined;
}

export interface OpenAiCompatibleServer {
  /** The base URL to configure (ADVISOR_BASE_URL): `http://127.0.0.1:<port>/v1`. */
  url: string;
  /** Every request, in order. */
  readonly requests: RecordedRequest[];
  /** The scripts (tests may replace them between questions). */
  scripts: Script[];
  close(): Promise<void>;
}

export const UNSCRIPTED_ANSWER = 'This local test model has no script for that question. {refs}';
const WORD_DELAY_MS = 2;

const pause = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** The question: the content of the last user message. */
function questionOf(body: ChatRequestBody): { question: string; rounds: number } {
  const messages = body.messages ?? [];
  let last = -1;
  messages.forEach((m, i) => {
    if (m.role === 'user') last = i;
  });
  const rounds = messages.slice(last + 1).filter((m) => m.role === 'assistant').length;
  return { question: String(messages[last]?.content ?? ''), rounds };
}

/** The refs of the records the tool results since the question listed, in order, at most six. */
export function refsSeen(body: ChatRequestBody): string[] {
  const refs = new Set<string>();
  for (const message of body.messages ?? []) {
    if (message.role !== 'tool') continue;
    try {
      const parsed = JSON.parse(String(message.content)) as { records?: { ref?: unknown }[] };
      for (const record of parsed.records ?? []) if (typeof record.ref === 'string') refs.add(record.ref);
    } catch {}
  }
  return [...refs].slice(0, 6);
}

const estimate = (text: string) => Math.ceil(text.length / 4);

async function readBody(request: IncomingMessage): Promise<string> {
  const parts: Buffer[] = [];
  for await (const part of request) parts.push(part as Buffer);
  return Buffer.concat(parts).toString('utf8');
}

export async function startOpenAiCompatible(
  options: { scripts?: Script[]; apiKey?: string; port?: number } = {},
): Promise<OpenAiCompatibleServer> {
  const requests: RecordedRequest[] = [];
  const state = { scripts: options.scripts ?? [] };

  async function serve(request: IncomingMessage, response: ServerResponse): Promise<void> {
    if (request.method !== 'POST' || request.url !== '/v1/chat/completions') {
      response.writeHead(404, { 'content-type': 'application/json' }).end('{"error":{"message":"Not found."}}');
      return;
    }
    const text = await readBody(request);
    let body: ChatRequestBody;
    try {
      body = JSON.parse(text) as ChatRequestBody;
    } catch {
      response.writeHead(400, { 'content-type': 'application/json' }).end('{"error":{"message":"Bad JSON."}}');
      return;
    }
    requests.push({ body, authorization: request.headers.authorization });
    if (options.apiKey && request.headers.authorization !== `Bearer ${options.apiKey}`) {
      response.writeHead(401, { 'content-type': 'application/json' }).end('{"error":{"message":"Bad API key."}}');
      return;
    }
    const { question, rounds } = questionOf(body);
    const script = state.scripts.find((s) => question.toLowerCase().includes(s.match.toLowerCase()));
    if (script?.delayMs) await pause(script.delayMs);
    if (response.destroyed) return;
    if (script?.failWith) {
      response
        .writeHead(script.failWith, { 'content-type': 'application/json' })
        .end(JSON.stringify({ error: { message: `Scripted failure ${script.failWith}.` } }));
      return;
    }
    response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    const send = (chunk: unknown) => response.write(`data: ${JSON.stringify(chunk)}\n\n`);
    const choice = (delta: unknown, finish: string | null = null) =>
      send({
        id: 'chatcmpl-local',
        object: 'chat.completion.chunk',
        choices: [{ index: 0, delta, finish_reason: finish }],
      });
    const offersTools = (body.tools?.length ?? 0) > 0 && body.tool_choice !== 'none';
    const calls = offersTools ? script?.rounds?.[rounds] : undefined;
    let completion = 0;
    if (calls && calls.length > 0) {
      calls.forEach((call, index) => {
        const args = JSON.stringify(call.arguments);
        const half = Math.ceil(args.length / 2);
        const id = `call_${requests.length}_${index}`;
        choice({ tool_calls: [{ index, id, type: 'function', function: { name: call.name, arguments: '' } }] });
        choice({ tool_calls: [{ index, function: { arguments: args.slice(0, half) } }] });
        choice({ tool_calls: [{ index, function: { arguments: args.slice(half) } }] });
        completion += estimate(call.name + args);
      });
      choice({}, 'tool_calls');
    } else {
      const refs = refsSeen(body).map((ref) => `[${ref}]`);
      const answer = (script?.answer ?? UNSCRIPTED_ANSWER).replace('{refs}', refs.join(', '));
      const words = answer.match(/\S+\s*/g) ?? [];
      const max = body.max_tokens ?? Number.POSITIVE_INFINITY;
      choice({ role: 'assistant', content: '' });
      for (const word of words.slice(0, max)) {
        if (response.destroyed) return;
        choice({ content: word });
        await pause(WORD_DELAY_MS);
      }
      completion = Math.min(words.length, max);
      choice({}, words.length > max ? 'length' : 'stop');
    }
    if (body.stream_options?.include_usage && !script?.noUsage) {
      const prompt = estimate(JSON.stringify(body.messages ?? []));
      send({
        choices: [],
        usage: { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion },
      });
    }
    response.end('data: [DONE]\n\n');
  }

  const server = createServer((request, response) => {
    serve(request, response).catch(() => response.destroy());
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    get scripts() {
      return state.scripts;
    },
    set scripts(scripts: Script[]) {
      state.scripts = scripts;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
