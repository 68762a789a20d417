import { authOf, bodyOf, queryOf, type RouteDeps, type RouteTable } from '../../shared/routes.js';
import { csvFileName } from '../findings/findings.csv.js';
import {
  exportVulnerabilities,
  getSlaPolicy,
  listVulnerabilities,
  updateSlaPolicy,
} from './vulnerabilities.service.js';

export function vulnerabilitiesRoutes({ ctx }: RouteDeps): RouteTable {
  return {
    listVulnerabilities: {
      handler: async (request) =>
        listVulnerabilities({ ctx, auth: authOf(request), input: queryOf('listVulnerabilities', request) }),
    },
    exportVulnerabilities: {
      handler: async (request, reply) => {
        const stream = exportVulnerabilities({
          ctx,
          auth: authOf(request),
          input: queryOf('exportVulnerabilities', request),
        });
        reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${csvFileName('vulnerabilities', ctx.clock.now())}"`);
        return reply.send(stream);
      },
    },
    getSlaPolicy: { handler: async (request) => getSlaPolicy({ ctx, auth: authOf(request), input: undefined }) },
    updateSlaPolicy: {
      handler: async (request) =>
        updateSlaPolicy({ ctx, auth: authOf(request), input: bodyOf('updateSlaPolicy', request) }),
    },
  };
}
