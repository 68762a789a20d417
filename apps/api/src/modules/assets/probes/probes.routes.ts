// The probe runs' operations (openapi/paths/assets.yaml, /probe-runs), keyed by operationId.
import { authOf, bodyOf, paramsOf, queryOf, type RouteDeps, type RouteTable } from '../../../route-table.js';
import { getProbeRun, listProbeRuns, startProbeRun } from './probes.service.js';

export function probesRoutes({ ctx }: RouteDeps): RouteTable {
  return {
    startProbeRun: {
      handler: async (request, reply) => {
        const result = await startProbeRun({ ctx, auth: authOf(request), input: bodyOf('startProbeRun', request) });
        reply.code(202);
        return result;
      },
    },
    listProbeRuns: {
      handler: async (request) =>
        listProbeRuns({ ctx, auth: authOf(request), input: queryOf('listProbeRuns', request) }),
    },
    getProbeRun: {
      handler: async (request) =>
        getProbeRun({ ctx, auth: authOf(request), input: { id: paramsOf('getProbeRun', request).id } }),
    },
  };
}
