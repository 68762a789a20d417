// The operations of openapi/paths/mentions.yaml, keyed by operationId (thin: the verbs are in
// mentions.service.ts and mentions.keywords.ts).

import { csvRoute } from '../../platform/findings/findings.csv.js';
import { authOf, bodyOf, paramsOf, queryOf, type RouteDeps, type RouteTable } from '../../route-table.js';
import {
  createMentionKeyword,
  deleteMentionKeyword,
  listMentionKeywords,
  updateMentionKeyword,
} from './mentions.keywords.js';
import { exportMentions, getMention, listMentions } from './mentions.service.js';

export function mentionsRoutes({ ctx }: RouteDeps): RouteTable {
  return {
    listMentions: {
      handler: async (request) => listMentions({ ctx, auth: authOf(request), input: queryOf('listMentions', request) }),
    },
    exportMentions: csvRoute(ctx, 'mentions', (request, auth) =>
      exportMentions({ ctx, auth, input: queryOf('exportMentions', request) }),
    ),
    getMention: {
      handler: async (request) => getMention({ ctx, auth: authOf(request), input: paramsOf('getMention', request) }),
    },
    listMentionKeywords: {
      handler: async (request) => listMentionKeywords({ ctx, auth: authOf(request), input: null }),
    },
    createMentionKeyword: {
      handler: async (request, reply) => {
        const input = bodyOf('createMentionKeyword', request);
        const result = await createMentionKeyword({ ctx, auth: authOf(request), input });
        reply.code(201);
        return result;
      },
    },
    updateMentionKeyword: {
      handler: async (request) =>
        updateMentionKeyword({
          ctx,
          auth: authOf(request),
          input: { ...bodyOf('updateMentionKeyword', request), id: paramsOf('updateMentionKeyword', request).id },
        }),
    },
    deleteMentionKeyword: {
      handler: async (request) =>
        deleteMentionKeyword({ ctx, auth: authOf(request), input: paramsOf('deleteMentionKeyword', request) }),
    },
  };
}
