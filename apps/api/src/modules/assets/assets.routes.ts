// The assets module's operations (the probes' come from probes/probes.ts): thin handlers keyed by
// operationId.

import { csvRoute } from '../../platform/findings/findings.csv.js';
import { authOf, bodyOf, paramsOf, queryOf, type RouteDeps, type RouteTable } from '../../route-table.js';
import { createAsset, exportAssets, getAsset, listAssets, updateAsset } from './assets.service.js';
import { verifyAssetScope } from './scope-verify.service.js';
import { createAssetScope, deleteAssetScope, listAssetScopes } from './scopes.service.js';
import { createSupplier, deleteSupplier, getSupplier, listSuppliers, updateSupplier } from './suppliers.service.js';

export function assetsRoutes({ ctx }: RouteDeps): RouteTable {
  return {
    listAssets: {
      handler: async (request) => listAssets({ ctx, auth: authOf(request), input: queryOf('listAssets', request) }),
    },
    exportAssets: csvRoute(ctx, 'assets', (request, auth) =>
      exportAssets({ ctx, auth, input: queryOf('exportAssets', request) }),
    ),
    createAsset: {
      handler: async (request, reply) => {
        const result = await createAsset({ ctx, auth: authOf(request), input: bodyOf('createAsset', request) });
        reply.code(201);
        return result;
      },
    },
    getAsset: {
      handler: async (request) => getAsset({ ctx, auth: authOf(request), input: paramsOf('getAsset', request) }),
    },
    updateAsset: {
      handler: async (request) =>
        updateAsset({
          ctx,
          auth: authOf(request),
          input: { ...bodyOf('updateAsset', request), id: paramsOf('updateAsset', request).id },
        }),
    },
    listAssetScopes: {
      handler: async (request) =>
        listAssetScopes({ ctx, auth: authOf(request), input: queryOf('listAssetScopes', request) }),
    },
    createAssetScope: {
      handler: async (request, reply) => {
        const result = await createAssetScope({
          ctx,
          auth: authOf(request),
          input: bodyOf('createAssetScope', request),
        });
        reply.code(201);
        return result;
      },
    },
    verifyAssetScope: {
      handler: async (request) =>
        verifyAssetScope({ ctx, auth: authOf(request), input: paramsOf('verifyAssetScope', request) }),
    },
    deleteAssetScope: {
      handler: async (request) =>
        deleteAssetScope({ ctx, auth: authOf(request), input: paramsOf('deleteAssetScope', request) }),
    },
    listSuppliers: {
      handler: async (request) =>
        listSuppliers({ ctx, auth: authOf(request), input: queryOf('listSuppliers', request) }),
    },
    createSupplier: {
      handler: async (request, reply) => {
        const result = await createSupplier({ ctx, auth: authOf(request), input: bodyOf('createSupplier', request) });
        reply.code(201);
        return result;
      },
    },
    getSupplier: {
      handler: async (request) => getSupplier({ ctx, auth: authOf(request), input: paramsOf('getSupplier', request) }),
    },
    updateSupplier: {
      handler: async (request) =>
        updateSupplier({
          ctx,
          auth: authOf(request),
          input: { ...bodyOf('updateSupplier', request), id: paramsOf('updateSupplier', request).id },
        }),
    },
    deleteSupplier: {
      handler: async (request) =>
        deleteSupplier({ ctx, auth: authOf(request), input: paramsOf('deleteSupplier', request) }),
    },
  };
}
