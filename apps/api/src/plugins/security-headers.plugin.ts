// Security headers on every answer: CSP with frame-ancestors 'none', nosniff, a strict referrer
// policy (sign-in URLs can carry one-time keys), HSTS when served over TLS, no caching of /api.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { isApiRequest } from '../shared/api-request.js';

const csp = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

export const securityHeadersPlugin = fp(
  async (app: FastifyInstance, options: { https: boolean }) => {
    app.addHook('onSend', async (request, reply, payload) => {
      reply.header('content-security-policy', csp);
      reply.header('x-content-type-options', 'nosniff');
      reply.header('x-frame-options', 'DENY');
      reply.header('referrer-policy', 'same-origin');
      reply.header('cross-origin-opener-policy', 'same-origin');
      if (options.https || request.protocol === 'https') {
        reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
      }
      if (isApiRequest(request) && !reply.hasHeader('cache-control')) {
        reply.header('cache-control', 'no-store');
      }
      return payload;
    });
  },
  { name: 'security-headers' },
);
