import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';

// Debian's Chromium, never a downloaded browser (stack notes §2); every request stays on 127.0.0.1.
// Debian's `chromium-headless-shell` when installed (`npm test` installs it): the same Blink as
// `chromium` without the full browser around it, what Playwright runs headless by default; the suite
// took about a third less time in it than in `chromium --headless` (the auth paths: 276 s → 191 s).
const headlessShell = '/usr/bin/chromium-headless-shell';
const launchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? (existsSync(headlessShell) ? headlessShell : '/usr/bin/chromium'),
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--disable-quic',
  ],
};

const desktop = { viewport: { width: 1280, height: 800 } };
const mobile = { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };

export default defineConfig({
  testDir: './e2e',
  globalSetup: './e2e/support/global-setup.ts',
  // One server, one demo user: tests that share server state run one at a time (2 cores anyway).
  workers: 1,
  fullyParallel: false,
  forbidOnly: true,
  // One retry in CI: a shared 2-core machine can starve a transient busy state; a test that
  // fails twice still fails the run (and the coverage check only counts passing replays).
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  // The whole suite's cap: about 27 minutes on a quiet 2-core machine since the walk of every screen in
  // every language (issue 33); the cap leaves room for a busy one, inside CI's 90.
  globalTimeout: 45 * 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  outputDir: '../../node_modules/.cache/vigil-e2e/results',
  use: {
    launchOptions,
    locale: 'en-US',
    timezoneId: 'UTC',
    actionTimeout: 10_000,
    navigationTimeout: 20_000,
    trace: 'off',
    screenshot: 'only-on-failure',
    serviceWorkers: 'block',
  },
  projects: [
    { name: 'desktop', testMatch: /smoke\.spec\.ts/, use: desktop },
    { name: 'mobile', testMatch: /(smoke|layout)\.spec\.ts/, use: mobile },
    { name: 'qa', testMatch: /(auth-paths|flows|two-factor|a11y|members|alerts|account)\.spec\.ts/, use: desktop },
    { name: 'monitoring', testMatch: /monitoring\.spec\.ts/, use: desktop },
    // Not part of `npm run e2e`: `npm run screenshots` writes docs/screenshots/.
    { name: 'screenshots', testMatch: /screenshots\.tool\.ts/ },
  ],
});
