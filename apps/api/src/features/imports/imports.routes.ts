import type { FastifyInstance } from 'fastify';
import { authOf, paramsOf, queryOf, type RouteDeps, type RouteTable } from '../../shared/routes.js';
import type { ImportWorker } from './import-worker.js';
import { createImport, getImport, listImports } from './imports.service.js';

/** Uploads are raw bodies; only this content type gets the large limit (JSON stays at 64 KiB). */
export const UPLOAD_LIMIT_BYTES = 200 * 1024 * 1024;

export function registerUploadParser(app: FastifyInstance): void {
  app.addContentTypeParser(
    'application/octet-stream',
    { parseAs: 'buffer', bodyLimit: UPLOAD_LIMIT_BYTES },
    (_request, body, done) => done(null, body),
  );
}

export function importsRoutes({ ctx }: RouteDeps, worker: ImportWorker): RouteTable {
  return {
    listImports: {
      handler: async (request) => listImports({ ctx, auth: authOf(request), input: queryOf('listImports', request) }),
    },
    createImport: {
      handler: async (request, reply) => {
        const query = queryOf('createImport', request);
        const result = await createImport({
          ctx,
          auth: authOf(request),
          input: { kind: query.kind, file_name: query.file_name, domain: query.domain, body: request.body },
          worker,
        });
        return reply.code(202).send(result);
      },
    },
    getImport: {
      handler: async (request) =>
        getImport({ ctx, auth: authOf(request), input: { id: paramsOf('getImport', request).id } }),
    },
  };
}
