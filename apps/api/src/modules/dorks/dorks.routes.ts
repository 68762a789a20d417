// The operations of openapi/paths/dorks.yaml.

import { csvRoute } from '../../platform/findings/findings.csv.js';
import { authOf, bodyOf, paramsOf, queryOf, type RouteDeps, type RouteTable } from '../../route-table.js';
import {
  createDork,
  deleteDork,
  exportDorkResults,
  getDorkResult,
  listDorkResults,
  listDorks,
  setDorkEnabled,
  startDorkRun,
  updateDork,
} from './dorks.service.js';

export function dorksRoutes({ ctx }: RouteDeps): RouteTable {
  return {
    listDorks: {
      handler: async (request) => listDorks({ ctx, auth: authOf(request), input: queryOf('listDorks', request) }),
    },
    createDork: {
      handler: async (request, reply) => {
        const result = await createDork({ ctx, auth: authOf(request), input: bodyOf('createDork', request) });
        reply.code(201);
        return result;
      },
    },
    updateDork: {
      handler: async (request) =>
        updateDork({
          ctx,
          auth: authOf(request),
          input: { ...bodyOf('updateDork', request), id: paramsOf('updateDork', request).id },
        }),
    },
    deleteDork: {
      handler: async (request) => deleteDork({ ctx, auth: authOf(request), input: paramsOf('deleteDork', request) }),
    },
    setDorkEnabled: {
      handler: async (request) =>
        setDorkEnabled({
          ctx,
          auth: authOf(request),
          input: { ...bodyOf('setDorkEnabled', request), id: paramsOf('setDorkEnabled', request).id },
        }),
    },
    listDorkResults: {
      handler: async (request) =>
        listDorkResults({ ctx, auth: authOf(request), input: queryOf('listDorkResults', request) }),
    },
    exportDorkResults: csvRoute(ctx, 'dork-results', (request, auth) =>
      exportDorkResults({ ctx, auth, input: queryOf('exportDorkResults', request) }),
    ),
    getDorkResult: {
      handler: async (request) =>
        getDorkResult({ ctx, auth: authOf(request), input: paramsOf('getDorkResult', request) }),
    },
    startDorkRun: {
      handler: async (request, reply) => {
        const result = await startDorkRun({ ctx, auth: authOf(request), input: undefined });
        reply.code(202);
        return result;
      },
    },
  };
}
