#!/usr/bin/env node
// Which shared files name a monitoring module: every file outside what the module owns (its
// folders apps/api/src/modules/<id>/ and apps/web/src/modules/<id>/, its contract file
// openapi/paths/<id>.yaml) that imports from them, quotes the module's id or names its contract
// file. Tests and their fixtures (real files quote what they quote), generated files, migrations
// (a module adds its own) and build output are left out. `node scripts/module-footprint.mjs` prints them per module.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { modulesOf } from './check-boundaries.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const SCANNED = ['apps/api/src', 'apps/web/src', 'openapi'];
const SKIPPED =
  /(^|\/)(node_modules|dist|generated|migrations|testing|e2e|bench|fixtures)(\/|$)|\.test\.tsx?$|openapi\.bundle\.json$/;

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    const rel = relative(root, path);
    if (SKIPPED.test(rel)) continue;
    if (statSync(path).isDirectory()) yield* files(path);
    else if (/\.(ts|tsx|mjs|yaml|json)$/.test(name)) yield rel;
  }
}

/** The shared files that name module `id` (sorted, relative to the repository). */
export function footprintOf(id) {
  const own = [`apps/api/src/modules/${id}/`, `apps/web/src/modules/${id}/`, `openapi/paths/${id}.yaml`];
  const names = new RegExp(
    `(['"])${id}\\1|(features|modules|\\.\\.)/${id}/|paths/${id}\\.yaml|tags: \\[${id}\\]|name: ${id}$|x-module: ${id}$`,
    'm',
  );
  const found = [];
  for (const dir of SCANNED) {
    for (const file of files(join(root, dir))) {
      if (own.some((prefix) => file.startsWith(prefix))) continue;
      if (names.test(readFileSync(join(root, file), 'utf8'))) found.push(file);
    }
  }
  return found.sort();
}

export function registeredModules() {
  return modulesOf(join(root, 'apps/api/src/modules'));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const id of registeredModules()) console.log(`${id}:\n  ${footprintOf(id).join('\n  ')}`);
}
