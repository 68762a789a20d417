#!/usr/bin/env node
// `npm run bench:web`: what the first visit of /signin and of /dashboard (signed in) costs in JS and
// CSS bytes over the network (gzip), the budgets of issue 5, and Lighthouse (mobile preset) on
// /signin in Debian's Chromium, median of three. Runs against the REAL server (e2e/support/serve.mjs:
// built dist, temporary PGlite, 127.0.0.1 only) and stops it at the end, also on failure.
//
// How bytes are measured: every script and stylesheet response of a cold-cache visit is recorded
// from the network. The budget's unit is gzip: each body that arrived is gzipped here (zlib level 9,
// like the build's .gz files). The encoded size on the wire is printed beside it (the server may
// send brotli, which is smaller, or nothing compressed at all).
// Exit code 1 when a budget is broken: /signin over 200 KB (200,000 bytes) of JS, or any Highcharts
// code loaded on /signin. Lighthouse targets (performance ≥ 95, accessibility 100) are reported.
import { execFile, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
const JS_BUDGET = 200_000; // 200 KB, kB = 1000 bytes (shared/design/stack-notes.md)
const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const demo = { email: 'analyst@acme-retail.example', password: 'Vigil-demo-2026!' };
const serveScript = fileURLToPath(new URL('../e2e/support/serve.mjs', import.meta.url));
const lighthouseCli = fileURLToPath(import.meta.resolve('lighthouse/cli/index.js'));

function startServer() {
  const child = spawn(process.execPath, [serveScript], { stdio: ['pipe', 'pipe', 'inherit'] });
  const url = new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error('server did not start within 90 s')), 90_000);
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const line = out.split('\n').find((l) => l.startsWith('{"url"'));
      if (line) {
        clearTimeout(timer);
        resolve(JSON.parse(line).url);
      }
    });
    child.once('exit', (code) => reject(new Error(`server exited (${code}) before listening`)));
  });
  const stop = () =>
    new Promise((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      const killer = setTimeout(() => child.kill('SIGKILL'), 8000);
      child.once('exit', () => {
        clearTimeout(killer);
        resolve();
      });
      child.kill('SIGTERM');
    });
  return { url, stop };
}

/** Records every script and stylesheet of one visit: url, type, bytes as sent, gzip bytes, how measured. */
function recordAssets(page) {
  const assets = [];
  page.on('response', async (response) => {
    const type = response.request().resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    try {
      const body = await response.body();
      const encoding = (await response.headerValue('content-encoding')) ?? '';
      const sizes = await response.request().sizes();
      const compressed = /gzip|br/.test(encoding);
      assets.push({
        url: new URL(response.url()).pathname,
        type: type === 'script' ? 'js' : 'css',
        // gzip (level 9, as the build's .gz files) of what arrived: the budget's unit, whatever the
        // server chose to send; `sent` is the encoded size on the wire (br or gzip) when compressed.
        bytes: gzipSync(body, { level: 9 }).length,
        sent: compressed ? sizes.responseBodySize : body.length,
        how: compressed ? `sent ${encoding}` : 'sent raw',
        highcharts: /highcharts/i.test(response.url()) || body.includes('www.highcharts.com'),
      });
    } catch {
      // a response without a body (redirect, aborted) carries no bytes
    }
  });
  return assets;
}

async function visit(browser, baseURL, path, prepare) {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
  await context.route(/^(?!http:\/\/127\.0\.0\.1[:/]|data:|blob:|about:)/, (route) => route.abort());
  if (prepare) await prepare(context);
  const page = await context.newPage();
  const assets = recordAssets(page);
  await page.goto(path, { waitUntil: 'networkidle' });
  await page.waitForTimeout(500);
  const finalPath = new URL(page.url()).pathname;
  await context.close();
  return { assets, finalPath };
}

/** Signs the demo user in (code from the dev outbox) and answers its session storage. */
async function signedInSession(browser, baseURL) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  const request = context.request;
  const last = async () => (await (await request.get('/api/dev/outbox', { params: { to: demo.email } })).json()).data;
  const before = (await last())[0]?.id ?? 0;
  await page.goto('/signin');
  await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill(demo.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(demo.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL(/two-step-verification/);
  let code = null;
  for (let i = 0; i < 50 && !code; i += 1) {
    const mail = (await last()).find((m) => m.id > before);
    code = mail ? /\b(\d{6})\b/.exec(`${mail.subject}\n${mail.text}`)?.[1] : null;
    if (!code) await page.waitForTimeout(200);
  }
  if (!code) throw new Error('no two-factor code in the outbox');
  await page.getByRole('textbox', { name: 'Digit 1 of 6' }).click();
  await page.keyboard.insertText(code);
  await page.waitForURL((url) => url.pathname === '/' || url.pathname === '/dashboard');
  const session = await page.evaluate(() => ({ ...sessionStorage }));
  const cookies = await context.cookies();
  await context.close();
  return { session, cookies };
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;
const sum = (assets, type) => assets.filter((a) => a.type === type).reduce((n, a) => n + a.bytes, 0);
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

function printVisit(name, assets) {
  console.log(
    `\n${name}: JS ${sum(assets, 'js')} B (${kb(sum(assets, 'js'))}), CSS ${sum(assets, 'css')} B (${kb(sum(assets, 'css'))}) gzip`,
  );
  for (const a of [...assets].sort((x, y) => y.bytes - x.bytes)) {
    console.log(
      `  ${a.type.padEnd(3)} gzip ${String(a.bytes).padStart(8)} B  (${a.how} ${String(a.sent).padStart(8)} B)  ${a.url}`,
    );
  }
}

async function lighthouse(url) {
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
    const report = JSON.parse(stdout);
    const score = {
      performance: Math.round(report.categories.performance.score * 100),
      accessibility: Math.round(report.categories.accessibility.score * 100),
      fcp: report.audits['first-contentful-paint'].displayValue,
      lcp: report.audits['largest-contentful-paint'].displayValue,
      tbt: report.audits['total-blocking-time'].displayValue,
    };
    console.log(
      `  run ${i + 1}: performance ${score.performance}, accessibility ${score.accessibility} (FCP ${score.fcp}, LCP ${score.lcp}, TBT ${score.tbt})`,
    );
    scores.push(score);
  }
  return {
    performance: median(scores.map((s) => s.performance)),
    accessibility: median(scores.map((s) => s.accessibility)),
  };
}

const server = startServer();
const stopAll = async () => {
  await server.stop();
};
process.once('SIGINT', () => void stopAll().then(() => process.exit(130)));
let failures = [];
try {
  const baseURL = await server.url;
  console.log(`bench:web against the real server at ${baseURL} (Chromium ${CHROMIUM})`);
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS, headless: true });
  try {
    const signin = await visit(browser, baseURL, '/signin');
    printVisit('/signin (first visit, cold cache)', signin.assets);
    const { session, cookies } = await signedInSession(browser, baseURL);
    const dashboard = await visit(browser, baseURL, '/dashboard', async (context) => {
      await context.addCookies(cookies);
      await context.addInitScript((stored) => {
        if (sessionStorage.getItem('token')) return;
        for (const [key, value] of Object.entries(stored)) sessionStorage.setItem(key, value);
      }, session);
    });
    if (dashboard.finalPath !== '/dashboard')
      failures.push(`/dashboard ended on ${dashboard.finalPath}, not signed in`);
    printVisit('/dashboard (first visit signed in, cold cache)', dashboard.assets);

    const signinJs = sum(signin.assets, 'js');
    const highcharts = signin.assets.filter((a) => a.highcharts).map((a) => a.url);
    console.log(`\nbudget /signin JS gzip ≤ ${JS_BUDGET} B: ${signinJs} B → ${signinJs <= JS_BUDGET ? 'ok' : 'OVER'}`);
    console.log(
      `budget Highcharts never on /signin: ${highcharts.length === 0 ? 'ok (not loaded)' : `LOADED: ${highcharts.join(', ')}`}`,
    );
    if (signinJs > JS_BUDGET) failures.push(`/signin loads ${signinJs} B of JS gzip (budget ${JS_BUDGET})`);
    if (highcharts.length > 0) failures.push(`/signin loads Highcharts (${highcharts.join(', ')})`);
  } finally {
    await browser.close();
  }

  console.log(`\nLighthouse ${RUNS}× on /signin (mobile preset, Debian Chromium):`);
  const scores = await lighthouse(`${baseURL}/signin`);
  console.log(
    `median: performance ${scores.performance} (target ≥ 95), accessibility ${scores.accessibility} (target 100)`,
  );
} catch (error) {
  failures = [...failures, error instanceof Error ? error.message : String(error)];
} finally {
  await stopAll();
}
if (failures.length > 0) {
  console.error(`\nbench:web FAILED:\n- ${failures.join('\n- ')}`);
  process.exitCode = 1;
} else {
  console.log('\nbench:web: budgets hold');
}
