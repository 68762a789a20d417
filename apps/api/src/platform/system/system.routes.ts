import type { RouteDeps, RouteTable } from '../../route-table.js';
import { ServiceError } from '../../shared/service-error.js';

export function systemRoutes({ ctx }: RouteDeps): RouteTable {
  return {
    getHealth: {
      handler: async () => {
        try {
          await ctx.pingDb();
          return { status: 'ok', database: ctx.dbKind };
        } catch {
          throw new ServiceError('unavailable', 'Database unavailable.');
        }
      },
    },
    // The csrf plugin has already set the cookie when the request had none.
    issueCsrfCookie: { handler: async (_request, reply) => reply.code(204).send() },
  };
}
