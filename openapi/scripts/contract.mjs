#!/usr/bin/env node
// Lints the split contract and bundles it into one JSON document (openapi.bundle.json), the
// file that the server and the client generator both read. Same engine as Redocly CLI.
// A monitoring module's contract is one file, `paths/<id>.yaml` with `x-module`, holding its
// paths and its schemas; the root is composed with every such file before it is linted and
// bundled, so a new module never edits openapi.yaml (docs/adding-a-module.md).
//   node scripts/contract.mjs lint            lint with redocly.yaml; exit 1 on any problem
//   node scripts/contract.mjs bundle          write openapi.bundle.json
//   node scripts/contract.mjs bundle --check  exit 1 when openapi.bundle.json is stale
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  BaseResolver,
  bundle,
  formatProblems,
  lintDocument,
  loadConfig,
  makeDocumentFromString,
  parseYaml,
  stringifyYaml,
} from '@redocly/openapi-core';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const contractEntry = join(root, 'openapi.yaml');
export const bundlePath = join(root, 'openapi.bundle.json');

async function config() {
  return loadConfig({ configPath: join(root, 'redocly.yaml') });
}

const pointer = (segment) => segment.replace(/~/g, '~0').replace(/\//g, '~1');

/** The module contract files: `paths/*.yaml` whose top level has `x-module: { id, description }`. */
async function moduleFiles() {
  const names = (await readdir(join(root, 'paths'))).filter((name) => name.endsWith('.yaml')).sort();
  const files = await Promise.all(
    names.map(async (name) => ({ name, doc: parseYaml(await readFile(join(root, 'paths', name), 'utf8')) })),
  );
  return files.filter((file) => file.doc?.['x-module']);
}

/**
 * openapi.yaml with every module file's tag, paths and schemas added (as references into the
 * module's file, so its relative references keep working). Throws on a path, schema or tag that
 * two files declare.
 */
export async function composedContract() {
  const doc = parseYaml(await readFile(contractEntry, 'utf8'));
  doc.tags ??= [];
  doc.paths ??= {};
  for (const { name, doc: file } of await moduleFiles()) {
    const { id, description } = file['x-module'];
    if (name !== `${id}.yaml`)
      throw new Error(`paths/${name}: its x-module id must be ${name.replace(/\.yaml$/, '')}.`);
    if (doc.tags.some((tag) => tag.name === id)) throw new Error(`The tag ${id} is declared twice.`);
    doc.tags.push({ name: id, description });
    for (const path of Object.keys(file.paths ?? {})) {
      if (doc.paths[path]) throw new Error(`The path ${path} is declared twice (paths/${name}).`);
      doc.paths[path] = { $ref: `paths/${name}#/paths/${pointer(path)}` };
    }
    for (const schema of Object.keys(file.components?.schemas ?? {})) {
      doc.components ??= {};
      doc.components.schemas ??= {};
      if (doc.components.schemas[schema]) throw new Error(`The schema ${schema} is declared twice (paths/${name}).`);
      doc.components.schemas[schema] = { $ref: `paths/${name}#/components/schemas/${schema}` };
    }
  }
  return makeDocumentFromString(stringifyYaml(doc), contractEntry);
}

/** Lints the composed contract; resolves to the list of problems (empty when clean). */
export async function lintContract() {
  return lintDocument({
    document: await composedContract(),
    config: (await config()).styleguide,
    externalRefResolver: new BaseResolver(),
  });
}

/** Bundles the split sources into one OpenAPI document, as the text written to disk. */
export async function bundleContractText() {
  const { bundle: doc, problems } = await bundle({ doc: await composedContract(), config: await config() });
  const errors = problems.filter((p) => p.severity === 'error');
  if (errors.length > 0) {
    formatProblems(errors, { format: 'stylish', totals: { errors: errors.length, warnings: 0, ignored: 0 } });
    throw new Error('The contract does not bundle.');
  }
  return `${JSON.stringify(doc.parsed, null, 2)}\n`;
}

async function main(command, flags) {
  if (command === 'lint') {
    const problems = await lintContract();
    if (problems.length > 0) {
      const errors = problems.filter((p) => p.severity === 'error').length;
      formatProblems(problems, {
        format: 'stylish',
        totals: { errors, warnings: problems.length - errors, ignored: 0 },
      });
      process.exitCode = 1;
      return;
    }
    console.log('contract lint: no problems in openapi.yaml and its split files');
    return;
  }
  if (command === 'bundle') {
    const text = await bundleContractText();
    if (flags.includes('--check')) {
      const current = await readFile(bundlePath, 'utf8').catch(() => '');
      if (current !== text) {
        console.error('openapi.bundle.json is stale: run `npm run generate` and commit the result.');
        process.exitCode = 1;
        return;
      }
      console.log('openapi.bundle.json is up to date');
      return;
    }
    await writeFile(bundlePath, text);
    console.log(`wrote ${bundlePath}`);
    return;
  }
  console.error('usage: contract.mjs lint | bundle [--check]');
  process.exitCode = 2;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await main(process.argv[2], process.argv.slice(3));
}
