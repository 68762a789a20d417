// The Script Manager's operations (openapi/paths/scripts.yaml), keyed by operationId.

import { csvRoute } from '../../../platform/findings/findings.csv.js';
import { authOf, bodyOf, paramsOf, queryOf, type RouteDeps, type RouteTable } from '../../../route-table.js';
import { getScriptScan, listScriptScans, startScriptScan } from '../scans/scans.service.js';
import { exportScripts, getScript, listScripts, setScriptAuthorisation } from './scripts.service.js';

export function scriptsRoutes({ ctx }: RouteDeps): RouteTable {
  return {
    listScripts: {
      handler: async (request) => listScripts({ ctx, auth: authOf(request), input: queryOf('listScripts', request) }),
    },
    exportScripts: csvRoute(ctx, 'scripts', (request, auth) =>
      exportScripts({ ctx, auth, input: queryOf('exportScripts', request) }),
    ),
    getScript: {
      handler: async (request) => getScript({ ctx, auth: authOf(request), input: paramsOf('getScript', request) }),
    },
    setScriptAuthorisation: {
      handler: async (request) =>
        setScriptAuthorisation({
          ctx,
          auth: authOf(request),
          input: { ...bodyOf('setScriptAuthorisation', request), id: paramsOf('setScriptAuthorisation', request).id },
        }),
    },
    listScriptScans: {
      handler: async (request) =>
        listScriptScans({ ctx, auth: authOf(request), input: queryOf('listScriptScans', request) }),
    },
    startScriptScan: {
      handler: async (request, reply) => {
        const result = await startScriptScan({ ctx, auth: authOf(request), input: bodyOf('startScriptScan', request) });
        reply.code(202);
        return result;
      },
    },
    getScriptScan: {
      handler: async (request) =>
        getScriptScan({ ctx, auth: authOf(request), input: paramsOf('getScriptScan', request) }),
    },
  };
}
