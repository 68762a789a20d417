// The Script Manager's operations (openapi/paths/scripts.yaml), keyed by operationId.
import type { RouteDeps, RouteTable } from '../../route-table.js';

export function scriptsRoutes(_deps: RouteDeps): RouteTable {
  return {};
}
