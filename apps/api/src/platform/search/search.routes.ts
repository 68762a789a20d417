// GET /search: the cross-module search over the user's companies (search.service.ts).

import { tokenCompanyOf } from '../../identity/session/session.service.js';
import { authOf, queryOf, type RouteDeps, type RouteTable } from '../../route-table.js';
import { search } from './search.service.js';

export function searchRoutes({ ctx }: RouteDeps): RouteTable {
  return {
    search: {
      handler: async (request) => {
        const input = queryOf('search', request);
        const auth = authOf(request);
        return search(ctx.db, ctx.modules, {
          userId: auth.user.id,
          onlyCompanyId: tokenCompanyOf(auth),
          q: input.q,
          kinds: input.kinds,
          limit: input.limit ?? 5,
        });
      },
    },
  };
}
