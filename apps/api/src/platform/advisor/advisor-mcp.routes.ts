// POST /mcp (operation advisorMcp): the advisor's tools for other assistants, as the caller.
import { authOf, bodyOf, type RouteDeps, type RouteTable } from '../../route-table.js';
import { ServiceError } from '../../shared/service-error.js';
import { toolContextOf } from './advisor.api-caller.js';
import { answerMcp, isNotification, type JsonRpcRequest, MCP_FOREIGN_ORIGIN, mcpOriginAllowed } from './advisor.mcp.js';

export function advisorMcpRoutes({ ctx }: RouteDeps): RouteTable {
  return {
    advisorMcp: {
      handler: async (request, reply) => {
        if (!mcpOriginAllowed(request.headers.origin, ctx.publicUrl))
          throw new ServiceError('forbidden', MCP_FOREIGN_ORIGIN);
        authOf(request);
        const rpc = bodyOf('advisorMcp', request) as JsonRpcRequest;
        if (isNotification(rpc)) return reply.code(202).send();
        return answerMcp(rpc, toolContextOf(request, ctx.clock.now()));
      },
    },
  };
}
