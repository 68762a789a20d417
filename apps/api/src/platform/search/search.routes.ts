// GET /search: the cross-module search over the user's companies (search.service.ts).
import { authOf, queryOf, type RouteDeps, type RouteTable } from '../../route-table.js';
import { search } from './search.service.js';

export function searchRoutes({ ctx }: RouteDeps): RouteTable {
  return {
    search: {
      handler: async (request) => {
        const input = queryOf('search', request);
        return search(ctx.db, ctx.modules, {
          userId: authOf(request).user.id,
          q: input.q,
          kinds: input.kinds,
          limit: input.limit ?? 5,
        });
      },
    },
  };
}
