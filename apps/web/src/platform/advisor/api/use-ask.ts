// The question being answered: its events gathered as they stream (tools called, records read, text),
// then, once the stream ends, the stored conversation asked again; the stored messages take over
// from the live turn as soon as they hold the answer (or the error the server kept).
import { useQueryClient } from '@tanstack/react-query';
import { ApiError } from '@vigil/api-client';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useApi } from '@/lib/api-context';
import { type AdvisorConversationDetail, type AdvisorRecord, advisorKeys, fetchConversation } from './advisor-api';
import { askAdvisor } from './ask';

export interface ToolStep {
  name: string;
  arguments: unknown;
}

/** Why a question got no answer at all, for the screen to word. */
export type AskFailure = 'tooMany' | 'refused' | 'notFound' | 'failed' | 'stopped';

export interface LiveTurn {
  /** Null until the server names the conversation a first question starts. */
  conversationId: number | null;
  question: string;
  steps: ToolStep[];
  records: AdvisorRecord[];
  text: string;
  /** The server's `error` event: why the answer stopped short. */
  error: string | null;
  failure: AskFailure | null;
  streaming: boolean;
  /** The stored messages shown with it (those before the question). */
  before: number;
}

function failureOf(error: unknown, signal: AbortSignal): AskFailure {
  if (signal.aborted) return 'stopped';
  if (!(error instanceof ApiError)) return 'failed';
  if (error.status === 429) return 'tooMany';
  if (error.status === 404) return 'notFound';
  return error.status === 400 || error.status === 422 ? 'refused' : 'failed';
}

export function useAsk(current: number | null, onConversation: (id: number) => void) {
  const api = useApi();
  const client = useQueryClient();
  const [live, setLive] = useState<LiveTurn | null>(null);
  const running = useRef<{ controller: AbortController; conversationId: number | null } | null>(null);

  const stop = useCallback(() => running.current?.controller.abort(), []);

  // Another conversation opened (or a new one): the live turn is not its own.
  useEffect(() => {
    setLive((turn) => {
      if (!turn || turn.conversationId === current) return turn;
      if (running.current && running.current.conversationId !== current) running.current.controller.abort();
      return null;
    });
  }, [current]);
  useEffect(() => () => running.current?.controller.abort(), []);

  const ask = useCallback(
    async (question: string) => {
      if (running.current) return;
      const controller = new AbortController();
      const run = { controller, conversationId: current };
      running.current = run;
      const key = current === null ? null : advisorKeys.conversation(current);
      const before = key ? (client.getQueryData<AdvisorConversationDetail>(key)?.messages.length ?? 0) : 0;
      const update = (change: (turn: LiveTurn) => Partial<LiveTurn>) =>
        setLive((turn) => (turn && !controller.signal.aborted ? { ...turn, ...change(turn) } : turn));
      setLive({
        conversationId: current,
        question,
        steps: [],
        records: [],
        text: '',
        error: null,
        failure: null,
        streaming: true,
        before,
      });
      try {
        await askAdvisor(
          api,
          { question, ...(current === null ? {} : { conversationId: current }) },
          (event) => {
            if (event.type === 'conversation') {
              run.conversationId = event.id;
              update(() => ({ conversationId: event.id }));
              if (event.id !== current) onConversation(event.id);
              void client.invalidateQueries({ queryKey: advisorKeys.conversations, exact: true });
            } else if (event.type === 'tool') {
              const step = { name: event.name, arguments: event.arguments };
              update((turn) => ({ steps: [...turn.steps, step] }));
            } else if (event.type === 'record') {
              update((turn) =>
                turn.records.some((r) => r.ref === event.record.ref)
                  ? {}
                  : { records: [...turn.records, event.record] },
              );
            } else if (event.type === 'delta') update((turn) => ({ text: turn.text + event.text }));
            else if (event.type === 'error') update(() => ({ error: event.message }));
          },
          controller.signal,
        );
      } catch (error) {
        const failure = failureOf(error, controller.signal);
        setLive((turn) => (turn ? { ...turn, failure } : turn));
      }
      try {
        const id = run.conversationId;
        if (id === null) return;
        void client.invalidateQueries({ queryKey: advisorKeys.conversations, exact: true });
        // Always asked of the server (staleTime 0): the copy cached while the answer streamed holds the
        // question without its answer, and the next question counts the thread from this copy.
        const stored = await client
          .fetchQuery({
            queryKey: advisorKeys.conversation(id),
            queryFn: ({ signal }) => fetchConversation(api, id, signal),
            staleTime: 0,
          })
          .catch(() => null);
        // The stored answer (or the error kept with it) replaces the live one.
        if (stored && stored.messages.length > before + 1) {
          setLive((turn) => (turn && turn.conversationId === id ? null : turn));
        }
      } finally {
        // The turn ends once the thread is stored: a question asked sooner would be counted against a
        // thread that lacks this answer (and would hide it).
        running.current = null;
        setLive((turn) => (turn ? { ...turn, streaming: false } : turn));
      }
    },
    [api, client, current, onConversation],
  );

  return { live, ask, stop };
}
