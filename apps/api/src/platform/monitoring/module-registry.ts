// The registered monitoring modules, looked up by what the platform holds: a module id, an import
// kind, a job kind. Built once by the composition root (src/modules.ts → app.ts) and carried in
// the app context, so no platform code imports a module; the platform features' own kinds of
// background work (housekeeping, alerts, reports, the rating) are registered there the same way.

import type { RouteDeps, RouteTable } from '../../route-table.js';
import type { RegisteredImporter } from '../imports/import.types.js';
import { importJobKind } from '../imports/import-jobs.js';
import type { JobKind } from '../jobs/job-kind.types.js';
import type { MonitoringModule, SearchSource } from './monitoring-module.js';

export interface ModuleRegistry {
  readonly modules: readonly MonitoringModule[];
  /** Every module id, in registration order (the dashboard's and the timeline's order). */
  readonly ids: readonly string[];
  readonly importKinds: readonly string[];
  /** Every kind of background work: the platform's, each import kind, each module's own. */
  readonly jobKinds: Readonly<Record<string, JobKind>>;
  isModule(id: string): boolean;
  /** The importer of a kind (throws for a kind no module registered: the contract refuses those first). */
  importer(kind: string): RegisteredImporter;
  jobKind(kind: string): JobKind;
  /** The handlers of every module's operations. */
  routes(deps: RouteDeps): RouteTable;
  /** Every module's search groups, in registration order, with the module that owns each. */
  readonly searchSources: readonly (SearchSource & { module: string })[];
}

declare module '../../app-context.js' {
  interface AppContext {
    /** The registered monitoring modules (src/modules.ts). */
    modules: ModuleRegistry;
  }
}

function unique(what: string, names: string[]): void {
  const seen = new Set<string>();
  for (const name of names) {
    if (seen.has(name)) throw new Error(`Two registrations of the ${what} "${name}".`);
    seen.add(name);
  }
}

/**
 * The registry of `modules`, with `platformJobs`: the kinds of background work of each platform
 * feature (its runs and its platform schedules), one record per feature.
 */
export function createModuleRegistry(
  modules: readonly MonitoringModule[],
  platformJobs: readonly Readonly<Record<string, JobKind>>[] = [],
): ModuleRegistry {
  const platformKinds = platformJobs.flatMap((kinds) => Object.entries(kinds));
  const importers = new Map(modules.flatMap((m) => m.importers.map((i) => [i.kind, i] as const)));
  const importJobs = modules.flatMap((m) =>
    m.importers.map((i) => [i.kind, importJobKind(i.kind, m.id, i.platform === true, i.concurrency)] as const),
  );
  const moduleJobs = modules.flatMap((m) => Object.entries(m.jobs ?? {}));
  unique(
    'module',
    modules.map((m) => m.id),
  );
  unique('job kind', [...platformKinds, ...importJobs, ...moduleJobs].map(entryName));
  for (const m of modules) {
    for (const i of m.importers) {
      if (i.module !== m.id) throw new Error(`The import kind "${i.kind}" of ${m.id} names the module ${i.module}.`);
    }
  }
  const jobKinds: Record<string, JobKind> = {
    ...Object.fromEntries(platformKinds),
    ...Object.fromEntries(importJobs),
    ...Object.fromEntries(moduleJobs),
  };
  const ids = modules.map((m) => m.id);
  const searchSources = modules.flatMap((m) => (m.search ?? []).map((source) => ({ ...source, module: m.id })));
  unique(
    'search kind',
    searchSources.map((s) => s.kind),
  );
  return {
    searchSources,
    modules,
    ids,
    importKinds: [...importers.keys()],
    jobKinds,
    isModule: (id) => ids.includes(id),
    importer(kind) {
      const importer = importers.get(kind);
      if (!importer) throw new Error(`${kind} is not an import kind.`);
      return importer;
    },
    routes(deps) {
      const tables = modules.map((m) => m.routes(deps));
      unique(
        'operation',
        tables.flatMap((t) => Object.keys(t)),
      );
      return Object.assign({}, ...tables) as RouteTable;
    },
    jobKind(kind) {
      const found = jobKinds[kind];
      if (!found) throw new Error(`${kind} is not a job kind.`);
      return found;
    },
  };
}

function entryName(entry: string | readonly [string, unknown]): string {
  return typeof entry === 'string' ? entry : entry[0];
}
