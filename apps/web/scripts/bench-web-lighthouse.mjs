// bench:web's Lighthouse part (mobile preset, Debian Chromium): /signin and /analytics through the Lighthouse CLI,
// /dashboard signed in through one tab that holds the session; each page's median of RUNS runs.
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import lighthouseRun from 'lighthouse';
import puppeteer from 'puppeteer-core';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
export const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const lighthouseCli = fileURLToPath(import.meta.resolve('lighthouse/cli/index.js'));
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

export async function lighthouse(url) {
  const run = promisify(execFile);
  const scores = [];
  for (let i = 0; i < RUNS; i += 1) {
    const { stdout } = await run(
      process.execPath,
      [
        lighthouseCli,
        url,
        '--only-categories=performance,accessibility',
        '--output=json',
        '--output-path=stdout',
        '--quiet',
        `--chrome-flags=${ARGS.join(' ')}`,
      ],
      { env: { ...process.env, CHROME_PATH: CHROMIUM }, maxBuffer: 64 * 1024 * 1024, timeout: 180_000 },
    );
    const score = scoreOf(JSON.parse(stdout));
    printScore(i, score);
    scores.push(score);
  }
  return medians(scores);
}

function medians(scores) {
  return {
    performance: median(scores.map((s) => s.performance)),
    accessibility: median(scores.map((s) => s.accessibility)),
    tbtMs: median(scores.map((s) => s.tbtMs)),
    lcp: median(scores.map((s) => s.lcpMs)),
    fcp: median(scores.map((s) => s.fcpMs)),
    cls: median(scores.map((s) => s.cls)),
  };
}

function scoreOf(report) {
  const audit = (id) => report.audits[id];
  return {
    performance: Math.round(report.categories.performance.score * 100),
    accessibility: Math.round(report.categories.accessibility.score * 100),
    fcp: audit('first-contentful-paint').displayValue,
    fcpMs: audit('first-contentful-paint').numericValue,
    lcp: audit('largest-contentful-paint').displayValue,
    lcpMs: audit('largest-contentful-paint').numericValue,
    tbt: audit('total-blocking-time').displayValue,
    tbtMs: Math.round(audit('total-blocking-time').numericValue),
    cls: audit('cumulative-layout-shift').numericValue,
  };
}

/** BENCH_DETAILS=1: where the main thread's time went (scripts, categories, long tasks, shifts). */
function printDetails(report) {
  const items = (id) => report.audits[id]?.details?.items ?? [];
  const path = (url) => (url.startsWith('http') ? new URL(url).pathname : url);
  for (const item of items('bootup-time').slice(0, 8))
    console.log(`    script ${Math.round(item.scripting)} ms, total ${Math.round(item.total)} ms  ${path(item.url)}`);
  for (const item of items('mainthread-work-breakdown'))
    console.log(`    main thread ${item.groupLabel}: ${Math.round(item.duration)} ms`);
  for (const item of items('long-tasks').slice(0, 12))
    console.log(
      `    long task at ${Math.round(item.startTime)} ms: ${Math.round(item.duration)} ms  ${path(item.url)}`,
    );
  const lcp = report.audits['largest-contentful-paint-element']?.details?.items ?? [];
  const element = lcp[0]?.items?.[0]?.node;
  if (element) console.log(`    LCP element: ${element.snippet}  (${element.nodeLabel ?? ''})`.slice(0, 300));
  for (const phase of lcp[1]?.items ?? []) console.log(`    LCP ${phase.phase}: ${Math.round(phase.timing)} ms`);
  for (const item of items('layout-shifts').slice(0, 5))
    console.log(`    layout shift ${item.score.toFixed(3)}  ${item.node?.snippet ?? ''}`);
}

const printScore = (i, score) =>
  console.log(
    `  run ${i + 1}: performance ${score.performance}, accessibility ${score.accessibility} (FCP ${score.fcp}, LCP ${score.lcp}, TBT ${score.tbt}, CLS ${score.cls.toFixed(3)})`,
  );

/**
 * Lighthouse (mobile preset) on signed-in screens: one Chromium tab holds the session (session
 * storage is per tab), its HTTP cache emptied before each run; storage is kept for the session.
 * Answers each path's medians, in the order given.
 */
export async function lighthouseSignedIn(baseURL, { session, cookies }, paths) {
  const browser = await puppeteer.launch({ executablePath: CHROMIUM, args: ARGS, headless: true });
  const results = new Map();
  try {
    const page = await browser.newPage();
    await page.goto(`${baseURL}/favicon.svg`);
    await browser.setCookie(
      ...cookies.map(({ name, value, domain, path, httpOnly, secure, sameSite }) => ({
        name,
        value,
        domain,
        path,
        httpOnly,
        secure,
        sameSite,
      })),
    );
    await page.evaluate((stored) => {
      for (const [key, value] of Object.entries(stored)) sessionStorage.setItem(key, value);
    }, session);
    const cdp = await page.createCDPSession();
    for (const path of paths) {
      console.log(`  ${path}:`);
      const scores = [];
      for (let i = 0; i < RUNS; i += 1) {
        await cdp.send('Network.clearBrowserCache');
        const result = await lighthouseRun(
          `${baseURL}${path}`,
          { onlyCategories: ['performance', 'accessibility'], disableStorageReset: true, logLevel: 'error' },
          undefined,
          page,
        );
        if (!result) throw new Error(`Lighthouse gave no result for ${path}`);
        if (new URL(result.lhr.finalDisplayedUrl).pathname !== path)
          throw new Error(`Lighthouse ended on ${result.lhr.finalDisplayedUrl}, not on ${path} signed in`);
        const score = scoreOf(result.lhr);
        printScore(i, score);
        if (process.env.BENCH_DETAILS) printDetails(result.lhr);
        scores.push(score);
      }
      results.set(path, medians(scores));
    }
  } finally {
    await browser.close();
  }
  return results;
}
