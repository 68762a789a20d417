// Wires every operation of the contract to its feature handler through fastify-openapi-glue:
// request validation and response serialisation come from the bundled contract, routes that the
// contract secures get the session hook, and sensitive ones the stricter rate limit.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest, onRequestHookHandler, RouteOptions } from 'fastify';
import openapiGlue, { type FastifyOpenapiGlueOptions } from 'fastify-openapi-glue';
import fp from 'fastify-plugin';
import { authenticateRequest, checkTokenScope, requiredTokenScope } from '../identity/api-tokens/api-tokens.auth.js';
import type { OperationId, RouteDeps, RouteTable } from '../route-table.js';
import { ServiceError, validationError } from '../shared/service-error.js';
import { validationFieldMap } from './error-handler.plugin.js';
import { nulProblems } from './input-rules.js';

interface OperationObject {
  operationId?: string;
  'x-roles'?: string[];
  'x-token-scope'?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  requestBody?: { content?: Record<string, unknown> };
}

export interface OpenApiDocument {
  security?: Record<string, string[]>[];
  paths: Record<string, Record<string, OperationObject | unknown>>;
  [key: string]: unknown;
}

const methods = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];

/** `log`, without fastify-openapi-glue's missing-parser warning for a type no request body has. */
function withoutResponseTypeWarnings(log: FastifyBaseLogger, requestTypes: Set<string>): FastifyBaseLogger {
  const quiet = Object.create(log) as FastifyBaseLogger;
  const warn = log.warn.bind(log) as (...args: unknown[]) => void;
  quiet.warn = ((...args: unknown[]) => {
    const type =
      typeof args[0] === 'string' ? /^ContentTypeParser for '(.+)' not found$/.exec(args[0])?.[1] : undefined;
    if (type === undefined || requestTypes.has(type)) warn(...args);
  }) as FastifyBaseLogger['warn'];
  return quiet;
}

/** The bundled contract, read fresh (callers may change their copy). */
export function loadContract(): OpenApiDocument {
  const require = createRequire(import.meta.url);
  return JSON.parse(readFileSync(require.resolve('@vigil/openapi/openapi.bundle.json'), 'utf8')) as OpenApiDocument;
}

export interface ContractOperation {
  operationId: string;
  method: string;
  path: string;
  tag: string | undefined;
  secured: boolean;
  /** The media types its request body may have (none when it takes no body). */
  bodyTypes: string[];
  /** The membership roles it allows (`x-roles`), or `anyone`; undefined when it declares none. */
  roles: string[] | undefined;
  /** The scope an API token needs for it (`x-token-scope`); undefined when it declares none. */
  tokenScope: string | undefined;
}

/** The roles of a company membership; `anyone` in `x-roles` is an operation without a session. */
export const ROLES = ['administrator', 'analyst', 'viewer'] as const;
export const ROLE_REFUSED = 'Your role in this company does not allow this action.';

export function contractOperations(doc: OpenApiDocument): ContractOperation[] {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => methods.includes(method))
      .map(([method, raw]) => {
        const op = raw as OperationObject;
        const security = op.security ?? doc.security ?? [];
        return {
          operationId: op.operationId ?? `${method} ${path}`,
          method: method.toUpperCase(),
          path,
          tag: op.tags?.[0],
          secured: security.some((requirement) => Object.keys(requirement).length > 0),
          bodyTypes: Object.keys(op.requestBody?.content ?? {}),
          roles: op['x-roles'],
          tokenScope: op['x-token-scope'],
        };
      }),
  );
}

/** The contract without the operations of the given tags (dev tools are dropped in production). */
export function withoutTags(doc: OpenApiDocument, tags: string[]): OpenApiDocument {
  const paths = Object.fromEntries(
    Object.entries(doc.paths)
      .map(([path, item]) => [
        path,
        Object.fromEntries(
          Object.entries(item).filter(([method, op]) => {
            if (!methods.includes(method)) return true;
            const tag = (op as OperationObject).tags?.[0];
            return tag === undefined || !tags.includes(tag);
          }),
        ),
      ])
      .filter(([, item]) => Object.keys(item as object).some((key) => methods.includes(key))),
  );
  return { ...doc, paths };
}

/**
 * The contract with its header parameters named in lower case, as Node hands headers over (their
 * names are case-insensitive): the shared validator compiler validates header schemas as written
 * (plugins/compiled-schemas.ts), where Fastify's own lower-cased them.
 */
export function withLowerCaseHeaders(doc: OpenApiDocument): OpenApiDocument {
  return JSON.parse(JSON.stringify(doc), (_key, value: unknown) => {
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      const parameter = value as { in?: unknown; name?: unknown };
      if (parameter.in === 'header' && typeof parameter.name === 'string') {
        return { ...parameter, name: parameter.name.toLowerCase() };
      }
    }
    return value;
  }) as OpenApiDocument;
}

interface BodySchema {
  required?: string[];
  content?: Record<string, { schema?: { required?: string[] } }>;
}

export interface ApiRoutesOptions {
  deps: RouteDeps;
  routes: RouteTable;
  contract: OpenApiDocument;
  sensitivePerMinute: number;
}

export const apiRoutesPlugin = fp(
  async (app: FastifyInstance, options: ApiRoutesOptions) => {
    const { ctx } = options.deps;
    const operations = new Map(contractOperations(options.contract).map((op) => [op.operationId, op]));
    // Every operation says who may call it; one that does not, or names an unknown role, stops the start.
    for (const op of operations.values()) {
      const known: readonly string[] = [...ROLES, 'anyone'];
      if (!op.roles?.length || op.roles.some((role) => !known.includes(role))) {
        throw new Error(`Operation ${op.operationId} must declare x-roles (${known.join(', ')}) in openapi/.`);
      }
    }
    const authenticateHook: onRequestHookHandler = async (request: FastifyRequest) => {
      request.auth = await authenticateRequest(ctx, request, {
        countsAsActivity: request.routeOptions.config.operationId !== 'checkUser',
      });
      const operation = operations.get(String(request.routeOptions.config.operationId));
      // An API token calls only what its scopes allow (ADR 0048); then, as for a session, the role of
      // the user's membership in the company decides, before the input is read.
      if (request.auth.token) checkTokenScope(request.auth, operation ? requiredTokenScope(operation) : null);
      const roles = operation?.roles ?? [];
      const role = request.auth.role;
      if (role !== null && !roles.includes('anyone') && !roles.includes(role))
        throw new ServiceError('forbidden', ROLE_REFUSED);
    };
    const routes: Record<string, RouteTable[OperationId]> = options.routes;

    const resolve = (operationId: string): Partial<RouteOptions> => {
      const route = routes[operationId];
      const operation = operations.get(operationId);
      const onRequest = operation?.secured ? { onRequest: [authenticateHook] } : {};
      if (!route) {
        return {
          ...onRequest,
          handler: async () => {
            throw new ServiceError('not_implemented', `Operation ${operationId} has no handler on this server.`);
          },
        };
      }
      return {
        handler: route.handler,
        ...(route.bodyLimit ? { bodyLimit: route.bodyLimit } : {}),
        config: {
          operationId,
          ...(route.sensitive ? { rateLimit: { max: options.sensitivePerMinute, timeWindow: 60_000 } } : {}),
        },
        ...onRequest,
      };
    };
    // Fastify skips body validation when there is no body (or no content type) at all; the
    // contract's bodies are required, so an absent body is a 422 naming the required fields.
    app.addHook('preValidation', async (request) => {
      const schema = request.routeOptions.schema?.body as BodySchema | undefined;
      if (request.body !== undefined || !schema) return;
      const required = schema.content?.['application/json']?.schema?.required ?? schema.required ?? [];
      const problems = required.map((field) => ({
        keyword: 'required',
        instancePath: '',
        params: { missingProperty: field },
      }));
      throw validationError(
        problems.length > 0 ? validationFieldMap(problems) : { body: ['The request body is required.'] },
      );
    });
    // A body is validated by the schema of its media type: one the operation does not take (a JSON
    // operation sent text/plain, or an upload's octet-stream) would reach the handler unchecked.
    app.addHook('preValidation', async (request) => {
      const bodyTypes = operations.get(String(request.routeOptions.config.operationId))?.bodyTypes ?? [];
      if (request.body === undefined || bodyTypes.length === 0) return;
      const type = String(request.headers['content-type'] ?? '')
        .split(';')[0]
        ?.trim()
        .toLowerCase();
      if (!bodyTypes.includes(type ?? '')) {
        throw new ServiceError(
          'unsupported_type',
          `Unsupported content type: this call takes ${bodyTypes.join(' or ')}.`,
        );
      }
    });
    // No text of any operation may hold NUL (the databases cannot store it): one check for every
    // string of the path, query and JSON body, before the schema is applied.
    app.addHook('preValidation', async (request) => {
      if (!request.routeOptions.schema) return;
      const problems = nulProblems([request.params, request.query, request.body]);
      if (problems.length > 0) throw validationError(validationFieldMap(problems));
    });
    // A module id in a query (`?module=`) names a registered module: the contract types it as any
    // id, so that a new module never edits it; an id no module registered is a 422, not an empty list.
    app.addHook('preHandler', async (request) => {
      const module = (request.query as { module?: unknown } | undefined)?.module;
      if (typeof module === 'string' && !ctx.modules.isModule(module)) {
        throw validationError({ module: ['The selected module is invalid.'] });
      }
    });
    // The glue warns "ContentTypeParser for '<type>' not found" for every media type of the contract,
    // its responses' too (image/png, text/csv, application/pdf, text/event-stream…), which are sent,
    // never parsed: those warnings asked a user starting Vigil to act on nothing. Its check is given
    // a logger that keeps the warning for a request body type only, the one a parser is missing for.
    const log = app.log;
    app.log = withoutResponseTypeWarnings(log, new Set([...operations.values()].flatMap((o) => o.bodyTypes)));
    try {
      await app.register(openapiGlue, {
        specification: withLowerCaseHeaders(options.contract),
        prefix: '/api',
        // Glue spreads these options over the method, url and schema it takes from the contract; its
        // type asks for a complete RouteOptions, which would override them.
        operationResolver: resolve as FastifyOpenapiGlueOptions['operationResolver'],
      });
    } finally {
      app.log = log;
    }
  },
  { name: 'api-routes', dependencies: ['@fastify/cookie', '@fastify/rate-limit'] },
);
