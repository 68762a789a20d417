import { authOf, queryOf, type RouteDeps, type RouteTable } from '../../route-table.js';
import { listEvents } from './events.service.js';

export function eventsRoutes({ ctx }: RouteDeps): RouteTable {
  return {
    listEvents: {
      handler: async (request) => listEvents({ ctx, auth: authOf(request), input: queryOf('listEvents', request) }),
    },
  };
}
