#!/usr/bin/env node
// Fails when two built chunks import each other statically: with grouped chunks, such a cycle lets a
// minified module read a binding before it is initialised (a blank page only in production).
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const dir = resolve(process.argv[2] ?? 'dist', 'assets');
const files = readdirSync(dir).filter((f) => f.endsWith('.js'));
const graph = new Map(
  files.map((f) => [
    f,
    [...readFileSync(join(dir, f), 'utf8').matchAll(/(?:from|import)\s*"\.\/([^"]+\.js)"/g)].map((m) => m[1]),
  ]),
);
const cycles = [];
const visit = (file, stack) => {
  if (stack.includes(file)) {
    cycles.push([...stack.slice(stack.indexOf(file)), file].join(' -> '));
    return;
  }
  if (stack.length > 20) return;
  for (const next of graph.get(file) ?? []) visit(next, [...stack, file]);
};
for (const file of files) visit(file, []);
const unique = [...new Set(cycles)];
if (unique.length > 0) {
  console.error(`chunk import cycles:\n  ${unique.slice(0, 10).join('\n  ')}`);
  process.exit(1);
}
console.log(`no chunk import cycles among ${files.length} chunks`);
