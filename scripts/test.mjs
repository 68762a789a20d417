#!/usr/bin/env node
// `npm test`: every check and test of the repository, in the order a reviewer wants them.
import { heading, run } from './run.mjs';

const steps = [
  ['lint and format (Biome, import boundaries)', 'npx', ['biome', 'ci', '--colors=off', '.']],
  [
    'contract lint, typecheck, tests and builds of every workspace (turbo)',
    'npx',
    ['turbo', 'run', 'typecheck', 'test', 'build', '--concurrency=2', '--output-logs=full'],
  ],
];

try {
  for (const [title, command, args] of steps) {
    heading(title);
    await run(command, args);
  }
  heading('all checks passed');
} catch (error) {
  console.error(`\n${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
