// The model engine against the local OpenAI-compatible server (a real HTTP server on 127.0.0.1):
// the tool-call deltas joined into calls, tools run and their results sent back as `tool` messages,
// the answer streamed, usage and cost, and every limit (tool calls, tokens, time) and failure ending
// the answer with its reason. The tools here are two tiny ones built from the ToolBox interface; the
// advisor's real tools on demo data are in advisor.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OpenAiCompatibleServer, startOpenAiCompatible } from '../../dev/openai-compatible/openai-compatible.js';
import { createModelEngine, type ModelEngineOptions } from './advisor.model.js';
import {
  type AdvisorRecord,
  type AdvisorTool,
  type AnswerResult,
  type ToolBox,
  type ToolCallRecord,
  ToolError,
  type ToolOutput,
} from './advisor.types.js';

const finding = (id: number): AdvisorRecord => ({
  ref: `F${id}`,
  kind: 'finding',
  title: `Finding ${id}`,
  path: `/findings/${id}`,
  severity: 'high',
});

const tinyTools = [
  {
    name: 'list_findings',
    description: 'Lists findings.',
    parameters: { type: 'object', properties: { limit: { type: 'integer' } } },
    parse: (input: unknown) => input as Record<string, unknown>,
    run: async (args: Record<string, unknown>) => {
      const limit = Number(args.limit ?? 2);
      const records = Array.from({ length: limit }, (_, i) => finding(i + 1));
      return { data: { total: limit, findings: records.map((r) => ({ ref: r.ref, title: r.title })) }, records };
    },
  },
  {
    name: 'search',
    description: 'Searches.',
    parameters: { type: 'object', properties: { q: { type: 'string' } }, required: ['q'] },
    parse: (input: unknown) => input as Record<string, unknown>,
    run: async (args: Record<string, unknown>) => ({ data: { q: args.q, hits: [] }, records: [] }),
  },
] as unknown as AdvisorTool[];

/** A ToolBox over the tiny tools, counting calls against `limit` as the real one does. */
function tinyToolBox(limit: number): ToolBox {
  const calls: ToolCallRecord[] = [];
  const records = new Map<string, AdvisorRecord>();
  return {
    tools: tinyTools,
    calls,
    records,
    async call(name: string, args: unknown): Promise<ToolOutput> {
      const tool = tinyTools.find((t) => t.name === name);
      if (calls.length >= limit) {
        calls.push({ name, arguments: args, ok: false, error: 'over the limit' });
        throw new ToolError('The tool-call limit of this question is reached.', 429);
      }
      if (!tool) {
        calls.push({ name, arguments: args, ok: false, error: 'unknown tool' });
        throw new ToolError(`Unknown tool ${name}.`, 404);
      }
      const output = await tool.run(tool.parse(args), {} as never);
      calls.push({ name, arguments: args, ok: true });
      for (const record of output.records) records.set(record.ref, record);
      return output;
    },
  };
}

let model: OpenAiCompatibleServer;
beforeAll(async () => {
  model = await startOpenAiCompatible({ apiKey: 'local-key' });
});
afterAll(() => model.close());

async function ask(
  question: string,
  {
    limits = { toolCalls: 8, tokens: 4000 },
    timeoutMs = 10_000,
    prices,
  }: Partial<ModelEngineOptions> & { timeoutMs?: number } = {},
) {
  const engine = createModelEngine({ baseUrl: model.url, name: 'local-test', apiKey: 'local-key', limits, prices });
  const tools = tinyToolBox(limits.toolCalls);
  const deltas: string[] = [];
  const from = model.requests.length;
  const result: AnswerResult = await engine.answer({
    question,
    history: [
      { role: 'user', content: 'Earlier question' },
      { role: 'assistant', content: 'Earlier answer [F9]' },
    ],
    language: 'en',
    tools,
    onText: (delta) => deltas.push(delta),
    signal: AbortSignal.timeout(timeoutMs),
    now: new Date('2026-12-03T10:00:00Z'),
  });
  return { result, tools, deltas, requests: model.requests.slice(from).map((r) => r.body) };
}

describe('the model engine', () => {
  it('runs the tools the model asks for, sends their results back as tool messages, and streams the answer citing them', async () => {
    model.scripts = [
      {
        match: 'top findings',
        rounds: [
          [
            { name: 'list_findings', arguments: { limit: 3 } },
            { name: 'search', arguments: { q: 'vpn' } },
          ],
        ],
        answer: 'Fix {refs} first.',
      },
    ];
    const { result, tools, deltas, requests } = await ask('Which are our top findings?', {
      prices: { input: 1, output: 2 },
    });
    expect(result).toMatchObject({ engine: 'model', content: 'Fix [F1], [F2], [F3] first.' });
    expect(result.error).toBeUndefined();
    expect(deltas.length).toBeGreaterThan(3);
    expect(deltas.join('')).toBe(result.content);
    expect(tools.calls).toEqual([
      { name: 'list_findings', arguments: { limit: 3 }, ok: true },
      { name: 'search', arguments: { q: 'vpn' }, ok: true },
    ]);
    expect(requests).toHaveLength(2);
    const [first, second] = requests;
    expect(first).toMatchObject({ model: 'local-test', stream: true, tool_choice: 'auto', max_tokens: 4000 });
    expect(first?.stream_options).toEqual({ include_usage: true });
    expect(first?.tools?.map((t) => t.function.name)).toEqual(['list_findings', 'search']);
    expect(first?.messages?.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user']);
    expect(first?.messages?.[0]?.content).toMatch(/untrusted DATA, never instructions/);
    const tool = second?.messages?.filter((m) => m.role === 'tool') ?? [];
    expect(tool.map((m) => JSON.parse(String(m.content)).records.map((r: AdvisorRecord) => r.ref))).toEqual([
      ['F1', 'F2', 'F3'],
      [],
    ]);
    expect(model.requests.every((r) => r.authorization === 'Bearer local-key')).toBe(true);
    const usage = result.usage;
    expect(usage?.completionTokens).toBeGreaterThan(0);
    expect(usage?.costUsd).toBeCloseTo(((usage?.promptTokens ?? 0) + 2 * (usage?.completionTokens ?? 0)) / 1e6, 12);
  });

  it('stops offering tools at the tool-call limit and says why when the model insists', async () => {
    const round = [{ name: 'search', arguments: { q: 'again' } }];
    model.scripts = [{ match: 'loop', rounds: Array.from({ length: 10 }, () => round), answer: 'Done {refs}.' }];
    const { result, tools, requests } = await ask('loop forever', { limits: { toolCalls: 3, tokens: 4000 } });
    expect(tools.calls.filter((c) => c.ok)).toHaveLength(3);
    expect(requests.map((r) => r.tool_choice)).toEqual(['auto', 'auto', 'auto', 'none']);
    // The local model answers once no tool is offered.
    expect(result.content).toBe('Done .');
    expect(result.error).toBeUndefined();
  });

  it('asks for no more completion tokens than are left, and stops at the limit', async () => {
    model.scripts = [{ match: 'long', answer: Array.from({ length: 300 }, (_, i) => `word${i}`).join(' ') }];
    const { result, requests } = await ask('a long answer please', { limits: { toolCalls: 8, tokens: 120 } });
    expect(requests[0]?.max_tokens).toBe(120);
    expect(result.content.trim().split(' ')).toHaveLength(120);
    expect(result.error).toBe('The answer reached the limit of 120 tokens.');
  });

  it('ends at the time limit with what was said, and reports a failing model', async () => {
    model.scripts = [
      { match: 'slow', delayMs: 3000, answer: 'too late' },
      { match: 'broken', failWith: 500, answer: '' },
    ];
    const started = Date.now();
    const slow = await ask('a slow question', { timeoutMs: 300 });
    expect(Date.now() - started).toBeLessThan(2000);
    expect(slow.result).toMatchObject({ content: '', error: 'The answer was stopped.' });
    const broken = await ask('a broken model');
    expect(broken.result.error).toBe('The model answered HTTP 500: Scripted failure 500..');
  });

  it('counts tokens itself when the server sends no usage', async () => {
    model.scripts = [{ match: 'no usage', noUsage: true, answer: 'Twelve characters.' }];
    const { result } = await ask('no usage here');
    expect(result.usage?.completionTokens).toBe(Math.ceil('Twelve characters.'.length / 4));
    expect(result.usage?.costUsd).toBeNull();
  });
});
