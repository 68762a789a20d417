import { authOf, paramsOf, type RouteDeps, type RouteTable } from '../../route-table.js';
import { activateUser, listUsersAwaitingValidation } from './admin.service.js';
import { operatorStatus } from './operator-status.service.js';

export function adminRoutes({ ctx }: RouteDeps): RouteTable {
  return {
    listUsersAwaitingValidation: {
      handler: async (request) => listUsersAwaitingValidation({ ctx, auth: authOf(request) }),
    },
    getOperatorStatus: { handler: async (request) => operatorStatus({ ctx, auth: authOf(request) }) },
    activateUser: {
      handler: async (request) =>
        activateUser({
          ctx,
          auth: authOf(request),
          input: { userId: paramsOf('activateUser', request).id },
          ip: request.ip,
        }),
    },
  };
}
