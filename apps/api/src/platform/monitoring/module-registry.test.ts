// The module registry: every registered import kind and job kind resolves; a registration that
// repeats a module, a kind or an operation, or an importer naming another module, is refused at
// start. Batch sizes: on PGlite (one connection) every other query waits for a batch's statement,
// so its batches are a fifth of PostgreSQL's.
import { describe, expect, it } from 'vitest';
import { moduleRegistry } from '../../modules.js';
import { housekeepingJobKinds } from '../housekeeping/housekeeping.jobs.js';
import { defineImporter } from '../imports/import.types.js';
import { batchSizeOf } from '../imports/import-options.js';
import { createModuleRegistry } from './module-registry.js';
import type { MonitoringModule } from './monitoring-module.js';

const importer = (kind: string, module: string) =>
  defineImporter({
    kind,
    module,
    files: ['.txt'],
    prepare: async () => undefined,
    parse: async function* () {},
    write: async () => ({ added: 0, updated: 0, ignored: 0 }),
  });
const moduleOf = (id: string, kinds: string[], routes: string[] = []): MonitoringModule => ({
  id,
  importers: kinds.map((kind) => importer(kind, id)),
  routes: () => Object.fromEntries(routes.map((r) => [r, { handler: async () => null }])),
  lists: [],
});

describe('the module registry', () => {
  it('registers the modules, their import kinds and their jobs', () => {
    expect(moduleRegistry.ids).toEqual([
      'credentials',
      'cves',
      'vulnerabilities',
      'assets',
      'scripts',
      'dorks',
      'secrets',
      'archives',
      'mentions',
    ]);
    expect([...moduleRegistry.importKinds].sort()).toEqual(
      [
        ...['combolist', 'epss', 'hibp', 'infostealer', 'kev', 'nuclei', 'nvd'],
        ...['hosts', 'assets-csv', 'subfinder', 'httpx', 'nmap'],
        ...['js-blacklist-csv', 'js-blacklist'],
        ...['ghdb', 'search-results', 'gitleaks-json', 'archive-urls', 'wayback-cdx'],
        'mentions-jsonl',
      ].sort(),
    );
    for (const kind of moduleRegistry.importKinds) expect(moduleRegistry.jobKind(kind).concurrency).toBeGreaterThan(0);
    expect(moduleRegistry.jobKind('nvd-sync').retried).toBe(true);
    expect(moduleRegistry.jobKind('housekeeping').platformSchedule).toBeDefined();
    expect(() => moduleRegistry.importer('nope')).toThrow('nope is not an import kind.');
  });

  it('keeps the reference data writers of a module in one group, one at a time', () => {
    const groups = new Set(['nvd', 'kev', 'epss', 'nvd-sync'].map((k) => moduleRegistry.jobKind(k).group));
    expect(groups.size).toBe(1);
    expect(moduleRegistry.jobKind('nvd').concurrency).toBe(1);
  });

  it('refuses a module, an import or job kind or an operation registered twice', () => {
    expect(() => createModuleRegistry([moduleOf('a', []), moduleOf('a', [])])).toThrow('module "a"');
    expect(() => createModuleRegistry([moduleOf('a', ['x']), moduleOf('b', ['x'])])).toThrow('job kind "x"');
    expect(() => createModuleRegistry([moduleOf('a', ['housekeeping'])], [housekeepingJobKinds])).toThrow(
      'job kind "housekeeping"',
    );
    expect(() => createModuleRegistry([], [housekeepingJobKinds, housekeepingJobKinds])).toThrow(
      'job kind "housekeeping"',
    );
    const twice = createModuleRegistry([moduleOf('a', [], ['listA']), moduleOf('b', [], ['listA'])]);
    expect(() => twice.routes({} as never)).toThrow('operation "listA"');
  });

  it('refuses an importer that names another module', () => {
    const wrong: MonitoringModule = { ...moduleOf('a', []), importers: [importer('x', 'b')] };
    expect(() => createModuleRegistry([wrong])).toThrow('names the module b');
  });

  it('keeps PGlite batches at a fifth of PostgreSQL’s, and at least one record', () => {
    expect(batchSizeOf(moduleRegistry.importer('combolist'), 'postgres')).toBe(5000);
    expect(batchSizeOf(moduleRegistry.importer('combolist'), 'pglite')).toBe(1000);
    for (const kind of moduleRegistry.importKinds) {
      const importer = moduleRegistry.importer(kind);
      expect(batchSizeOf(importer, 'pglite')).toBe(Math.max(1, Math.ceil(batchSizeOf(importer, 'postgres') / 5)));
    }
  });
});
