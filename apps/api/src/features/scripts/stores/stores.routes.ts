// STUB (owner: STORES): the operations of the stores, pages, e-commerce compliance and evidence; scripts.module.ts spreads them. STORES replaces it.
import type { RouteDeps, RouteTable } from '../../../route-table.js';

export function storesRoutes(_deps: RouteDeps): RouteTable {
  return {};
}
