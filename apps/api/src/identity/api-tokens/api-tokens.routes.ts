// /api-tokens: a member's own API tokens and, for administrators, the company's (ADR 0048).
import { authOf, bodyOf, paramsOf, queryOf, type RouteDeps, type RouteTable } from '../../route-table.js';
import { createApiToken, listApiTokens, revokeApiToken } from './api-tokens.service.js';

export function apiTokensRoutes({ ctx }: RouteDeps): RouteTable {
  return {
    listApiTokens: {
      handler: async (request) =>
        listApiTokens({ ctx, auth: authOf(request), input: queryOf('listApiTokens', request) }),
    },
    createApiToken: {
      handler: async (request, reply) => {
        const answer = await createApiToken({
          ctx,
          auth: authOf(request),
          input: bodyOf('createApiToken', request),
          ip: request.ip,
        });
        reply.code(201).header('cache-control', 'no-store');
        return answer;
      },
    },
    revokeApiToken: {
      handler: async (request) =>
        revokeApiToken({ ctx, auth: authOf(request), input: paramsOf('revokeApiToken', request), ip: request.ip }),
    },
  };
}
