import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createApiClient } from '@vigil/api-client';
import type { i18n as I18n } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiClientProvider } from '@/lib/api-context';
import { createTestI18n } from '@/testing/i18n';
import { renderWithProviders } from '@/testing/render';
import type { AdvisorConversationDetail, AdvisorMessage, AdvisorStatus } from '../api/advisor-api';
import { AdvisorScreen } from './advisor-screen';

let i18n: I18n;
beforeAll(async () => {
  i18n = await createTestI18n();
});

const status: AdvisorStatus = {
  engine: 'intents',
  model: null,
  languages: ['en'],
  suggestions: [{ intent: 'cve_exposure', question: 'Are we affected by CVE-2026-1234?' }],
  limits: { toolCalls: 8, tokens: 4000, seconds: 60 },
};
const record = {
  ref: 'F12',
  kind: 'finding',
  title: 'portal.acme-retail.example runs it',
  path: '/vulnerabilities?open=12',
};
const answer: AdvisorMessage = {
  id: 2,
  role: 'assistant',
  content: 'Yes: [F12] is exposed.',
  records: [record],
  engine: 'intents',
  error: null,
  createdAt: '2026-11-26T12:00:01.000Z',
  toolCalls: [{ name: 'cve_exposure', arguments: { cve: 'CVE-2026-1234' } }],
};
const question: AdvisorMessage = {
  id: 1,
  role: 'user',
  content: status.suggestions[0]?.question ?? '',
  records: [],
  engine: 'intents',
  error: null,
  createdAt: '2026-11-26T12:00:00.000Z',
};
const stored: AdvisorConversationDetail = {
  id: 7,
  title: question.content,
  createdAt: question.createdAt,
  updatedAt: question.createdAt,
  messages: [question, answer],
};

const sse = (event: string, data: unknown) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

/** An in-memory /api whose POST /advisor/messages streams `first`, then `rest` once `release()` runs. */
function renderAdvisor(
  [first, rest]: [string[], string[]],
  {
    refuse,
    after = stored,
    askedBefore = false,
    staleTime = 0,
  }: { refuse?: number; after?: AdvisorConversationDetail; askedBefore?: boolean; staleTime?: number } = {},
) {
  const requests: { method: string; path: string; body: unknown }[] = [];
  let asked = askedBefore;
  let release: () => void = () => undefined;
  const held = new Promise<void>((done) => {
    release = done;
  });
  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  const client = createApiClient({
    baseUrl: 'http://vigil.test/api',
    getCookies: () => '',
    fetch: async (input) => {
      const request = input as Request;
      const path = new URL(request.url).pathname.replace(/^\/api/, '');
      const text = request.method === 'POST' ? await request.text() : '';
      requests.push({ method: request.method, path, body: text ? JSON.parse(text) : null });
      if (path === '/advisor') return json(status);
      if (path === '/advisor/conversations') return json({ data: asked ? [after] : [] });
      if (path === '/advisor/conversations/7' && request.method === 'DELETE')
        return new Response(null, { status: 204 });
      if (path === '/advisor/conversations/7') return json(asked ? after : { ...after, messages: [] });
      if (refuse) return json({ message: 'Slow down.' }, refuse);
      const bytes = new TextEncoder();
      const body = new ReadableStream<Uint8Array>({
        async start(controller) {
          for (const chunk of first) controller.enqueue(bytes.encode(chunk));
          await held;
          asked = true;
          for (const chunk of rest) controller.enqueue(bytes.encode(chunk));
          controller.close();
        },
      });
      return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
    },
  });
  const rendered = renderWithProviders(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false, staleTime } } })}>
      <ApiClientProvider client={client}>
        <AdvisorScreen />
      </ApiClientProvider>
    </QueryClientProvider>,
    { i18n, path: '/cyberadvisor' },
  );
  return { ...rendered, requests, release };
}

/** The stream of the suggested question, cut inside events as a network would. */
const streamed: [string[], string[]] = [
  [
    sse('conversation', { id: 7 }),
    sse('tool', { name: 'cve_exposure', arguments: { cve: 'CVE-2026-1234' } }),
    sse('record', { record }).slice(0, 30),
    sse('record', { record }).slice(30),
    sse('delta', { text: 'Yes: [F12] ' }).slice(0, 20),
    sse('delta', { text: 'Yes: [F12] ' }).slice(20),
  ],
  [sse('delta', { text: 'is exposed.' }), sse('done', { message: answer })],
];

describe('AdvisorScreen', () => {
  it('says no model is configured, asks a suggestion, streams the steps and the cited answer, then shows it stored', async () => {
    const { requests, release, router } = renderAdvisor(streamed);
    expect((await screen.findByTestId('advisor-engine')).textContent).toContain('No model is configured');
    fireEvent.click(await screen.findByRole('button', { name: 'Are we affected by CVE-2026-1234?' }));
    // The first half: the conversation named, the tool called, the answer begun with its citation.
    const live = await screen.findByTestId('advisor-answer');
    await waitFor(() => expect(within(live).getByTestId('advisor-steps').textContent).toContain('Checked a CVE'));
    expect(within(live).getByText('CVE-2026-1234')).toBeTruthy();
    await waitFor(() =>
      expect(within(live).getByRole('link', { name: '[F12]' }).getAttribute('href')).toBe(record.path),
    );
    expect(live.getAttribute('aria-busy')).toBe('true');
    expect(screen.getByRole('button', { name: 'Stop' })).toBeTruthy();
    expect(new URLSearchParams(router.state.location.search).get('c')).toBe('7');
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({ question: 'Are we affected by CVE-2026-1234?' });
    release();
    // Done: the stored conversation takes over (one question, one answer), listed on the side.
    await waitFor(() => expect(screen.getByTestId('advisor-answer').getAttribute('aria-busy')).toBe('false'));
    await waitFor(() => expect(screen.getByTestId('advisor-answer').textContent).toContain('Yes: [F12] is exposed.'));
    expect(screen.getAllByTestId('advisor-answer')).toHaveLength(1);
    expect(within(screen.getByTestId('advisor-sources')).getByRole('link', { name: record.title })).toBeTruthy();
    const list = screen.getByTestId('advisor-conversations');
    await waitFor(() =>
      expect(within(list).getByRole('link', { name: stored.title }).getAttribute('aria-current')).toBe('page'),
    );
    // The steps of the answer stay with it once stored (the server keeps its tool calls).
    expect(screen.getByTestId('advisor-steps').textContent).toContain('Checked a CVE');
  });

  it('wraps a long suggestion inside its column instead of running off a phone (issue 33 item 7)', async () => {
    renderAdvisor(streamed);
    const suggestion = await screen.findByRole('button', { name: 'Are we affected by CVE-2026-1234?' });
    const style = getComputedStyle(suggestion);
    // A flex item that may not shrink is as wide as its text on one line: it must wrap and stop at
    // the column's edge.
    expect(style.whiteSpace).toBe('normal');
    expect(style.maxWidth).toBe('100%');
    expect(style.overflowWrap).toBe('anywhere');
  });

  it('keeps every exchange when the next question follows at once, with the app cache policy (issue 33)', async () => {
    // The app caches reads for 15 s: the conversation read while the first answer streamed holds no
    // answer. The stored thread must still be read again once the answer is done, else the next
    // question counts the thread from the stale copy and the first answer vanishes.
    const { requests, release } = renderAdvisor(streamed, { staleTime: 15_000 });
    fireEvent.click(await screen.findByRole('button', { name: 'Are we affected by CVE-2026-1234?' }));
    await waitFor(() => expect(screen.getByTestId('advisor-answer').textContent).toContain('Yes: [F12]'));
    // The conversation is read (and cached) while its answer is still streaming.
    await waitFor(() => expect(requests.some((r) => r.path === '/advisor/conversations/7')).toBe(true));
    release();
    await waitFor(() => expect(screen.getByTestId('advisor-answer').getAttribute('aria-busy')).toBe('false'));
    const box = screen.getByRole('textbox', { name: 'Your question' });
    fireEvent.change(box, { target: { value: 'and the next one?' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(requests.filter((r) => r.method === 'POST')).toHaveLength(2));
    // The first exchange stays on screen above the second.
    await waitFor(() => expect(screen.getAllByTestId('advisor-answer')).toHaveLength(2));
    expect(screen.getByText('and the next one?')).toBeTruthy();
  });

  it('shows the steps of an answer asked before (after a reload) from the tool calls the server kept', async () => {
    const { router } = renderAdvisor(streamed, { askedBefore: true });
    await router.navigate('/cyberadvisor?c=7');
    const steps = await screen.findByTestId('advisor-steps');
    expect(steps.textContent).toContain('Checked a CVE');
    expect(within(steps).getByText('CVE-2026-1234')).toBeTruthy();
  });

  it('asks a follow-up in the same conversation from the question box, and shows why an answer stopped short', async () => {
    const { requests, release, router } = renderAdvisor(
      [
        [sse('conversation', { id: 7 }), sse('delta', { text: 'Partial ' })],
        [sse('error', { message: 'The time limit (60 s) passed.' })],
      ],
      {
        // What was said is kept, with why it stopped.
        after: {
          ...stored,
          messages: [
            { ...question, content: 'and then?' },
            { ...answer, content: 'Partial ', records: [], error: 'The time limit (60 s) passed.' },
          ],
        },
      },
    );
    await router.navigate('/cyberadvisor?c=7');
    const box = await screen.findByRole('textbox', { name: 'Your question' });
    fireEvent.change(box, { target: { value: '  and then?  ' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() =>
      expect(requests.find((r) => r.method === 'POST')?.body).toEqual({ question: 'and then?', conversationId: 7 }),
    );
    expect((box as HTMLTextAreaElement).value).toBe('');
    release();
    expect(await screen.findByText('The answer stopped short: The time limit (60 s) passed.')).toBeTruthy();
  });

  it('stops a streaming answer on Stop and says it was stopped', async () => {
    renderAdvisor([[sse('conversation', { id: 7 }), sse('delta', { text: 'Partial answer' })], []]);
    fireEvent.click(await screen.findByRole('button', { name: 'Are we affected by CVE-2026-1234?' }));
    await waitFor(() => expect(screen.getByTestId('advisor-answer').textContent).toContain('Partial answer'));
    fireEvent.click(screen.getByRole('button', { name: 'Stop' }));
    expect(await screen.findByText('Stopped before the answer was complete.')).toBeTruthy();
    expect(screen.getByTestId('advisor-answer').getAttribute('aria-busy')).toBe('false');
    expect(screen.getByRole('button', { name: 'Ask' })).toBeTruthy();
  });

  it('says why a refused question got no answer', async () => {
    renderAdvisor([[], []], { refuse: 429 });
    const box = await screen.findByRole('textbox', { name: 'Your question' });
    fireEvent.change(box, { target: { value: 'what changed this week?' } });
    fireEvent.click(screen.getByRole('button', { name: 'Ask' }));
    expect(await screen.findByText('Too many questions at once. Wait a moment and ask again.')).toBeTruthy();
    expect(screen.getByText('what changed this week?')).toBeTruthy();
  });

  it('deletes the open conversation once confirmed, and opens a new one', async () => {
    const { requests, release, router } = renderAdvisor(streamed);
    release();
    fireEvent.click(await screen.findByRole('button', { name: 'Are we affected by CVE-2026-1234?' }));
    const remove = await screen.findByRole('button', { name: 'Delete conversation' });
    fireEvent.click(remove);
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete this conversation?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(requests.filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual(['/advisor/conversations/7']);
    expect(await screen.findByRole('button', { name: 'Are we affected by CVE-2026-1234?' })).toBeTruthy();
  });
});
