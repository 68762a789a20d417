// The operations of the stores, their pages, the E-commerce compliance view and each page's
// evidence (openapi/paths/stores.yaml), keyed by operationId; scripts.module.ts spreads them.

import { csvFileName, csvLine } from '../../../platform/findings/findings.csv.js';
import { authOf, bodyOf, paramsOf, queryOf, type RouteDeps, type RouteTable } from '../../../route-table.js';
import { ecommerceCompliance, ecommerceDetections } from './ecommerce.service.js';
import { evidenceColumns, pageEvidence } from './evidence.js';
import { evidencePdf } from './evidence.pdf.js';
import { createStorePage, deleteStorePage, getStorePage, updateStorePage } from './pages.service.js';
import { createStore, deleteStore, getStore, listStores, updateStore } from './stores.service.js';

export function storesRoutes({ ctx }: RouteDeps): RouteTable {
  const attachment = (pageId: number, extension: 'csv' | 'pdf') =>
    `attachment; filename="${csvFileName(`evidence-page-${pageId}`, ctx.clock.now()).replace(/csv$/, extension)}"`;
  return {
    listStores: {
      handler: async (request) => listStores({ ctx, auth: authOf(request), input: queryOf('listStores', request) }),
    },
    createStore: {
      handler: async (request, reply) => {
        const result = await createStore({ ctx, auth: authOf(request), input: bodyOf('createStore', request) });
        reply.code(201);
        return result;
      },
    },
    getStore: {
      handler: async (request) => getStore({ ctx, auth: authOf(request), input: paramsOf('getStore', request) }),
    },
    updateStore: {
      handler: async (request) =>
        updateStore({
          ctx,
          auth: authOf(request),
          input: { ...bodyOf('updateStore', request), id: paramsOf('updateStore', request).id },
        }),
    },
    deleteStore: {
      handler: async (request) => deleteStore({ ctx, auth: authOf(request), input: paramsOf('deleteStore', request) }),
    },
    createStorePage: {
      handler: async (request, reply) => {
        const input = { ...bodyOf('createStorePage', request), storeId: paramsOf('createStorePage', request).id };
        reply.code(201);
        return await createStorePage({ ctx, auth: authOf(request), input });
      },
    },
    getStorePage: {
      handler: async (request) =>
        getStorePage({ ctx, auth: authOf(request), input: paramsOf('getStorePage', request) }),
    },
    updateStorePage: {
      handler: async (request) =>
        updateStorePage({
          ctx,
          auth: authOf(request),
          input: { ...bodyOf('updateStorePage', request), id: paramsOf('updateStorePage', request).id },
        }),
    },
    deleteStorePage: {
      handler: async (request) =>
        deleteStorePage({ ctx, auth: authOf(request), input: paramsOf('deleteStorePage', request) }),
    },
    getEcommerceCompliance: {
      handler: async (request) =>
        ecommerceCompliance({ ctx, auth: authOf(request), input: queryOf('getEcommerceCompliance', request) }),
    },
    getEcommerceDetections: {
      handler: async (request) =>
        ecommerceDetections({ ctx, auth: authOf(request), input: queryOf('getEcommerceDetections', request) }),
    },
    exportPageEvidenceCsv: {
      handler: async (request, reply) => {
        const { id } = paramsOf('exportPageEvidenceCsv', request);
        const evidence = await pageEvidence(ctx, authOf(request), id);
        const lines = evidence.rows.map((row) => csvLine(evidenceColumns.map((column) => row[column])));
        reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', attachment(id, 'csv'));
        return reply.send(`\uFEFF${csvLine(evidenceColumns)}${lines.join('')}`);
      },
    },
    exportPageEvidencePdf: {
      handler: async (request, reply) => {
        const { id } = paramsOf('exportPageEvidencePdf', request);
        const pdf = await evidencePdf(await pageEvidence(ctx, authOf(request), id));
        reply.header('content-type', 'application/pdf').header('content-disposition', attachment(id, 'pdf'));
        return reply.send(Buffer.from(pdf));
      },
    },
  };
}
