#!/usr/bin/env node
import { getAuthPaths } from '../auth.paths.js';

// The package's lib has no Node or DOM types: the two process members used here are typed locally.
interface Proc {
  argv: string[];
  stdout: { write(text: string): boolean };
  stderr: { write(text: string): boolean };
}
const proc = (globalThis as unknown as { process: Proc }).process;

const HELP = `auth-machine-paths [--states | --transitions | --stats] [--compact]

Prints, as JSON, paths through Vigil's auth statechart for QA:
  statePaths       the shortest path to every state
  transitionPaths  paths that together take every transition
Each step names the event to cause (with its payload) and, for an invoked call's result, the
server answer (or storage condition) that produces it, plus the state and context reached.
`;

const args = new Set(proc.argv.slice(2));
if (args.has('--help') || args.has('-h')) {
  proc.stdout.write(HELP);
} else {
  const paths = getAuthPaths();
  const selected = args.has('--stats')
    ? paths.stats
    : args.has('--states')
      ? paths.statePaths
      : args.has('--transitions')
        ? paths.transitionPaths
        : paths;
  proc.stdout.write(`${JSON.stringify(selected, null, args.has('--compact') ? 0 : 2)}\n`);
  const { stats } = paths;
  if (stats.coveredStates < stats.states || stats.coveredTransitions < stats.transitions) {
    proc.stderr.write(`Not every state or transition is covered: ${JSON.stringify(paths.uncovered)}\n`);
  }
}
