// TAXII 2.1 (OASIS, 2021) at /taxii2/: discovery, one API root (`api`), its collections and their
// objects, read-only. Outside the /api contract: its own media type, its own error body (the TAXII
// error message) and a bearer API token holding `read` (or a session) instead of the contract's auth.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { authenticateFor } from '../../identity/api-tokens/api-tokens.auth.js';
import { STATUS_OF_CODE } from '../../plugins/error-handler.plugin.js';
import { ServiceError } from '../../shared/service-error.js';
import { parseObjectsQuery } from './taxii.query.js';
import {
  type AddedObject,
  type Caller,
  callerOf,
  collectionOf,
  collectionResource,
  listCollections,
  pageObjects,
  versionOf,
} from './taxii.service.js';

export const TAXII_PREFIX = '/taxii2';
export const TAXII_MEDIA_TYPE = 'application/taxii+json;version=2.1';
const API_ROOT = 'api';
/** The server's body limit (app.ts): nothing is written here, but the root must name one. */
const MAX_CONTENT_LENGTH = 64 * 1024;

/** Whether an Accept header admits TAXII 2.1 JSON (no header, a wildcard, or taxii+json of 2.1 or no version). */
export function acceptsTaxii(accept: string | undefined): boolean {
  if (!accept) return true;
  return accept.split(',').some((range) => {
    const [type = '', ...params] = range.split(';').map((p) => p.trim().toLowerCase());
    if (type === '*/*' || type === 'application/*') return true;
    if (type !== 'application/taxii+json') return false;
    const version = params.find((p) => p.startsWith('version='));
    return !version || version === 'version=2.1';
  });
}

type Query = Record<string, unknown>;

export function registerTaxii(app: FastifyInstance, ctx: AppContext): void {
  app.register(
    async (taxii) => {
      taxii.addHook('onRequest', async (request) => {
        if (!acceptsTaxii(request.headers.accept)) {
          throw new ServiceError('not_acceptable', `This server answers in ${TAXII_MEDIA_TYPE}.`);
        }
      });
      taxii.addHook('onSend', async (_request, reply, payload) => {
        reply.header('content-type', TAXII_MEDIA_TYPE);
        return payload;
      });
      taxii.setErrorHandler((error: Error & { statusCode?: number }, request, reply) => {
        const status = error instanceof ServiceError ? STATUS_OF_CODE[error.code] : (error.statusCode ?? 500);
        if (status >= 500) request.log.error({ err: error }, 'unexpected error');
        if (error instanceof ServiceError && error.retryAfterSeconds !== undefined) {
          reply.header('retry-after', String(error.retryAfterSeconds));
        }
        const description = status >= 500 ? 'Server error.' : error.message;
        return reply.code(status).send(taxiiError(status, description));
      });
      const caller = async (request: FastifyRequest): Promise<Caller> =>
        callerOf(ctx, await authenticateFor(ctx, request, 'read'));

      taxii.get('/', async (request) => {
        await caller(request);
        return {
          title: 'Vigil TAXII server',
          description: "The company's threat intelligence from Vigil as STIX 2.1.",
          contact: ctx.publicUrl,
          default: `${ctx.publicUrl}${TAXII_PREFIX}/${API_ROOT}/`,
          api_roots: [`${ctx.publicUrl}${TAXII_PREFIX}/${API_ROOT}/`],
        };
      });
      taxii.get(`/${API_ROOT}/`, async (request) => {
        await caller(request);
        return {
          title: 'Vigil',
          description: "The company's collections and the public CVE landscape.",
          versions: [TAXII_MEDIA_TYPE],
          max_content_length: MAX_CONTENT_LENGTH,
        };
      });
      taxii.get(`/${API_ROOT}/collections/`, async (request) => ({
        collections: listCollections(await caller(request)),
      }));
      taxii.get<{ Params: { collection: string } }>(`/${API_ROOT}/collections/:collection/`, async (request) => {
        const who = await caller(request);
        return collectionResource(collectionOf(who, request.params.collection), who);
      });
      taxii.get<{ Params: { collection: string }; Querystring: Query }>(
        `/${API_ROOT}/collections/:collection/objects/`,
        async (request, reply) => {
          const who = await caller(request);
          const page = await pageObjects(
            ctx,
            who,
            collectionOf(who, request.params.collection),
            parseObjectsQuery(request.query),
          );
          return envelope(reply, page.objects, page.more, page.next);
        },
      );
      taxii.get<{ Params: { collection: string; object: string }; Querystring: Query }>(
        `/${API_ROOT}/collections/:collection/objects/:object/`,
        async (request, reply) => {
          const page = await objectPage(request, request.params.object);
          return envelope(reply, page.objects, page.more, page.next);
        },
      );
      taxii.get<{ Params: { collection: string; object: string }; Querystring: Query }>(
        `/${API_ROOT}/collections/:collection/objects/:object/versions/`,
        async (request, reply) => {
          const page = await objectPage(request, request.params.object);
          dateHeaders(reply, page.objects);
          return {
            more: page.more,
            ...(page.next ? { next: page.next } : {}),
            versions: page.objects.map((o) => versionOf(o.object, o.dateAdded)),
          };
        },
      );
      taxii.get<{ Params: { collection: string }; Querystring: Query }>(
        `/${API_ROOT}/collections/:collection/manifest/`,
        async (request, reply) => {
          const who = await caller(request);
          const page = await pageObjects(
            ctx,
            who,
            collectionOf(who, request.params.collection),
            parseObjectsQuery(request.query),
          );
          dateHeaders(reply, page.objects);
          return {
            more: page.more,
            ...(page.next ? { next: page.next } : {}),
            objects: page.objects.map((o) => ({
              id: o.object.id,
              date_added: o.dateAdded.toISOString(),
              version: versionOf(o.object, o.dateAdded),
              media_type: 'application/stix+json;version=2.1',
            })),
          };
        },
      );
      // Read-only: every collection says can_write false, so adding or deleting objects is refused.
      taxii.post(`/${API_ROOT}/collections/:collection/objects/`, async (request) => {
        await caller(request);
        throw new ServiceError('forbidden', 'The collections are read-only.');
      });
      taxii.delete(`/${API_ROOT}/collections/:collection/objects/:object/`, async (request) => {
        await caller(request);
        throw new ServiceError('forbidden', 'The collections are read-only.');
      });
      taxii.all('/*', async () => {
        throw new ServiceError('not_found', 'No TAXII resource here.');
      });

      /** The one object (all its versions the query asks for) of `match[id]` = the path's id; 404 when there is none. */
      async function objectPage(
        request: FastifyRequest<{ Params: { collection: string }; Querystring: Query }>,
        objectId: string,
      ) {
        const who = await caller(request);
        const query = parseObjectsQuery({ ...request.query, 'match[id]': objectId });
        const page = await pageObjects(ctx, who, collectionOf(who, request.params.collection), query);
        if (page.objects.length === 0 && !page.more) throw new ServiceError('not_found', 'No object of this id.');
        return page;
      }
    },
    { prefix: TAXII_PREFIX },
  );
}

function taxiiError(status: number, description: string) {
  const title = status === 404 ? 'Not found' : status === 401 ? 'Unauthenticated' : 'Request refused';
  return { title, description, http_status: String(status) };
}

function dateHeaders(reply: FastifyReply, objects: AddedObject[]): void {
  const first = objects[0];
  const last = objects.at(-1);
  if (first && last) {
    reply.header('x-taxii-date-added-first', first.dateAdded.toISOString());
    reply.header('x-taxii-date-added-last', last.dateAdded.toISOString());
  }
}

function envelope(reply: FastifyReply, objects: AddedObject[], more: boolean, next: string | null) {
  dateHeaders(reply, objects);
  return { more, ...(next ? { next } : {}), objects: objects.map((o) => o.object) };
}
