// The operations of the store blacklist (openapi/paths/store-blacklist.yaml); scripts.module.ts
// spreads them into the scripts module's routes.

import { csvRoute } from '../../../platform/findings/findings.csv.js';
import { authOf, bodyOf, paramsOf, queryOf, type RouteDeps, type RouteTable } from '../../../route-table.js';
import {
  checkStoreBlacklistEntry,
  createStoreBlacklistEntry,
  exportStoreBlacklist,
  getStoreBlacklistEntry,
  listStoreBlacklist,
  updateStoreBlacklistEntry,
} from './store-blacklist.service.js';

export function storeBlacklistRoutes({ ctx }: RouteDeps): RouteTable {
  return {
    listStoreBlacklist: {
      handler: async (request) =>
        listStoreBlacklist({ ctx, auth: authOf(request), input: queryOf('listStoreBlacklist', request) }),
    },
    exportStoreBlacklist: csvRoute(ctx, 'store-blacklist', (request, auth) =>
      exportStoreBlacklist({ ctx, auth, input: queryOf('exportStoreBlacklist', request) }),
    ),
    getStoreBlacklistEntry: {
      handler: async (request) =>
        getStoreBlacklistEntry({ ctx, auth: authOf(request), input: paramsOf('getStoreBlacklistEntry', request) }),
    },
    createStoreBlacklistEntry: {
      handler: async (request, reply) => {
        const result = await createStoreBlacklistEntry({
          ctx,
          auth: authOf(request),
          input: bodyOf('createStoreBlacklistEntry', request),
        });
        reply.code(201);
        return result;
      },
    },
    updateStoreBlacklistEntry: {
      handler: async (request) =>
        updateStoreBlacklistEntry({
          ctx,
          auth: authOf(request),
          input: {
            ...bodyOf('updateStoreBlacklistEntry', request),
            id: paramsOf('updateStoreBlacklistEntry', request).id,
          },
        }),
    },
    checkStoreBlacklistEntry: {
      handler: async (request, reply) => {
        const result = await checkStoreBlacklistEntry({
          ctx,
          auth: authOf(request),
          input: paramsOf('checkStoreBlacklistEntry', request),
        });
        reply.code(202);
        return result;
      },
    },
  };
}
