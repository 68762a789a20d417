// What a feature's `*.routes.ts` exports: thin handlers keyed by the contract's operationId. The
// api-routes plugin wires them through fastify-openapi-glue, which takes request validation and
// response serialisation from the bundled contract.
//
// One name per module: its folder (src/modules/<id>/), file prefixes, contract file
// (openapi/paths/<id>.yaml), messages and job kinds use the module id. URLs keep the names they
// were published with (bookmarks, links stored in findings and e-mails, API clients), so these
// legacy URLs stay as they are:
//   archives         API /archived-urls           screen /gaudork
//   assets           API /asset-scopes, /suppliers, /probe-runs
//                    screens /companyassets, /supplierassets
//   cves             API /cve-catalogue, /analytics/cve-landscape   screen /cvemonitor
//   dorks            API /dork-results, /dork-runs   screen /googledork
//   mentions         screen /restrictedenvironment
//   scripts          API /script-scans, /stores, /store-pages, /ecommerce, /js-rules, /js-blacklist,
//                    /store-blacklist, /store-clones (a contract file per sub-unit)   screen /vtexdork (clones)
//   secrets          screen /gitdork
// Stored ids keep their names too: the cves module's job kinds nvd-sync, kev-sync and epss-sync
// (no `cves.` prefix), and import kinds named by their format (combolist, nuclei, gitleaks-json, …).
import type { operations, Schemas } from '@vigil/api-client';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from './app-context.js';
import type { OidcClient } from './identity/microsoft/microsoft.client.js';
import type { AuthContext } from './identity/session/session.service.js';
import { messages, ServiceError } from './shared/service-error.js';

export type OperationId = keyof operations;

type Responses<Op extends OperationId> = operations[Op]['responses'];
/** The statuses an operation answers when it succeeds (2xx, and a redirect). */
type SuccessStatus = 200 | 201 | 202 | 204 | 302;
type SuccessResponse<Op extends OperationId> = Responses<Op>[Extract<keyof Responses<Op>, SuccessStatus>];
type JsonOf<R> = R extends { content: { 'application/json': infer B } } ? B : never;
type IsJson<R> = R extends { content: { 'application/json': unknown } } ? true : false;

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
/** A 403 the operation documents with its own body, not the shared Error (a sign-in step that blocks the session). */
type OwnForbidden<Op extends OperationId> = 403 extends keyof Responses<Op>
  ? Same<keyof JsonOf<Responses<Op>[403]>, keyof Schemas['Error']> extends true
    ? never
    : JsonOf<Responses<Op>[403]>
  : never;

/** The JSON bodies `Op` answers: one of its success statuses', or its own documented 403's. */
export type JsonAnswerOf<Op extends OperationId> = JsonOf<SuccessResponse<Op>> | OwnForbidden<Op>;

/**
 * What a handler of `Op` resolves to: the contract's JSON body of one of its success statuses, or of
 * its own documented 403 (the handler sets a status other than 200 with `reply.code`). An operation
 * that also succeeds without a JSON body (a file, a stream, 204, a redirect) may instead answer
 * through `reply.send` and resolve to the reply. Fastify's reply is thenable and awaits to `never`,
 * so `return reply.code(201).send(x)` escapes this check: JSON handlers set the code and return the body.
 */
export type AnswerOf<Op extends OperationId> =
  | JsonAnswerOf<Op>
  | (false extends IsJson<SuccessResponse<Op>> ? FastifyReply | undefined : never);

/** The handler of one operation, its answer checked against the contract. */
export interface RouteDefinition<Op extends OperationId = OperationId> {
  handler: (request: FastifyRequest, reply: FastifyReply) => Promise<AnswerOf<Op>>;
  /** Stricter per-IP rate limit (sign-in, codes, resends, reset, register). */
  sensitive?: boolean;
  /** A larger JSON body than the app's 64 KiB (a pasted script to test), in bytes. */
  bodyLimit?: number;
}

/** The route of an operation that answers a file or stream through `reply.send` (a CSV export). */
export interface FileRouteDefinition extends Omit<RouteDefinition, 'handler'> {
  handler: (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>;
}

/** A feature's handlers keyed by operationId: each one typed by the operation it serves. */
export type RouteTable = { [Op in OperationId]?: RouteDefinition<Op> };

export interface CookieSettings {
  secure: boolean;
}

export interface RouteDeps {
  ctx: AppContext;
  oidc: OidcClient | undefined;
  cookies: CookieSettings;
}

type JsonBody<Op extends OperationId> = operations[Op] extends {
  requestBody: { content: { 'application/json': infer B } };
}
  ? B
  : never;
type QueryOf<Op extends OperationId> = operations[Op] extends { parameters: { query?: infer Q } }
  ? NonNullable<Q>
  : never;
type PathOf<Op extends OperationId> = operations[Op] extends { parameters: { path: infer P } } ? P : never;

// The casts below are safe because the route's schema (from the same contract) validated the input.
export function bodyOf<Op extends OperationId>(_op: Op, request: FastifyRequest): JsonBody<Op> {
  return request.body as JsonBody<Op>;
}
export function queryOf<Op extends OperationId>(_op: Op, request: FastifyRequest): QueryOf<Op> {
  return request.query as QueryOf<Op>;
}
export function paramsOf<Op extends OperationId>(_op: Op, request: FastifyRequest): PathOf<Op> {
  return request.params as PathOf<Op>;
}

/** The session of a protected route (the authenticate hook has run). */
export function authOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new ServiceError('unauthenticated', messages.unauthenticated);
  return request.auth;
}
