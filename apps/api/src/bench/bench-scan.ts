// `npm run bench:scan`: the client-side script scanner's throughput, in pages per minute, and its
// peak memory, scanning the local test store's pages (checkout variants walked to paying, the demo
// store's pages) in real Chromium on 127.0.0.1: once at SCAN_CONCURRENCY (the deployment's
// default), once at twice that. Memory is sampled every 100 ms: the browser and all its child
// processes (/proc; PSS, so pages they share count once; their summed RSS shown too) plus this
// Node process's RSS.
//   BENCH_SCAN_PAGES=40        pages per run
// bench.smoke.test.ts runs it with a few pages inside `npm test`.
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { loadConfig } from '../config/env.js';
import { checkoutSteps, demoStore } from '../demo/demo-store.js';
import { startTestStore, TEST_STORE_DOMAIN, testStoreUrl, testStoreVariants } from '../dev/test-store/test-store.js';
import { browserProcesses } from '../modules/scripts/scanner/browser-processes.js';
import type { ScanRequest } from '../modules/scripts/scanner/scan.types.js';
import { ChromiumScanner } from '../modules/scripts/scanner/scanner.js';

const MiB = 1024 * 1024;

function requests(count: number): ScanRequest[] {
  const pool: ScanRequest[] = [
    ...testStoreVariants.map((v) => ({
      url: testStoreUrl(v),
      steps: checkoutSteps,
      firstPartyDomains: [TEST_STORE_DOMAIN],
    })),
    ...demoStore.pages.map((p) => ({ url: p.url, steps: p.steps, firstPartyDomains: demoStore.domains })),
  ];
  return Array.from({ length: count }, (_, i) => pool[i % pool.length] as ScanRequest);
}

/** Prints both runs' figures; returns how many scans failed. Stops what it started, also on failure. */
export async function benchScan(pageCount: number): Promise<{ failed: number; perMinute: number[] }> {
  const store = await startTestStore();
  try {
    return await measureBoth(pageCount, store.hostMap);
  } finally {
    await store.close();
  }
}

async function measureBoth(
  pageCount: number,
  hostMap: Awaited<ReturnType<typeof startTestStore>>['hostMap'],
): Promise<{ failed: number; perMinute: number[] }> {
  const base = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: '/nonexistent/vigil-bench',
    WEB_DIST: '/nonexistent/web',
  }).scan;
  console.log(
    `\nvigil bench:scan: ${pageCount} pages per run, real Chromium (${base.chromiumPath}) against the local test store (127.0.0.1)\n`,
  );

  const measure = async (concurrency: number) => {
    const scanner = new ChromiumScanner({ ...base, concurrency, hostMap, mappedOnly: true });
    const proxy = await scanner.proxyNow();
    let peak = { browser: 0, browserRss: 0, node: 0, total: 0, processes: 0 };
    const sample = () => {
      const children = browserProcesses(proxy.url);
      const browser = children.reduce((sum, p) => sum + p.pss, 0);
      const browserRss = children.reduce((sum, p) => sum + p.rss, 0);
      const node = process.memoryUsage().rss;
      if (browser + node > peak.total)
        peak = { browser, browserRss, node, total: browser + node, processes: children.length };
    };
    const sampler = setInterval(sample, 100);
    try {
      // The first scan launches the browser: counted apart.
      const launchStarted = performance.now();
      await scanner.scan(requests(1)[0] as ScanRequest);
      const launchSeconds = (performance.now() - launchStarted) / 1000;
      const started = performance.now();
      let failed = 0;
      let firstFailure = '';
      let scripts = 0;
      await Promise.all(
        requests(pageCount).map((r) =>
          scanner.scan(r).then(
            (result) => {
              scripts += result.scripts.length;
            },
            (error: unknown) => {
              failed += 1;
              firstFailure ||= error instanceof Error ? error.message : String(error);
            },
          ),
        ),
      );
      const seconds = (performance.now() - started) / 1000;
      sample();
      const perMinute = Math.round((pageCount / seconds) * 60);
      console.log(
        `  ${String(concurrency).padStart(2)} at once  ${pageCount} pages  ${scripts} scripts  ${failed} failed  ${seconds.toFixed(1)} s  ` +
          `${perMinute} pages/min  (first scan with launch ${launchSeconds.toFixed(1)} s)`,
      );
      if (firstFailure) console.log(`             first failure: ${firstFailure}`);
      console.log(
        `             peak memory ${Math.round(peak.total / MiB)} MiB = Chromium ${Math.round(peak.browser / MiB)} MiB PSS ` +
          `(${peak.processes} processes; RSS summed ${Math.round(peak.browserRss / MiB)} MiB) + Node ${Math.round(peak.node / MiB)} MiB RSS`,
      );
      return { perMinute, peakMiB: Math.round(peak.total / MiB), failed };
    } finally {
      clearInterval(sampler);
      await scanner.close();
    }
  };

  const atDefault = await measure(base.concurrency);
  const doubled = await measure(base.concurrency * 2);
  console.log(
    `\n  pages per minute: ${atDefault.perMinute} at SCAN_CONCURRENCY=${base.concurrency}, ${doubled.perMinute} at ${base.concurrency * 2}; ` +
      `peak memory ${atDefault.peakMiB} / ${doubled.peakMiB} MiB\n`,
  );
  return { failed: atDefault.failed + doubled.failed, perMinute: [atDefault.perMinute, doubled.perMinute] };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  benchScan(Number(process.env.BENCH_SCAN_PAGES ?? '40')).then(
    ({ failed }) => {
      if (failed > 0) process.exitCode = 1;
    },
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
