import { appendFileSync, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { allStates, allTransitions } from './model.ts';

/**
 * Where the replays note what the browser reached (one JSON line per checked step): one file per
 * run, named by the global setup (VIGIL_QA_COVERAGE_FILE), so runs side by side never mix.
 */
export function coverageFile(): string {
  return (
    process.env.VIGIL_QA_COVERAGE_FILE ??
    fileURLToPath(new URL('../../../../node_modules/.cache/vigil-e2e/qa-coverage.jsonl', import.meta.url))
  );
}

export function resetCoverage(): void {
  rmSync(coverageFile(), { force: true });
}

/** Notes that the page showed these states after taking these transitions. */
export function recordReached(entry: { path: string; states: string[]; transitions: string[] }): void {
  mkdirSync(dirname(coverageFile()), { recursive: true });
  appendFileSync(coverageFile(), `${JSON.stringify(entry)}\n`);
}

export interface CoverageReport {
  states: { total: number; reached: number; missing: string[] };
  transitions: { total: number; reached: number; missing: string[] };
  table: string;
}

/** The coverage table: machine states and transitions, and how many the browser reached. */
export function coverageReport(): CoverageReport {
  const file = coverageFile();
  const lines = existsSync(file) ? readFileSync(file, 'utf8').split('\n').filter(Boolean) : [];
  const entries = lines.map((l) => JSON.parse(l) as { states: string[]; transitions: string[] });
  const states = new Set(entries.flatMap((e) => e.states));
  const transitions = new Set(entries.flatMap((e) => e.transitions));
  const missingStates = allStates.filter((s) => !states.has(s));
  const missingTransitions = allTransitions.filter((t) => !transitions.has(t));
  const reachedStates = allStates.length - missingStates.length;
  const reachedTransitions = allTransitions.length - missingTransitions.length;
  const pct = (n: number, d: number) => `${((100 * n) / d).toFixed(0)}%`.padStart(5);
  const table = [
    '',
    'auth machine coverage in the browser',
    '┌─────────────┬─────────┬─────────────────┬───────┐',
    '│             │ machine │ reached (page)  │       │',
    '├─────────────┼─────────┼─────────────────┼───────┤',
    `│ states      │ ${String(allStates.length).padStart(7)} │ ${String(reachedStates).padStart(15)} │ ${pct(reachedStates, allStates.length)} │`,
    `│ transitions │ ${String(allTransitions.length).padStart(7)} │ ${String(reachedTransitions).padStart(15)} │ ${pct(reachedTransitions, allTransitions.length)} │`,
    '└─────────────┴─────────┴─────────────────┴───────┘',
    ...(missingStates.length ? ['states not reached:', ...missingStates.map((s) => `  - ${s}`)] : []),
    ...(missingTransitions.length ? ['transitions not reached:', ...missingTransitions.map((t) => `  - ${t}`)] : []),
    '',
  ].join('\n');
  return {
    states: { total: allStates.length, reached: reachedStates, missing: missingStates },
    transitions: { total: allTransitions.length, reached: reachedTransitions, missing: missingTransitions },
    table,
  };
}
