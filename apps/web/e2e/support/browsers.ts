import { existsSync } from 'node:fs';

// Debian's Chromium, never a downloaded browser (stack notes §2); every request stays on 127.0.0.1.
const args = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  // V8's optimising compilers off (TurboFan, Maglev; the interpreter and Sparkplug stay): a test's page
  // lives seconds, too short for optimised code to pay back its compiles, which ran on background
  // threads beside the page. The renderers took 13 % less CPU on the qa project (161 → 140 CPU-s),
  // the same wall time, on 2 cores; JavaScript behaves the same in every tier.
  '--js-flags=--no-opt --no-maglev',
];

/**
 * Every request that is not to 127.0.0.1 goes to a proxy that is not there (port 9, discard), so it
 * fails in the browser itself: no test reaches the internet, and no request is paused on its way.
 * (A Playwright `route` would do the same per test, but any route turns on request interception,
 * which pauses every request for the test runner and turns the browser's cache off: each page load
 * fetched and compiled the app's code again.) A spec that must see a page stay put while it leaves
 * for another site (Microsoft) says so with `keepTrafficLocal`.
 */
const proxy = { server: 'http://127.0.0.1:9', bypass: '127.0.0.1,localhost' };

/** Debian's full Chromium (`chromium`), run headless: what the pre-rendered sign-in spec needs. */
export const fullChromium = { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args, proxy };

// Debian's `chromium-headless-shell` when installed (`npm test` installs it): the same Blink as
// `chromium` without the full browser around it, what Playwright runs headless by default; the suite
// took about a third less time in it than in `chromium --headless` (the auth paths: 276 s → 191 s).
const headlessShell = '/usr/bin/chromium-headless-shell';

/** The browser of the suite: the headless shell when installed, else the full Chromium. */
export const launchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? (existsSync(headlessShell) ? headlessShell : '/usr/bin/chromium'),
  args,
  proxy,
};
