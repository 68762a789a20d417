// STUB (owner: RULES): the operations of the JS blacklist; scripts.module.ts spreads them. RULES replaces it.
import type { RouteDeps, RouteTable } from '../../../route-table.js';

export function blacklistRoutes(_deps: RouteDeps): RouteTable {
  return {};
}
