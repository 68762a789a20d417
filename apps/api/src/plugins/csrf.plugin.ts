// Double-submit anti-forgery: every answer (the web app's index.html included, so the first POST
// of a fresh page already has it) sets XSRF-TOKEN, readable by the page's script, when the request
// has none; every state-changing /api call must echo it in X-XSRF-TOKEN.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { TOKEN_PREFIX } from '../identity/api-tokens/api-tokens.secret.js';
import { isApiRequest } from '../shared/api-request.js';
import { randomToken, safeEqual } from '../shared/secrets.js';
import { messages, ServiceError } from '../shared/service-error.js';

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';
const unsafe = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * A bearer token and no cookie at all: an integration with an API token (ADR 0048), or another
 * assistant calling the advisor's MCP endpoint (ADR 0036). Such a request carries no ambient
 * credential, and a page of another site can only add an Authorization header through a CORS
 * preflight this server never grants; nothing to forge.
 */
function bearerOnly(request: FastifyRequest): boolean {
  if (request.headers.cookie !== undefined) return false;
  const authorization = request.headers.authorization ?? '';
  return (
    authorization.startsWith(`Bearer ${TOKEN_PREFIX}`) ||
    (request.routeOptions.url === '/api/mcp' && /^Bearer \S/.test(authorization))
  );
}

/**
 * Jira's webhook to a Jira channel (ADR 0050): a server posting with no cookie at all; the channel's
 * secret in the URL is its credential, and with no ambient credential there is nothing to forge.
 */
function cookielessJiraEvent(request: FastifyRequest): boolean {
  return request.routeOptions.url === '/api/alerts/channels/:id/jira-events' && request.headers.cookie === undefined;
}

export const csrfPlugin = fp(
  async (app: FastifyInstance, options: { secure: boolean }) => {
    app.addHook('onRequest', async (request, reply) => {
      const cookie = request.cookies[XSRF_COOKIE];
      if (!cookie) {
        reply.setCookie(XSRF_COOKIE, randomToken(32), {
          path: '/',
          sameSite: 'lax',
          httpOnly: false,
          secure: options.secure,
        });
      }
      if (!unsafe.has(request.method) || !isApiRequest(request) || bearerOnly(request) || cookielessJiraEvent(request))
        return;
      const header = request.headers[XSRF_HEADER];
      if (!cookie || typeof header !== 'string' || !safeEqual(cookie, header)) {
        throw new ServiceError('csrf_mismatch', messages.csrf);
      }
    });
  },
  { name: 'csrf', dependencies: ['@fastify/cookie'] },
);
