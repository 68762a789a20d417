import type { FullConfig } from '@playwright/test';
import { startServer } from './server.ts';

/**
 * Starts the real server once for the whole run and hands its URL to the tests through
 * VIGIL_E2E_URL; the returned function stops it (Playwright calls it after the run, also on failure).
 */
export default async function globalSetup(_config: FullConfig): Promise<() => Promise<void>> {
  if (process.env.VIGIL_E2E_URL) return async () => {};
  const started = Date.now();
  const server = await startServer();
  process.env.VIGIL_E2E_URL = server.url;
  console.log(`[e2e] server ${server.url} (pid ${server.pid}) up in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  const stopOnExit = () => void server.stop();
  process.once('exit', stopOnExit);
  return async () => {
    process.off('exit', stopOnExit);
    await server.stop();
    console.log(`[e2e] server pid ${server.pid} stopped`);
  };
}
