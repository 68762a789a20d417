// The archives module's operations (openapi/paths/archives.yaml), keyed by operationId.

import { csvRoute } from '../../platform/findings/findings.csv.js';
import { authOf, paramsOf, queryOf, type RouteDeps, type RouteTable } from '../../route-table.js';
import { startArchiveRuns } from './archives.runs.js';
import { exportArchivedUrls, getArchivedUrl, listArchivedUrls } from './archives.service.js';

export function archivesRoutes({ ctx }: RouteDeps): RouteTable {
  return {
    listArchivedUrls: {
      handler: async (request) =>
        listArchivedUrls({ ctx, auth: authOf(request), input: queryOf('listArchivedUrls', request) }),
    },
    exportArchivedUrls: csvRoute(ctx, 'archived-urls', (request, auth) =>
      exportArchivedUrls({ ctx, auth, input: queryOf('exportArchivedUrls', request) }),
    ),
    getArchivedUrl: {
      handler: async (request) =>
        getArchivedUrl({ ctx, auth: authOf(request), input: paramsOf('getArchivedUrl', request) }),
    },
    startArchiveRuns: {
      handler: async (request, reply) => {
        const result = await startArchiveRuns({ ctx, auth: authOf(request) });
        reply.code(202);
        return result;
      },
    },
  };
}
