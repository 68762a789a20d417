// The app's own API called in-process (Fastify inject) as the signed-in user: the user's bearer
// token, GET only, so every rule of a screen's call (session, company, role, validation, filters)
// applies to a tool's call too. A non-2xx answer becomes a ToolError with the server's message.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { languageOf } from '../../identity/preferences/preferences.service.js';
import { readAccessToken } from '../../identity/session/sign-in-cookies.js';
import { messages, ServiceError } from '../../shared/service-error.js';
import {
  type ApiCaller,
  type GetAnswer,
  type GetParams,
  type GetPath,
  type ToolContext,
  ToolError,
} from './advisor.types.js';

type Query = Record<string, string | number | boolean | readonly string[] | undefined>;

/**
 * `/findings` + {severity: ['high','critical'], q: 'x'} → `/api/findings?severity=high&severity=critical&q=x`;
 * `/findings/{id}` + {id: 7} as its path values → `/api/findings/7`.
 */
export function apiUrl(template: string, query: Query = {}, values: Record<string, string | number> = {}): string {
  const path = template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new ToolError(`No value for {${name}} in ${template}`, 400);
    return encodeURIComponent(String(value));
  });
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
    async get<P extends GetPath>(path: P, params: GetParams<P> = {}): Promise<GetAnswer<P>> {
      // Every path's values and query, seen alike to build the URL.
      const { path: values, query } = params as { path?: Record<string, string | number>; query?: Query };
      const response = await app.inject({
        method: 'GET',
        url: apiUrl(path, query, values),
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
      // The route's answer is checked against the contract's type where the handler returns it.
      return response.json() as GetAnswer<P>;
    },
  };
}

/** The tools' context of a signed-in request: its user's token, address and language. */
export function toolContextOf(request: FastifyRequest, now: Date): ToolContext {
  const token = readAccessToken(request);
  if (!request.auth || !token) throw new ServiceError('unauthenticated', messages.unauthenticated);
  return {
    api: createApiCaller(request.server, token, request.ip),
    language: languageOf(request.auth.user.language),
    now,
  };
}
