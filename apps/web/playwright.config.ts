import { defineConfig } from '@playwright/test';
import { launchOptions } from './e2e/support/browsers.ts';

const desktop = { viewport: { width: 1280, height: 800 } };
const mobile = { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };

export default defineConfig({
  testDir: './e2e',
  globalSetup: './e2e/support/global-setup.ts',
  // One server, one demo user: tests that share server state run one at a time (2 cores anyway); `npm
  // test` runs the monitoring project and the others as two runs, each with its server.
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
    // The auth machine's generated paths answer the page from a fake API (qa/fake-api.ts): no server
    // state is shared, so `npm test` runs them beside the rest, in a run of their own.
    // Its own output folder: each run empties the folders of its projects when it starts.
    {
      name: 'paths',
      testMatch: /auth-paths\.spec\.ts/,
      use: desktop,
      outputDir: '../../node_modules/.cache/vigil-e2e/results-paths',
    },
    {
      name: 'qa',
      testMatch: /(flows|prerendered-signin|two-factor|a11y|members|alerts|account)\.spec\.ts/,
      use: desktop,
    },
    // `npm test` runs the monitoring screens in a run of their own, with their own server, beside the
    // desktop, mobile and qa projects: its own output folder too.
    {
      name: 'monitoring',
      testMatch: /monitoring\.spec\.ts/,
      use: desktop,
      outputDir: '../../node_modules/.cache/vigil-e2e/results-monitoring',
    },
    // Not part of `npm run e2e`: `npm run screenshots` writes docs/screenshots/.
    { name: 'screenshots', testMatch: /screenshots\.tool\.ts/ },
  ],
});
