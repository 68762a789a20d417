import { csvRoute } from '../../platform/findings/findings.csv.js';
import { authOf, bodyOf, paramsOf, queryOf, type RouteDeps, type RouteTable } from '../../route-table.js';
import { getCatalogueCve, listCveCatalogue } from './cves.catalogue.js';
import { LANDSCAPE_TTL, landscapeCache } from './cves.landscape.js';
import {
  addCveWatchItem,
  deleteCveWatchItem,
  exportCves,
  getCve,
  listCveProducts,
  listCves,
  listCveWatchItems,
} from './cves.service.js';

export function cvesRoutes({ ctx }: RouteDeps): RouteTable {
  const landscape = landscapeCache(ctx.db, ctx.clock);
  return {
    getCveLandscape: {
      // Public and the same for everyone: the browser may keep it as long as the server does
      // (private: the answer may carry the anti-forgery cookie, which no shared cache may keep).
      handler: async (request, reply) => {
        const { weeks = 26 } = queryOf('getCveLandscape', request);
        reply.header('cache-control', `private, max-age=${LANDSCAPE_TTL / 1000}`);
        return landscape(weeks);
      },
    },
    listCveCatalogue: {
      handler: async (request) =>
        listCveCatalogue({ ctx, auth: authOf(request), input: queryOf('listCveCatalogue', request) }),
    },
    getCatalogueCve: {
      handler: async (request) =>
        getCatalogueCve({ ctx, auth: authOf(request), input: { cveId: paramsOf('getCatalogueCve', request).cve_id } }),
    },
    listCves: {
      handler: async (request) => listCves({ ctx, auth: authOf(request), input: queryOf('listCves', request) }),
    },
    exportCves: csvRoute(ctx, 'cves', (request, auth) =>
      exportCves({ ctx, auth, input: queryOf('exportCves', request) }),
    ),
    getCve: {
      handler: async (request) =>
        getCve({ ctx, auth: authOf(request), input: { cveId: paramsOf('getCve', request).cveId } }),
    },
    listCveProducts: {
      handler: async (request) =>
        listCveProducts({ ctx, auth: authOf(request), input: queryOf('listCveProducts', request) }),
    },
    listCveWatchItems: {
      handler: async (request) => listCveWatchItems({ ctx, auth: authOf(request), input: undefined }),
    },
    addCveWatchItem: {
      handler: async (request, reply) => {
        const result = await addCveWatchItem({ ctx, auth: authOf(request), input: bodyOf('addCveWatchItem', request) });
        reply.code(201);
        return result;
      },
    },
    deleteCveWatchItem: {
      handler: async (request) =>
        deleteCveWatchItem({ ctx, auth: authOf(request), input: { id: paramsOf('deleteCveWatchItem', request).id } }),
    },
  };
}
