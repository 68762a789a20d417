#!/usr/bin/env node
// Lints the split contract and bundles it into one JSON document (openapi.bundle.json), the
// file that the server and the client generator both read. Same engine as Redocly CLI.
//   node scripts/contract.mjs lint            lint with redocly.yaml; exit 1 on any problem
//   node scripts/contract.mjs bundle          write openapi.bundle.json
//   node scripts/contract.mjs bundle --check  exit 1 when openapi.bundle.json is stale
import { readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundle, formatProblems, lint, loadConfig } from '@redocly/openapi-core';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const contractEntry = join(root, 'openapi.yaml');
export const bundlePath = join(root, 'openapi.bundle.json');

async function config() {
  return loadConfig({ configPath: join(root, 'redocly.yaml') });
}

/** Lints the contract; resolves to the list of problems (empty when clean). */
export async function lintContract() {
  const problems = await lint({ ref: contractEntry, config: await config() });
  return problems;
}

/** Bundles the split sources into one OpenAPI document, as the text written to disk. */
export async function bundleContractText() {
  const { bundle: doc, problems } = await bundle({ ref: contractEntry, config: await config() });
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
