// Declarations this app adds to Fastify's types.
import type { AuthContext } from './identity/session/session.service.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The session of a protected route; null on public routes. */
    auth: AuthContext | null;
  }
  interface FastifyContextConfig {
    operationId?: string;
  }
}
