// What a feature's `*.routes.ts` exports: thin handlers keyed by the contract's operationId. The
// api-routes plugin wires them through fastify-openapi-glue, which takes request validation and
// response serialisation from the bundled contract.
import type { operations } from '@vigil/api-client';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from './app-context.js';
import type { OidcClient } from './features/microsoft/microsoft.client.js';
import type { AuthContext } from './features/session/session.service.js';
import { HttpError, messages } from './shared/http-error.js';

export type OperationId = keyof operations;

export interface RouteDefinition {
  handler: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
  /** Stricter per-IP rate limit (sign-in, codes, resends, reset, register). */
  sensitive?: boolean;
  /** A larger JSON body than the app's 64 KiB (a pasted script to test), in bytes. */
  bodyLimit?: number;
}

export type RouteTable = Partial<Record<OperationId, RouteDefinition>>;

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
  if (!request.auth) throw new HttpError(401, messages.unauthenticated);
  return request.auth;
}
