import { csvRoute } from '../../platform/findings/findings.csv.js';
import { authOf, bodyOf, paramsOf, queryOf, type RouteDeps, type RouteTable } from '../../route-table.js';
import {
  exportVulnerabilities,
  getSlaPolicy,
  getVulnerability,
  listVulnerabilities,
  updateSlaPolicy,
} from './vulnerabilities.service.js';

export function vulnerabilitiesRoutes({ ctx }: RouteDeps): RouteTable {
  return {
    listVulnerabilities: {
      handler: async (request) =>
        listVulnerabilities({ ctx, auth: authOf(request), input: queryOf('listVulnerabilities', request) }),
    },
    exportVulnerabilities: csvRoute(ctx, 'vulnerabilities', (request, auth) =>
      exportVulnerabilities({ ctx, auth, input: queryOf('exportVulnerabilities', request) }),
    ),
    getVulnerability: {
      handler: async (request) =>
        getVulnerability({ ctx, auth: authOf(request), input: { id: paramsOf('getVulnerability', request).id } }),
    },
    getSlaPolicy: { handler: async (request) => getSlaPolicy({ ctx, auth: authOf(request), input: undefined }) },
    updateSlaPolicy: {
      handler: async (request) =>
        updateSlaPolicy({ ctx, auth: authOf(request), input: bodyOf('updateSlaPolicy', request) }),
    },
  };
}
