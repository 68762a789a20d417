import type { FastifyInstance } from 'fastify';
import { authOf, paramsOf, queryOf, type RouteDeps, type RouteTable } from '../../route-table.js';
import type { JobWorker } from '../jobs/job-worker.js';
import { listImportKinds } from './import-kinds.js';
import { cancelJob, createImport, getImport, listImports, uploadTooLarge } from './imports.service.js';

/**
 * Uploads are raw bodies handed to the handler as the request stream (stored chunk by chunk as
 * they arrive, never whole in memory); a declared length over the limit is refused before reading.
 */
export function registerUploadParser(app: FastifyInstance, limitBytes: number): void {
  app.addContentTypeParser('application/octet-stream', (request, payload, done) => {
    const declared = Number(request.headers['content-length'] ?? 0);
    if (declared > limitBytes) done(uploadTooLarge(limitBytes), undefined);
    else done(null, payload);
  });
}

export function importsRoutes({ ctx }: RouteDeps, worker: JobWorker): RouteTable {
  return {
    listImportKinds: {
      handler: async (request) => listImportKinds({ ctx, auth: authOf(request) }),
    },
    listImports: {
      handler: async (request) => listImports({ ctx, auth: authOf(request), input: queryOf('listImports', request) }),
    },
    createImport: {
      handler: async (request, reply) => {
        const query = queryOf('createImport', request);
        const result = await createImport({
          ctx,
          auth: authOf(request),
          input: {
            kind: query.kind,
            file_name: query.file_name,
            domain: query.domain,
            supplier_id: query.supplier_id,
            body: request.body,
            declaredSize: Number(request.headers['content-length'] ?? 0) || undefined,
          },
          worker,
        });
        reply.code(202);
        return result;
      },
    },
    getImport: {
      handler: async (request) =>
        getImport({ ctx, auth: authOf(request), input: { id: paramsOf('getImport', request).id } }),
    },
    cancelJob: {
      handler: async (request, reply) => {
        const result = await cancelJob({
          ctx,
          auth: authOf(request),
          input: { id: paramsOf('cancelJob', request).id },
        });
        reply.code(202);
        return result;
      },
    },
  };
}
