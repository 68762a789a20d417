// The advisor's service (ADR 0036): what answers (GET /advisor), the user's conversations, and a
// question: stored with its conversation first, answered by the engine (the configured model, else
// the intent engine) through the question's ToolBox as the asking user, under the time limit, then
// the answer stored with the records it cites, and one log line of what the question cost.
import type { components } from '@vigil/api-client';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { LANGUAGES, type Language } from '../../identity/preferences/preferences.service.js';
import { spendAction } from '../../shared/action-limits.js';
import { ServiceError, validationError } from '../../shared/service-error.js';
import type { TenantScope } from '../../shared/tenant.js';
import { createIntentEngine, suggestions } from './advisor.intents.js';
import { createModelEngine } from './advisor.model.js';
import {
  type ConversationRow,
  deleteConversation,
  findConversation,
  insertConversation,
  insertMessage,
  listConversations,
  listMessages,
  type MessageRow,
  titleOf,
  touchConversation,
} from './advisor.repository.js';
import type { StoredToolCall } from './advisor.table.js';
import { advisorTools } from './advisor.tool-list.js';
import { createToolBox } from './advisor.toolbox.js';
import {
  type AdvisorEngine,
  type AdvisorEvent,
  type AnswerResult,
  type ChatTurn,
  citedRecords,
  type ToolContext,
} from './advisor.types.js';

type AdvisorStatus = components['schemas']['AdvisorStatus'];
type AdvisorConversation = components['schemas']['AdvisorConversation'];
type AdvisorMessage = components['schemas']['AdvisorMessage'];

/** Earlier turns sent with a question, at most (the newest ones). */
export const HISTORY_TURNS = 20;
const notFound = () => new ServiceError('not_found', 'Conversation not found.');

export function engineOf(ctx: AppContext): AdvisorEngine {
  const { model, limits, prices } = ctx.config.advisor;
  return model
    ? createModelEngine({ baseUrl: model.baseUrl, name: model.name, apiKey: model.apiKey, limits, prices })
    : createIntentEngine();
}

export function advisorStatus(ctx: AppContext, language: Language): AdvisorStatus {
  const { model, limits } = ctx.config.advisor;
  return {
    engine: model ? 'model' : 'intents',
    model: model?.name ?? null,
    languages: [...LANGUAGES],
    suggestions: suggestions(language),
    limits: { toolCalls: limits.toolCalls, tokens: limits.tokens, seconds: limits.seconds },
  };
}

const conversationOut = (row: ConversationRow): AdvisorConversation => ({
  id: row.id,
  title: row.title,
  createdAt: row.created_at.toISOString(),
  updatedAt: row.updated_at.toISOString(),
});

/** A jsonb value as the driver gave it (parsed, or its text). */
function jsonOf<T>(value: unknown, fallback: T): T {
  if (value === null || value === undefined) return fallback;
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}

const messageOut = (row: MessageRow): AdvisorMessage => ({
  id: row.id,
  role: row.role,
  content: row.content,
  records: jsonOf(row.records, []),
  toolCalls: jsonOf<StoredToolCall[]>(row.tool_calls, []).map((call) => ({
    name: call.name,
    arguments: call.arguments,
  })),
  engine: row.engine,
  error: row.error,
  createdAt: row.created_at.toISOString(),
});

export async function conversationsOf(ctx: AppContext, scope: TenantScope, limit: number) {
  return { data: (await listConversations(ctx.db, scope, limit)).map(conversationOut) };
}

export async function conversationDetail(ctx: AppContext, scope: TenantScope, id: number) {
  const row = await findConversation(ctx.db, scope, id);
  if (!row) throw notFound();
  const messages = await listMessages(ctx.db, scope, id);
  return { ...conversationOut(row), messages: messages.map(messageOut) };
}

export async function removeConversation(ctx: AppContext, scope: TenantScope, id: number): Promise<void> {
  if (!(await deleteConversation(ctx.db, scope, id))) throw notFound();
}

export interface OpenQuestion {
  conversationId: number;
  question: string;
  history: ChatTurn[];
}

/**
 * Stores the question (in a new conversation, or one of the user's: 404 otherwise) in one
 * transaction, before anything streams; answers the earlier turns to send with it.
 */
export async function openQuestion(
  ctx: AppContext,
  scope: TenantScope,
  input: { question: string; conversationId?: number | undefined },
): Promise<OpenQuestion> {
  const question = input.question.trim();
  if (question === '') throw validationError({ question: ['The question must not be empty.'] });
  const now = ctx.clock.now();
  return ctx.db.transaction().execute(async (trx) => {
    await spendAction(trx, ctx.clock, ctx.limits.actions, 'advisorQuestion', scope);
    let conversationId = input.conversationId;
    let history: ChatTurn[] = [];
    if (conversationId === undefined) {
      conversationId = await insertConversation(trx, scope, titleOf(question), now);
    } else {
      if (!(await touchConversation(trx, scope, conversationId, now))) throw notFound();
      const earlier = await listMessages(trx, scope, conversationId);
      // An answer stopped before its first word says nothing worth sending back.
      history = earlier
        .filter((m) => m.content.trim() !== '')
        .slice(-HISTORY_TURNS)
        .map((m) => ({ role: m.role, content: m.content }));
    }
    await insertMessage(trx, { conversationId, role: 'user', content: question, now });
    return { conversationId, question, history };
  });
}

export interface AnswerDeps {
  ctx: AppContext;
  log: FastifyBaseLogger;
  scope: TenantScope;
  /** The tools call the API as the asking user (their token, address and language). */
  tools: ToolContext;
  /** Aborted when the client goes away. */
  cancel: AbortSignal;
  emit(event: AdvisorEvent): void;
}

/** Answers an open question: streams its events, stores the answer, logs its cost. Never throws. */
export async function answerQuestion(deps: AnswerDeps, open: OpenQuestion): Promise<void> {
  const { ctx, scope, emit } = deps;
  const { limits, model } = ctx.config.advisor;
  const started = Date.now();
  const now = ctx.clock.now();
  emit({ type: 'conversation', id: open.conversationId });
  const timer = new AbortController();
  const timeout = setTimeout(
    () => timer.abort(new Error(`The answer took longer than the limit of ${limits.seconds} seconds.`)),
    limits.seconds * 1000,
  );
  const signal = AbortSignal.any([deps.cancel, timer.signal]);
  const tools = createToolBox(advisorTools, deps.tools, limits.toolCalls, emit);
  const engine = engineOf(ctx);
  let result: AnswerResult;
  try {
    result = await engine.answer({
      question: open.question,
      history: open.history,
      language: deps.tools.language,
      tools,
      onText: (text) => emit({ type: 'delta', text }),
      signal,
      now,
    });
  } catch (error) {
    deps.log.error({ err: error }, 'advisor engine failed');
    result = { content: '', engine: engine.kind, error: 'The advisor failed to answer.' };
  } finally {
    clearTimeout(timeout);
  }
  const records = citedRecords(result.content, tools.records);
  try {
    const stored = await insertMessage(ctx.db, {
      conversationId: open.conversationId,
      role: 'assistant',
      content: result.content,
      records,
      engine: result.engine,
      error: result.error,
      toolCalls: tools.calls.map((c) => ({
        name: c.name,
        arguments: c.arguments,
        ok: c.ok,
        ...(c.error ? { error: c.error } : {}),
      })),
      usage: result.usage,
      now: ctx.clock.now(),
    });
    // What was said before a limit or a failure is kept (the stored message has it, and the error).
    emit(result.error ? { type: 'error', message: result.error } : { type: 'done', message: messageOut(stored) });
  } catch (error) {
    deps.log.error({ err: error }, 'advisor answer not stored');
    emit({ type: 'error', message: 'The answer could not be stored.' });
  }
  // The cost of the question: who, which model, tokens, tool calls, cost and time; never its text.
  deps.log.info(
    {
      advisor: {
        userId: scope.userId,
        companyId: scope.companyId,
        conversationId: open.conversationId,
        engine: result.engine,
        model: result.engine === 'model' ? (model?.name ?? null) : null,
        questionLength: open.question.length,
        promptTokens: result.usage?.promptTokens ?? 0,
        completionTokens: result.usage?.completionTokens ?? 0,
        toolCalls: tools.calls.length,
        costUsd: result.usage?.costUsd ?? null,
        ms: Date.now() - started,
        ...(result.error ? { error: result.error } : {}),
      },
    },
    'advisor question answered',
  );
}
