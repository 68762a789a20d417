// Whether a request is an /api call. Decided on the route the router matched, never on the raw URL:
// the router decodes percent-escapes (/%61pi/logout is /api/logout), so a raw-URL test can be
// dodged. A request no route matched is judged on its decoded path, the way the router reads it.
import type { FastifyRequest } from 'fastify';

const apiPrefix = '/api/';

export function isApiRequest(request: FastifyRequest): boolean {
  return (request.routeOptions.url ?? decodedPath(request.url)).startsWith(apiPrefix);
}

function decodedPath(url: string): string {
  const path = url.split(/[?#]/, 1)[0] ?? '';
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}
