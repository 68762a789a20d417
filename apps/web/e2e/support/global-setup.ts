import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FullConfig } from '@playwright/test';
import { resetCoverage } from '../qa/coverage.ts';
import { startServer } from './server.ts';

/**
 * Starts the real server once for the whole run and hands its URL to the tests through
 * VIGIL_E2E_URL; the returned function stops it (Playwright calls it after the run, also on failure)
 * and prints how long the browser suite took.
 */
export default async function globalSetup(_config: FullConfig): Promise<() => Promise<void>> {
  const started = Date.now();
  process.env.VIGIL_QA_COVERAGE_FILE ??= join(tmpdir(), `vigil-qa-coverage-${process.pid}-${started}.jsonl`);
  resetCoverage();
  const duration = () => `browser suite took ${((Date.now() - started) / 1000).toFixed(1)} s (server start included)`;
  if (process.env.VIGIL_E2E_URL)
    return async () => {
      resetCoverage();
      console.log(`[e2e] ${duration()}`);
    };
  const server = await startServer();
  process.env.VIGIL_E2E_URL = server.url;
  console.log(`[e2e] server ${server.url} (pid ${server.pid}) up in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  const stopOnExit = () => void server.stop();
  process.once('exit', stopOnExit);
  return async () => {
    process.off('exit', stopOnExit);
    await server.stop();
    resetCoverage();
    console.log(`[e2e] server pid ${server.pid} stopped; ${duration()}`);
  };
}
