// The operations of the store dork search (openapi/paths/store-clones.yaml); scripts.module.ts
// spreads them into the scripts module's routes.

import { csvRoute } from '../../../platform/findings/findings.csv.js';
import { authOf, paramsOf, queryOf, type RouteDeps, type RouteTable } from '../../../route-table.js';
import {
  blacklistStoreClone,
  exportStoreClones,
  getStoreClone,
  listStoreClones,
  startStoreCloneRun,
  storeCloneScreenshot,
} from './clones.service.js';

export function clonesRoutes({ ctx }: RouteDeps): RouteTable {
  return {
    listStoreClones: {
      handler: async (request) =>
        listStoreClones({ ctx, auth: authOf(request), input: queryOf('listStoreClones', request) }),
    },
    exportStoreClones: csvRoute(ctx, 'store-clones', (request, auth) =>
      exportStoreClones({ ctx, auth, input: queryOf('exportStoreClones', request) }),
    ),
    getStoreClone: {
      handler: async (request) =>
        getStoreClone({ ctx, auth: authOf(request), input: paramsOf('getStoreClone', request) }),
    },
    getStoreCloneScreenshot: {
      handler: async (request, reply) => {
        const png = await storeCloneScreenshot({
          ctx,
          auth: authOf(request),
          input: paramsOf('getStoreCloneScreenshot', request),
        });
        reply
          .header('content-type', 'image/png')
          .header('x-content-type-options', 'nosniff')
          .header('cache-control', 'private, max-age=300');
        return reply.send(png);
      },
    },
    startStoreCloneRun: {
      handler: async (request, reply) => {
        const result = await startStoreCloneRun({ ctx, auth: authOf(request), input: undefined });
        reply.code(202);
        return result;
      },
    },
    blacklistStoreClone: {
      handler: async (request, reply) => {
        const result = await blacklistStoreClone({
          ctx,
          auth: authOf(request),
          input: paramsOf('blacklistStoreClone', request),
        });
        reply.code(201);
        return result;
      },
    },
  };
}
