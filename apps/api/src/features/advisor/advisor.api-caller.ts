// The app's own API called in-process (Fastify inject) as the signed-in user: the user's bearer
// token, GET only, so every rule of a screen's call (session, company, role, validation, filters)
// applies to a tool's call too. A non-2xx answer becomes a ToolError with the server's message.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError, messages } from '../../shared/http-error.js';
import { languageOf } from '../preferences/preferences.service.js';
import { readAccessToken } from '../session/sign-in-cookies.js';
import { type ApiCaller, type ToolContext, ToolError } from './advisor.types.js';

type Query = Parameters<ApiCaller['get']>[1];

/** `/findings` + {severity: ['high','critical'], q: 'x'} → `/api/findings?severity=high&severity=critical&q=x`. */
export function apiUrl(path: string, query: Query = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) params.append(key, String(item));
  }
  const search = params.toString();
  return `/api${path}${search ? `?${search}` : ''}`;
}

function detailsOf(body: string): unknown {
  try {
    return (JSON.parse(body) as { details?: unknown }).details;
  } catch {
    return undefined;
  }
}

function messageOf(body: string, status: number): string {
  try {
    const parsed = JSON.parse(body) as { message?: unknown };
    if (typeof parsed.message === 'string') return parsed.message;
  } catch {
    // not JSON: the status says enough
  }
  return `The API answered ${status}.`;
}

/**
 * An ApiCaller for one user: `token` is the user's access token (the bearer or the session cookie
 * of the request that asked), `remoteAddress` the asker's, so per-address limits stay theirs.
 */
export function createApiCaller(app: FastifyInstance, token: string, remoteAddress = '127.0.0.1'): ApiCaller {
  return {
    async get<T>(path: string, query?: Query): Promise<T> {
      if (!path.startsWith('/') || path.startsWith('//')) throw new ToolError(`Not an API path: ${path}`, 400);
      const response = await app.inject({
        method: 'GET',
        url: apiUrl(path, query),
        headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
        remoteAddress,
      });
      if (response.statusCode < 200 || response.statusCode >= 300) {
        throw new ToolError(
          messageOf(response.body, response.statusCode),
          response.statusCode,
          detailsOf(response.body),
        );
      }
      return response.json() as T;
    },
  };
}

/** The tools' context of a signed-in request: its user's token, address and language. */
export function toolContextOf(request: FastifyRequest, now: Date): ToolContext {
  const token = readAccessToken(request);
  if (!request.auth || !token) throw new HttpError(401, messages.unauthenticated);
  return {
    api: createApiCaller(request.server, token, request.ip),
    language: languageOf(request.auth.user.language),
    now,
  };
}
