// The probes' share of the assets module (DNS, HTTP, TLS, services over in-scope assets): their
// operations and their job kinds, which assets.module.ts registers with the module's own.
import type { RouteDeps, RouteTable } from '../../../route-table.js';
import type { JobKind } from '../../jobs/job-kind.types.js';

export function probeRoutes(_deps: RouteDeps): RouteTable {
  return {};
}

export const probeJobs: Readonly<Record<string, JobKind>> = {};
