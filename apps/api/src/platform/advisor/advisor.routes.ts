// /advisor: what answers and what to ask, the user's conversations, and a question whose answer
// streams as server-sent events (`event: <type>` + `data: <the event as JSON>`). The question is
// stored before the stream starts (so a wrong conversation is a plain 404), one question at a time
// per user (429 otherwise); the stream is the reply's payload, so the app's security headers still
// apply, and the answer stops when the client goes away.
import { PassThrough } from 'node:stream';
import { languageOf } from '../../identity/preferences/preferences.service.js';
import { authOf, bodyOf, paramsOf, queryOf, type RouteDeps, type RouteTable } from '../../route-table.js';
import { ServiceError } from '../../shared/service-error.js';
import { requireScope } from '../../shared/tenant.js';
import { toolContextOf } from './advisor.api-caller.js';
import {
  advisorStatus,
  answerQuestion,
  conversationDetail,
  conversationsOf,
  openQuestion,
  removeConversation,
} from './advisor.service.js';
import type { AdvisorEvent } from './advisor.types.js';

export function sseFrame(event: AdvisorEvent): string {
  return `event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`;
}

export function advisorRoutes({ ctx }: RouteDeps): RouteTable {
  /** Users with a question being answered (this process). */
  const asking = new Set<number>();
  return {
    getAdvisor: {
      handler: async (request) => advisorStatus(ctx, languageOf(authOf(request).user.language)),
    },
    listAdvisorConversations: {
      handler: async (request) =>
        conversationsOf(
          ctx,
          requireScope(authOf(request).scope),
          queryOf('listAdvisorConversations', request).limit ?? 50,
        ),
    },
    getAdvisorConversation: {
      handler: async (request) =>
        conversationDetail(ctx, requireScope(authOf(request).scope), paramsOf('getAdvisorConversation', request).id),
    },
    deleteAdvisorConversation: {
      handler: async (request, reply) => {
        await removeConversation(
          ctx,
          requireScope(authOf(request).scope),
          paramsOf('deleteAdvisorConversation', request).id,
        );
        return reply.code(204).send();
      },
    },
    askAdvisor: {
      handler: async (request, reply) => {
        const auth = authOf(request);
        const scope = requireScope(auth.scope);
        const tools = toolContextOf(request, ctx.clock.now());
        if (asking.has(scope.userId)) throw new ServiceError('rate_limited', 'A question is already being answered.');
        asking.add(scope.userId);
        let open: Awaited<ReturnType<typeof openQuestion>>;
        try {
          open = await openQuestion(ctx, scope, bodyOf('askAdvisor', request));
        } catch (error) {
          asking.delete(scope.userId);
          throw error;
        }
        const stream = new PassThrough();
        const cancel = new AbortController();
        reply.raw.once('close', () => {
          if (!reply.raw.writableFinished) cancel.abort(new Error('The question was cancelled.'));
        });
        void answerQuestion(
          {
            ctx,
            log: request.log,
            scope,
            tools,
            cancel: cancel.signal,
            emit: (event) => {
              if (!stream.writableEnded && !stream.destroyed) stream.write(sseFrame(event));
            },
          },
          open,
        ).finally(() => {
          asking.delete(scope.userId);
          stream.end();
        });
        return reply
          .header('content-type', 'text/event-stream; charset=utf-8')
          .header('cache-control', 'no-store')
          .header('x-accel-buffering', 'no')
          .send(stream);
      },
    },
  };
}
