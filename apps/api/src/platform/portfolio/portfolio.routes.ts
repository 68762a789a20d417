import { authOf, queryOf, type RouteDeps, type RouteTable } from '../../route-table.js';
import { getPortfolio } from './portfolio.service.js';

/** /portfolio: Global Vision, over the user's memberships (no selected company needed). */
export function portfolioRoutes({ ctx }: RouteDeps): RouteTable {
  return {
    getPortfolio: {
      handler: async (request) => getPortfolio({ ctx, auth: authOf(request), input: queryOf('getPortfolio', request) }),
    },
  };
}
