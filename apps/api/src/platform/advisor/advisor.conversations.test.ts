// The advisor's conversations and limits through the API: each conversation is its user's in its
// company (another user's, or the same user's under another company, is 404 to read, delete or
// continue), delete cascades, a viewer asks too, the engine follows the configuration, one question
// at a time per user, and the limits (tool calls, tokens, time) and a client going away end the
// answer with what was said kept and the reason stored. Also measures the time to the first byte.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoMembers, demoUser } from '../../demo/demo.seed.js';
import { type OpenAiCompatibleServer, startOpenAiCompatible } from '../../dev/openai-compatible/openai-compatible.js';
import { askAdvisor, eventsOf } from '../../testing/advisor.js';
import { answerOf } from '../../testing/api.js';
import { type SignedIn, signIn } from '../../testing/flows.js';
import { openTestDatabase, type TestDatabase, testApp, type VigilApp } from '../../testing/test-app.js';

let model: OpenAiCompatibleServer;
let database: TestDatabase;
const apps: VigilApp[] = [];

beforeAll(async () => {
  model = await startOpenAiCompatible();
  database = await openTestDatabase();
});
afterAll(async () => {
  for (const app of apps) {
    // The fetch client may keep a connection open after its abort: the test is that client.
    app.server.closeAllConnections();
    await app.close();
  }
  await database?.close();
  await model?.close();
});

async function appWith(env: Record<string, string> = {}): Promise<VigilApp> {
  const { app } = await testApp(database, { env });
  apps.push(app);
  return app;
}
const withModel = (env: Record<string, string> = {}) =>
  appWith({ ADVISOR_BASE_URL: model.url, ADVISOR_MODEL: 'local-test', ...env });

const get = (who: SignedIn, path: string) => who.browser.get(`/api${path}`, { token: who.token });
const conversationIdOf = (events: Awaited<ReturnType<typeof askAdvisor>>['events']) =>
  eventsOf(events, 'conversation')[0]?.id as number;
const longAnswer = Array.from({ length: 400 }, (_, i) => `w${i}`).join(' ');

describe('advisor conversations', () => {
  let app: VigilApp;
  let analyst: SignedIn;
  let other: SignedIn;
  beforeAll(async () => {
    model.scripts = [{ match: 'hello', rounds: [[{ name: 'posture_summary', arguments: {} }]], answer: 'Hi {refs}' }];
    app = await withModel();
    analyst = await signIn(app, demoUser);
    other = await signIn(app, demoMembers[1]);
  });

  it("is the asking user's, in the company they asked in", async () => {
    const { events } = await askAdvisor(analyst, '  hello   there\n  advisor ');
    const id = conversationIdOf(events);
    const list = answerOf('listAdvisorConversations', await get(analyst, '/advisor/conversations'));
    expect(list.data[0]).toMatchObject({ id, title: 'hello there advisor' });
    expect(answerOf('listAdvisorConversations', await get(other, '/advisor/conversations')).data).toEqual([]);
    expect((await get(other, `/advisor/conversations/${id}`)).statusCode).toBe(404);
    const del = await other.browser.call('DELETE', `/api/advisor/conversations/${id}`, { token: other.token });
    expect(del.statusCode).toBe(404);
    const hijack = await askAdvisor(other, 'hello from someone else', id);
    expect(hijack.response.statusCode).toBe(404);
    // The refused question does not hold the user's turn.
    expect(eventsOf((await askAdvisor(other, 'hello, mine')).events, 'done')).toHaveLength(1);
    const detail = answerOf('getAdvisorConversation', await get(analyst, `/advisor/conversations/${id}`));
    expect(detail.messages).toHaveLength(2);
    // The same user under another company sees none of it.
    const globex = await app.ctx.db
      .selectFrom('companies')
      .select('id')
      .where('name', '=', 'Globex Bank')
      .executeTakeFirstOrThrow();
    const acme = await app.ctx.db
      .selectFrom('companies')
      .select('id')
      .where('name', '=', 'Acme Retail')
      .executeTakeFirstOrThrow();
    expect(
      (await analyst.browser.post('/api/get-clients', { selectCompany: globex.id }, { token: analyst.token }))
        .statusCode,
    ).toBe(200);
    expect(answerOf('listAdvisorConversations', await get(analyst, '/advisor/conversations')).data).toEqual([]);
    expect((await get(analyst, `/advisor/conversations/${id}`)).statusCode).toBe(404);
    expect(
      (await analyst.browser.post('/api/get-clients', { selectCompany: acme.id }, { token: analyst.token })).statusCode,
    ).toBe(200);
    expect((await get(analyst, `/advisor/conversations/${id}`)).statusCode).toBe(200);
  });

  it('deletes a conversation with its messages', async () => {
    const { events } = await askAdvisor(analyst, 'hello again');
    const id = conversationIdOf(events);
    const del = await analyst.browser.call('DELETE', `/api/advisor/conversations/${id}`, { token: analyst.token });
    expect(del.statusCode).toBe(204);
    expect((await get(analyst, `/advisor/conversations/${id}`)).statusCode).toBe(404);
    const left = await app.ctx.db
      .selectFrom('advisor_messages')
      .select('id')
      .where('conversation_id', '=', id)
      .execute();
    expect(left).toEqual([]);
  });

  it('answers a viewer, and refuses an empty question or a second one at once', async () => {
    const viewer = await signIn(app, demoMembers[2]);
    const asked = await askAdvisor(viewer, 'hello, I only read');
    expect(eventsOf(asked.events, 'done')).toHaveLength(1);
    const empty = await askAdvisor(viewer, '   ');
    expect(empty.response.statusCode).toBe(422);
    model.scripts = [{ match: 'slowly', delayMs: 400, answer: 'Done.' }];
    const [first, second] = await Promise.all([
      askAdvisor(viewer, 'answer slowly'),
      new Promise((r) => setTimeout(r, 100)).then(() => askAdvisor(viewer, 'answer slowly too')),
    ]);
    expect(first.response.statusCode).toBe(200);
    expect(second.response.statusCode).toBe(429);
    expect(eventsOf(first.events, 'done')).toHaveLength(1);
  });
});

describe('the engine', () => {
  it('is the intent engine when no model is configured, with the default limits', async () => {
    const app = await appWith();
    const analyst = await signIn(app, demoUser);
    const status = answerOf('getAdvisor', await get(analyst, '/advisor'));
    expect(status).toMatchObject({
      engine: 'intents',
      model: null,
      limits: { toolCalls: 8, tokens: 4000, seconds: 60 },
    });
    const { events } = await askAdvisor(analyst, 'What should we fix first?');
    const done = eventsOf(events, 'done')[0]?.message as { engine: string };
    expect(done.engine).toBe('intents');
  });

  it('is the model when one is configured', async () => {
    const app = await withModel({ ADVISOR_MAX_TOOL_CALLS: '3', ADVISOR_MAX_TOKENS: '150', ADVISOR_TIMEOUT_S: '5' });
    const analyst = await signIn(app, demoUser);
    const status = answerOf('getAdvisor', await get(analyst, '/advisor'));
    expect(status).toMatchObject({
      engine: 'model',
      model: 'local-test',
      limits: { toolCalls: 3, tokens: 150, seconds: 5 },
    });
  });
});

describe('the limits of a question', () => {
  let app: VigilApp;
  let analyst: SignedIn;
  beforeAll(async () => {
    app = await withModel({ ADVISOR_MAX_TOOL_CALLS: '2', ADVISOR_MAX_TOKENS: '100', ADVISOR_TIMEOUT_S: '1' });
    analyst = await signIn(app, demoUser);
  });
  const storedOf = async (events: Awaited<ReturnType<typeof askAdvisor>>['events']) => {
    const detail = answerOf(
      'getAdvisorConversation',
      await get(analyst, `/advisor/conversations/${conversationIdOf(events)}`),
    );
    return detail.messages[1];
  };

  it('runs no more tool calls than allowed', async () => {
    const round = [{ name: 'search', arguments: { q: 'acme' } }];
    model.scripts = [
      { match: 'search forever', rounds: Array.from({ length: 6 }, () => round), answer: 'Found {refs}' },
    ];
    const { events } = await askAdvisor(analyst, 'search forever please');
    expect(eventsOf(events, 'tool')).toHaveLength(2);
    expect(eventsOf(events, 'done')).toHaveLength(1);
  });

  it('stops at the token limit and keeps what was said', async () => {
    model.scripts = [{ match: 'long story', answer: longAnswer }];
    const { events } = await askAdvisor(analyst, 'tell a long story');
    expect(eventsOf(events, 'error')).toEqual([
      { type: 'error', message: 'The answer reached the limit of 100 tokens.' },
    ]);
    const stored = await storedOf(events);
    expect(stored?.content.trim().split(' ')).toHaveLength(100);
    expect(stored?.error).toBe('The answer reached the limit of 100 tokens.');
  });

  it('stops at the time limit', async () => {
    model.scripts = [{ match: 'take your time', delayMs: 5000, answer: 'late' }];
    const started = Date.now();
    const { events } = await askAdvisor(analyst, 'take your time');
    expect(Date.now() - started).toBeLessThan(3000);
    const message = 'The answer took longer than the limit of 1 seconds.';
    expect(eventsOf(events, 'error')).toEqual([{ type: 'error', message }]);
    expect((await storedOf(events))?.error).toBe(message);
  });
});

describe('the stream over HTTP', () => {
  let app: VigilApp;
  let analyst: SignedIn;
  let base: string;
  beforeAll(async () => {
    app = await withModel();
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    analyst = await signIn(app, demoUser);
  });

  const post = (question: string, signal?: AbortSignal) =>
    fetch(`${base}/api/advisor/messages`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${analyst.token}`,
        'content-type': 'application/json',
        accept: 'text/event-stream',
        cookie: [...analyst.browser.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        'x-xsrf-token': analyst.browser.cookies.get('XSRF-TOKEN') ?? '',
      },
      body: JSON.stringify({ question }),
      ...(signal ? { signal } : {}),
    });

  it('streams the events as they happen (time to the first byte, to the first word, to the end)', async () => {
    model.scripts = [
      {
        match: 'stream',
        rounds: [[{ name: 'posture_summary', arguments: {} }]],
        answer: `Streamed {refs} ${longAnswer}`,
      },
    ];
    const started = performance.now();
    const response = await post('stream it');
    expect(response.status).toBe(200);
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    let text = '';
    let firstByte = 0;
    let firstDelta = 0;
    let chunks = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks += 1;
      firstByte ||= performance.now() - started;
      text += decoder.decode(value, { stream: true });
      if (!firstDelta && text.includes('event: delta')) firstDelta = performance.now() - started;
    }
    const total = performance.now() - started;
    expect(text.startsWith('event: conversation\n')).toBe(true);
    expect(text).toContain('event: done\n');
    // Streamed, not buffered: many chunks, the first words well before the end.
    expect(chunks).toBeGreaterThan(20);
    expect(firstDelta).toBeLessThan(total - 200);
    console.info(
      `advisor stream (local model, ${database.kind}): first byte ${firstByte.toFixed(0)} ms, first word ${firstDelta.toFixed(0)} ms, whole answer (400 words) ${total.toFixed(0)} ms`,
    );
  });

  it('stops the answer when the client goes away, keeping what was said', async () => {
    model.scripts = [{ match: 'goes away', answer: longAnswer }];
    const from = model.requests.length;
    const abort = new AbortController();
    const response = await post('the client goes away', abort.signal);
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    let text = '';
    while (!text.includes('event: delta')) text += new TextDecoder().decode((await reader.read()).value);
    abort.abort();
    const id = Number(/"id":(\d+)/.exec(text)?.[1]);
    let stored: { content: string; error?: string | null } | undefined;

    for (let i = 0; i < 100 && !stored; i += 1) {
      await new Promise((r) => setTimeout(r, 50));
      const detail = answerOf('getAdvisorConversation', await get(analyst, `/advisor/conversations/${id}`));

      stored = detail.messages[1];
    }
    expect(stored?.error).toBe('The question was cancelled.');
    expect(stored?.content.length).toBeGreaterThan(0);
    expect(stored?.content.length).toBeLessThan(longAnswer.length);
    expect(model.requests.length - from).toBe(1);
  });
});
