#!/usr/bin/env node
// No import circle in the server's or the web's source (run by `npm run lint` and `npm test`).
// The graph is read with the TypeScript compiler's parser (no bundler, no extra dependency): every
// `import`, `export … from` and dynamic `import()` between files of apps/api/src and apps/web/src,
// tests included. A circle is a strongly connected group of files; each is printed with one
// shortest loop through it, and any circle fails the check.
// Type-only imports (`import type`, `export type`, `import('…')` in a type) count too: the compiler
// erases them, but a circle of types still ties the files' meaning together (the app context and the
// module registry were one). So does a `declare module '…'` augmentation, which depends on the file
// it extends. `importGraph(src, { typeImports: false })` gives the runtime graph alone.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const SOURCE = /\.(ts|tsx|mts|js|mjs)$/;

function* sourceFiles(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      if (name !== 'node_modules' && name !== 'dist' && name !== 'generated') yield* sourceFiles(path);
    } else if (SOURCE.test(name) && !/\.d\.ts$/.test(name)) yield path;
  }
}

/** The module specifiers a file imports, each with whether only types come through it. */
export function importsOf(file, text) {
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, kind);
  const found = [];
  const visit = (node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      found.push({ spec: node.moduleSpecifier.text, typeOnly: node.importClause?.isTypeOnly === true });
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      found.push({ spec: node.moduleSpecifier.text, typeOnly: node.isTypeOnly });
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteralLike(node.arguments[0])
    ) {
      found.push({ spec: node.arguments[0].text, typeOnly: false });
    } else if (ts.isModuleDeclaration(node) && ts.isStringLiteral(node.name)) {
      found.push({ spec: node.name.text, typeOnly: true });
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
      const literal = node.argument.literal;
      if (ts.isStringLiteral(literal)) found.push({ spec: literal.text, typeOnly: true });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The file a specifier names (`./x.js` is `./x.ts` in the source), or undefined for a package. */
function resolveSpec(from, spec, aliasRoot) {
  let base;
  if (spec.startsWith('.')) base = resolve(dirname(from), spec);
  else if (aliasRoot && spec.startsWith('@/')) base = join(aliasRoot, spec.slice(2));
  else return undefined;
  const stem = base.replace(/\.(js|jsx|mjs)$/, '');
  const candidates = [
    base,
    `${stem}.ts`,
    `${stem}.tsx`,
    `${stem}.mts`,
    `${base}.ts`,
    `${base}.tsx`,
    `${base}.js`,
    `${base}.mjs`,
    join(base, 'index.ts'),
    join(base, 'index.tsx'),
  ];
  return candidates.find((path) => SOURCE.test(path) && existsSync(path) && statSync(path).isFile());
}

/** The import graph of the files under `src`: file → the files it imports. */
export function importGraph(src, { aliasRoot, typeImports = true } = {}) {
  const graph = new Map();
  for (const file of sourceFiles(src)) {
    const targets = new Set();
    for (const { spec, typeOnly } of importsOf(file, readFileSync(file, 'utf8'))) {
      if (typeOnly && !typeImports) continue;
      const target = resolveSpec(file, spec, aliasRoot);
      if (target) targets.add(target);
    }
    graph.set(file, targets);
  }
  return graph;
}

/** The circles of a graph: its strongly connected groups of more than one file, or a file importing itself. */
export function circlesOf(graph) {
  let next = 0;
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const groups = [];
  // Tarjan's algorithm, iterative (a deep chain of imports must not overflow the call stack).
  for (const start of graph.keys()) {
    if (index.has(start)) continue;
    const work = [[start, [...(graph.get(start) ?? [])], 0]];
    index.set(start, next);
    low.set(start, next++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1];
      const [node, targets] = frame;
      if (frame[2] < targets.length) {
        const target = targets[frame[2]++];
        if (!graph.has(target)) continue;
        if (!index.has(target)) {
          index.set(target, next);
          low.set(target, next++);
          stack.push(target);
          onStack.add(target);
          work.push([target, [...(graph.get(target) ?? [])], 0]);
        } else if (onStack.has(target)) low.set(node, Math.min(low.get(node), index.get(target)));
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work[work.length - 1][0];
        low.set(parent, Math.min(low.get(parent), low.get(node)));
      }
      if (low.get(node) === index.get(node)) {
        const group = [];
        let member;
        do {
          member = stack.pop();
          onStack.delete(member);
          group.push(member);
        } while (member !== node);
        if (group.length > 1 || graph.get(node)?.has(node)) groups.push(group.sort());
      }
    }
  }
  return groups;
}

/** One shortest loop through a circle's first file, staying inside the circle. */
export function loopThrough(graph, group) {
  const members = new Set(group);
  const start = group[0];
  const previous = new Map([[start, null]]);
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift();
    for (const target of graph.get(node) ?? []) {
      if (!members.has(target)) continue;
      if (target === start) {
        const loop = [node];
        for (let at = previous.get(node); at; at = previous.get(at)) loop.unshift(at);
        return [...loop, start];
      }
      if (!previous.has(target)) {
        previous.set(target, node);
        queue.push(target);
      }
    }
  }
  return [start, start];
}

function check() {
  const apps = [
    { src: join(root, 'apps/api/src') },
    { src: join(root, 'apps/web/src'), aliasRoot: join(root, 'apps/web/src') },
  ];
  let count = 0;
  for (const { src, aliasRoot } of apps) {
    if (!existsSync(src)) continue;
    const graph = importGraph(src, { aliasRoot });
    for (const group of circlesOf(graph)) {
      count++;
      const loop = loopThrough(graph, group).map((file) => relative(root, file));
      console.error(`Import circle of ${group.length} files, e.g. ${loop.join(' → ')}`);
    }
  }
  if (count > 0) {
    console.error(
      `${count} import circle(s), type-only imports included: move what both sides need into a third file, or register it.`,
    );
    process.exit(1);
  }
  console.log('No import circle, even of types, in apps/api/src or apps/web/src.');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) check();
