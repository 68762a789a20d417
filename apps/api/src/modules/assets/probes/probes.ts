// The probes' share of the assets module (DNS, HTTP, TLS, services over in-scope assets): their
// operations and their job kinds, which assets.module.ts registers with the module's own.

import type { JobKind } from '../../../platform/jobs/job-kind.types.js';
import type { RouteDeps, RouteTable } from '../../../route-table.js';
import { runScopeVerifyJob } from '../scope-verify.service.js';
import { runProbeJob } from './probe-run.js';
import { queueDueProbeRuns } from './probe-schedule.js';
import { PROBE_JOB, SCOPE_VERIFY_JOB } from './probes.repository.js';
import { probesRoutes } from './probes.routes.js';

export function probeRoutes(deps: RouteDeps): RouteTable {
  return probesRoutes(deps);
}

export const probeJobs: Readonly<Record<string, JobKind>> = {
  // One run over one inventory; two at once across processes (each bounded in its own connections).
  [PROBE_JOB]: { group: PROBE_JOB, concurrency: 2, priority: 0, retried: false, run: runProbeJob },
  'assets.probe-schedule': {
    group: 'assets.probe-schedule',
    concurrency: 1,
    priority: 5,
    retried: true,
    platformSchedule: '*/15 * * * *',
    scheduledWhen: (config) => config.probes.scheduled,
    run: queueDueProbeRuns,
  },
  // Proof of control (ADR 0041): re-checked hourly for the proofs a day old; a lost one pauses probing.
  [SCOPE_VERIFY_JOB]: {
    group: SCOPE_VERIFY_JOB,
    concurrency: 1,
    priority: 5,
    retried: true,
    platformSchedule: '23 * * * *',
    run: runScopeVerifyJob,
  },
};
