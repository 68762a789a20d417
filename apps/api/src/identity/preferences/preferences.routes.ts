import { authOf, bodyOf, type RouteDeps, type RouteTable } from '../../route-table.js';
import { switchLanguage } from './preferences.service.js';

export function preferencesRoutes({ ctx }: RouteDeps): RouteTable {
  return {
    switchLanguage: {
      handler: async (request) =>
        switchLanguage({ ctx, auth: authOf(request), input: bodyOf('switchLanguage', request), ip: request.ip }),
    },
  };
}
