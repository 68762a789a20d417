// /insights: what changed in a period (reads only, the session's company).
import { authOf, queryOf, type RouteDeps, type RouteTable } from '../../route-table.js';
import { getInsights } from './insights.service.js';

export function insightsRoutes({ ctx }: RouteDeps): RouteTable {
  return {
    getInsights: {
      handler: async (request) => getInsights({ ctx, auth: authOf(request), input: queryOf('getInsights', request) }),
    },
  };
}
