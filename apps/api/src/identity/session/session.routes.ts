import { authOf, type RouteDeps, type RouteTable } from '../../route-table.js';
import { checkUser, logout } from './session.service.js';
import { clearAccessCookie } from './sign-in-cookies.js';

export function sessionRoutes({ ctx, cookies }: RouteDeps): RouteTable {
  return {
    checkUser: { handler: async (request) => checkUser({ auth: authOf(request) }) },
    logout: {
      handler: async (request, reply) => {
        const result = await logout({ ctx, auth: authOf(request), ip: request.ip });
        clearAccessCookie(reply, cookies);
        return result;
      },
    },
  };
}
