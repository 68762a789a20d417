import type { RouteDeps, RouteTable } from '../../route-table.js';

export function systemRoutes({ ctx }: RouteDeps): RouteTable {
  return {
    getHealth: {
      handler: async (_request, reply) => {
        try {
          await ctx.pingDb();
          return { status: 'ok', database: ctx.dbKind };
        } catch {
          return reply.code(503).send({ message: 'Database unavailable.' });
        }
      },
    },
    // The csrf plugin has already set the cookie when the request had none.
    issueCsrfCookie: { handler: async (_request, reply) => reply.code(204).send() },
  };
}
