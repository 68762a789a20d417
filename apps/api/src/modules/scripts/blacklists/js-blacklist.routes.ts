// The operations of the JS blacklist (openapi/paths/js-blacklist.yaml); scripts.module.ts spreads
// them into the scripts module's routes. Its imports are the module's import kinds.

import { csvRoute } from '../../../platform/findings/findings.csv.js';
import { authOf, bodyOf, paramsOf, queryOf, type RouteDeps, type RouteTable } from '../../../route-table.js';
import {
  createJsBlacklistEntry,
  deleteJsBlacklistEntry,
  exportJsBlacklist,
  listJsBlacklist,
  updateJsBlacklistEntry,
} from './js-blacklist.service.js';

export function blacklistRoutes({ ctx }: RouteDeps): RouteTable {
  return {
    listJsBlacklist: {
      handler: async (request) =>
        listJsBlacklist({ ctx, auth: authOf(request), input: queryOf('listJsBlacklist', request) }),
    },
    exportJsBlacklist: csvRoute(ctx, 'js-blacklist', (request, auth) =>
      exportJsBlacklist({ ctx, auth, input: queryOf('exportJsBlacklist', request) }),
    ),
    createJsBlacklistEntry: {
      handler: async (request, reply) => {
        const result = await createJsBlacklistEntry({
          ctx,
          auth: authOf(request),
          input: bodyOf('createJsBlacklistEntry', request),
        });
        reply.code(201);
        return result;
      },
    },
    updateJsBlacklistEntry: {
      handler: async (request) =>
        updateJsBlacklistEntry({
          ctx,
          auth: authOf(request),
          input: { ...bodyOf('updateJsBlacklistEntry', request), id: paramsOf('updateJsBlacklistEntry', request).id },
        }),
    },
    deleteJsBlacklistEntry: {
      handler: async (request) =>
        deleteJsBlacklistEntry({ ctx, auth: authOf(request), input: paramsOf('deleteJsBlacklistEntry', request) }),
    },
  };
}
