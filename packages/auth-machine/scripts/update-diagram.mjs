#!/usr/bin/env node
// Writes the statechart (generated from the machine definition) into README.md between its
// markers. Run after `npm run build`; the README test fails while the diagram is stale.
import { readFile, writeFile } from 'node:fs/promises';
import { withDiagram } from '../dist/index.js';

const readmeUrl = new URL('../README.md', import.meta.url);
const before = await readFile(readmeUrl, 'utf8');
const after = withDiagram(before);
if (after === before) {
  console.log('README.md statechart is up to date.');
} else {
  await writeFile(readmeUrl, after);
  console.log('README.md statechart updated.');
}
