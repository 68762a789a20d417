// STUB (owner: RULES): the operations of the JS attack-pattern rules; scripts.module.ts spreads them. RULES replaces it.
import type { RouteDeps, RouteTable } from '../../../route-table.js';

export function rulesRoutes(_deps: RouteDeps): RouteTable {
  return {};
}
