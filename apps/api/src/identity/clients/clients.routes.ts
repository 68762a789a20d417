import { authOf, bodyOf, type RouteDeps, type RouteTable } from '../../route-table.js';
import { listClients, switchClient } from './clients.service.js';

export function clientsRoutes({ ctx }: RouteDeps): RouteTable {
  return {
    listClients: { handler: async (request) => listClients({ ctx, auth: authOf(request) }) },
    switchClient: {
      handler: async (request) =>
        switchClient({ ctx, auth: authOf(request), input: bodyOf('switchClient', request), ip: request.ip }),
    },
  };
}
