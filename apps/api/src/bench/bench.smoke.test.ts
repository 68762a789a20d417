// Every benchmark of the server's source in its smoke mode (the product guide: "every benchmark also
// runs in a seconds-long smoke mode inside `npm test`, so none can break unnoticed"): bench:data,
// bench:probes and bench:scan at a tiny scale, asserting that each completed and printed its
// figures, not that the figures meet their targets (that is the full run's job, on a quiet machine).
// The benches that run the built server (bench:api, its uploads part, bench:web) are smoked after the
// builds by scripts/bench-smoke.mjs. Once, in the PGlite project: a bench brings its own database.
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, inject, it, vi } from 'vitest';
import { runBenchData } from './bench-data-run.js';
import { benchProbes } from './bench-probes.js';
import { benchScan } from './bench-scan.js';

/** What the bench printed through console.log, while still letting it run. */
function capture(): () => string {
  const lines: string[] = [];
  const spy = vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => {
    lines.push(args.map(String).join(' '));
  });
  return () => {
    spy.mockRestore();
    return lines.join('\n');
  };
}

/** The suite's migrated PGlite template: the bench skips its migrations (seconds on a busy machine). */
function template(): Blob {
  return new Blob([readFileSync(inject('pgliteTemplate'))], { type: 'application/x-tar' });
}

/** Seconds on a quiet machine; the limits leave room for a busy CI runner (2 cores, two suites at once). */
const LIMIT_MS = 240_000;

afterEach(() => {
  vi.restoreAllMocks();
});

describe.runIf(inject('databaseKind') === 'pglite')('benchmark smokes', () => {
  it(
    'bench:data loads every kind of input and prints the p95 of every list, the catalogue and the search',
    async () => {
      const printed = capture();
      // 500 credentials, 125 CVEs, 50 assets; two timed requests per query.
      const figures = await runBenchData({ scale: 0.0005, database: 'pglite', pgliteDump: template(), runs: 1 });
      const out = printed();
      expect(out).toMatch(/combolist import: 500 lines in [\d.]+ s/);
      expect(out).toMatch(/CVE catalogue: 125 CVEs \(NVD\) \+ KEV \+ EPSS in [\d.]+ s/);
      expect(out).toMatch(/attack surface: 50 host-list lines/);
      expect(out).toMatch(/stored: 510 credential rows, 125 CVEs; findings /);
      for (const section of [
        /credentials, first page +[\d.]+ ms/,
        /dashboard KPIs \+ 30-day trend +[\d.]+ ms/,
        /rating now \(8 factors\) +[\d.]+ ms/,
        /catalogue, by CVSS, page 100 +[\d.]+ ms/,
        /catalogue, one CVE +[\d.]+ ms/,
        /this month \(counts, trend, top risks, fixes\) +[\d.]+ ms/,
        /all queries +[\d.]+ \/ +[\d.]+ ms/,
        /worst p95: [\d.]+ ms .* catalogue p95 [\d.]+ ms/,
      ])
        expect(out).toMatch(section);
      for (const value of [figures.catalogueP95, figures.worstP95, figures.searchP95, figures.combolistPerSecond])
        expect(value).toBeGreaterThan(0);
    },
    LIMIT_MS,
  );

  it(
    'bench:data BENCH_ONLY=catalogue loads the CVEs alone and times the catalogue alone',
    async () => {
      const printed = capture();
      const figures = await runBenchData({
        scale: 0.0002,
        database: 'pglite',
        pgliteDump: template(),
        only: 'catalogue',
        runs: 1,
      });
      const out = printed();
      expect(out).toMatch(/CVE catalogue: 50 CVEs/);
      expect(out).toMatch(/stored: 0 credential rows, 50 CVEs/);
      expect(out).toMatch(/catalogue p95 [\d.]+ ms \(target < 150 ms\)/);
      expect(out).not.toMatch(/combolist import|credentials, first page|worst p95/);
      expect(figures.catalogueP95).toBeGreaterThan(0);
      expect(figures.worstP95).toBeUndefined();
    },
    LIMIT_MS,
  );

  it(
    'bench:probes probes its hosts at the default limits and raised, against the local targets',
    async () => {
      const printed = capture();
      const figures = await benchProbes(8);
      const out = printed();
      expect(out).toMatch(/default limits \(.*\) +8 hosts +\d+ checks/);
      expect(out).toMatch(/raised limits \(2,000 conn\/s, 128 at once\) +8 hosts/);
      expect(out).toMatch(/probe throughput: [\d,]+ hosts\/min at the default limits, [\d,]+ hosts\/min raised/);
      expect(figures.byDefault).toBeGreaterThan(0);
      expect(figures.raised).toBeGreaterThan(0);
    },
    LIMIT_MS,
  );

  it(
    'bench:scan scans test-store pages in Chromium at both concurrencies and prints pages per minute and memory',
    async () => {
      const printed = capture();
      const figures = await benchScan(2);
      const out = printed();
      // A scan may time out on a busy machine (a figure, printed with its reason); the scanner must work.
      expect(out).toMatch(/2 pages +[1-9]\d* scripts +[01] failed/);
      expect(out).toMatch(/peak memory \d+ MiB = Chromium \d+ MiB PSS/);
      expect(out).toMatch(/pages per minute: \d+ at SCAN_CONCURRENCY=\d+, \d+ at \d+; peak memory \d+ \/ \d+ MiB/);
      expect(figures.failed, out).toBeLessThan(4);
    },
    LIMIT_MS,
  );
});
