// The providers' operations (openapi/paths/providers.yaml), keyed by operationId.
import { authOf, paramsOf, queryOf, type RouteDeps, type RouteTable } from '../../route-table.js';
import { cancelProviderRun, listProviderRuns, listProviders } from './providers.service.js';

export function providersRoutes({ ctx }: RouteDeps): RouteTable {
  return {
    listProviders: {
      handler: async (request) => listProviders({ ctx, auth: authOf(request), input: undefined }),
    },
    listProviderRuns: {
      handler: async (request) =>
        listProviderRuns({ ctx, auth: authOf(request), input: queryOf('listProviderRuns', request) }),
    },
    cancelProviderRun: {
      handler: async (request, reply) => {
        const result = await cancelProviderRun({
          ctx,
          auth: authOf(request),
          input: { id: paramsOf('cancelProviderRun', request).id },
        });
        reply.code(202);
        return result;
      },
    },
  };
}
