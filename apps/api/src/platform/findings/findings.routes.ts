import { authOf, bodyOf, paramsOf, queryOf, type RouteDeps, type RouteTable } from '../../route-table.js';
import { exportFindingsStix, STIX_MEDIA_TYPE } from '../taxii/stix.bundle.js';
import { csvRoute } from './findings.csv.js';
import { exportFindings } from './findings.export.js';
import {
  addFindingComment,
  bulkUpdateFindingStatus,
  getFinding,
  listAssignees,
  listFindings,
  updateFinding,
} from './findings.service.js';

export function findingsRoutes({ ctx }: RouteDeps): RouteTable {
  return {
    listFindings: {
      handler: async (request) => listFindings({ ctx, auth: authOf(request), input: queryOf('listFindings', request) }),
    },
    exportFindings: csvRoute(ctx, 'findings', (request, auth) =>
      exportFindings({ ctx, auth, input: queryOf('exportFindings', request) }),
    ),
    exportFindingsStix: {
      handler: async (request, reply) => {
        const stream = await exportFindingsStix({
          ctx,
          auth: authOf(request),
          input: queryOf('exportFindingsStix', request),
        });
        const day = ctx.clock.now().toISOString().slice(0, 10);
        reply
          .header('content-type', STIX_MEDIA_TYPE)
          .header('content-disposition', `attachment; filename="findings-${day}.stix.json"`);
        return reply.send(stream);
      },
    },
    listAssignees: { handler: async (request) => listAssignees({ ctx, auth: authOf(request), input: undefined }) },
    bulkUpdateFindingStatus: {
      handler: async (request) =>
        bulkUpdateFindingStatus({ ctx, auth: authOf(request), input: bodyOf('bulkUpdateFindingStatus', request) }),
    },
    getFinding: {
      handler: async (request) =>
        getFinding({ ctx, auth: authOf(request), input: { id: paramsOf('getFinding', request).id } }),
    },
    updateFinding: {
      handler: async (request) =>
        updateFinding({
          ctx,
          auth: authOf(request),
          input: { id: paramsOf('updateFinding', request).id, changes: bodyOf('updateFinding', request) },
        }),
    },
    addFindingComment: {
      handler: async (request, reply) => {
        const result = await addFindingComment({
          ctx,
          auth: authOf(request),
          input: { id: paramsOf('addFindingComment', request).id, body: bodyOf('addFindingComment', request).body },
        });
        reply.code(201);
        return result;
      },
    },
  };
}
