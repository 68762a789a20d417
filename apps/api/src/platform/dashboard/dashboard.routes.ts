import { authOf, queryOf, type RouteDeps, type RouteTable } from '../../route-table.js';
import { getDashboard } from './dashboard.service.js';

export function dashboardRoutes({ ctx }: RouteDeps): RouteTable {
  return {
    getDashboard: {
      handler: async (request) => getDashboard({ ctx, auth: authOf(request), input: queryOf('getDashboard', request) }),
    },
  };
}
