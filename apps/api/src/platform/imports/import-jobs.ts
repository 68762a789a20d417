// How an import kind runs as a job: the module registry turns each importer a module declares into
// one of these (platform/monitoring/module-registry.ts).
import type { JobKind } from '../jobs/job-kind.types.js';
import { referenceGroup } from '../jobs/job-policy.js';
import { runJob } from './import-runner.js';

/**
 * An import kind: a company's run two at once in a worker process, eight across every process (or
 * the importer's own `concurrency`); the platform's reference data (the CVE catalogue) one at a
 * time, in the group its feeds' sync shares, because each import builds on the rows of the one before.
 */
export function importJobKind(kind: string, module: string, platform: boolean, concurrency = 8): JobKind {
  return platform
    ? { group: referenceGroup(module), concurrency: 1, priority: 0, retried: false, run: runJob }
    : { group: kind, concurrency, priority: 0, retried: false, run: runJob };
}
