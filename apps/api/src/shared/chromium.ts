// Launching Debian's headless Chromium (SCAN_CHROMIUM_PATH) through playwright-core: shared by the
// client-side script scanner and the report renderer (platform/reports), so both
// start it the same way and say the same thing when it is missing or does not start.
import { existsSync } from 'node:fs';
import { type Browser, chromium } from 'playwright-core';

/** Chromium cannot run at all (not installed, or it did not start): the message says what to do. */
export class ChromiumUnavailable extends Error {}

const firstLine = (error: unknown) => (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? '';
/** Playwright's message without its call log and its `browserType.launch: ` prefix. */
export const playwrightReason = (error: unknown) => firstLine(error).replace(/^\w+\.\w+: /, '');

/** A headless Chromium with the given extra arguments; it stops with the process, never on signals. */
export async function launchChromium(path: string, args: string[]): Promise<Browser> {
  if (!existsSync(path)) {
    throw new ChromiumUnavailable(
      `Chromium was not found at ${path}: install Debian's chromium package (apt-get install chromium) or set SCAN_CHROMIUM_PATH.`,
    );
  }
  return chromium
    .launch({
      executablePath: path,
      headless: true,
      // Chromium's sandbox cannot start as root; elsewhere it isolates the renderers.
      chromiumSandbox: process.getuid?.() !== 0,
      handleSIGINT: false,
      handleSIGTERM: false,
      handleSIGHUP: false,
      timeout: 30_000,
      args: [...args, '--disable-dev-shm-usage', '--disable-gpu'],
    })
    .catch((error: unknown) => {
      throw new ChromiumUnavailable(`Chromium at ${path} did not start: ${playwrightReason(error)}`);
    });
}
