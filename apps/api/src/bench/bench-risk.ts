// The technical risk rating at bench:data's scale (issue 16: p95 under 100 ms at a million findings
// on PostgreSQL): the rating, the top fixes and the trend through the HTTP layer, beside what the
// same figures would cost counted from the findings themselves (why risk_counts exists, ADR 0020).
// bench-data.ts calls it once its data is loaded and its list endpoints are timed:
//   worst = Math.max(worst, await benchRisk(app, token, companyId));
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import type { VigilApp } from '../app.js';
import { snapshotAll } from '../platform/risk/risk.snapshots.js';

function p95(times: number[]): number {
  const sorted = [...times].sort((x, y) => x - y);
  return sorted[Math.max(0, Math.ceil(sorted.length * 0.95) - 1)] ?? 0;
}

async function timesOf(runs: number, run: () => Promise<void>): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < runs + 5; i += 1) {
    const started = performance.now();
    await run();
    if (i >= 5) times.push(performance.now() - started);
  }
  return times;
}

/** Prints the rating's figures; returns its worst p95 (ms). */
export async function benchRisk(app: VigilApp, token: string, companyId: number, runs = 50): Promise<number> {
  const { db } = app.ctx;
  const findings = await sql<{ n: number }>`
    select count(*)::int as n from findings where company_id = ${companyId}`.execute(db);
  const started = performance.now();
  await snapshotAll(app.ctx, new Date());
  const snapshotMs = performance.now() - started;
  console.log(
    `\ntechnical risk rating over ${(findings.rows[0]?.n ?? 0).toLocaleString('en')} findings (p95 over ${runs} requests each):`,
  );
  let worst = 0;
  for (const [name, url] of [
    ['rating now (8 factors)', '/api/risk/rating'],
    ['top fixes (10, each with its finding)', '/api/risk/fixes'],
    ['trend (90 days of snapshots)', '/api/risk/trend'],
  ] as const) {
    const times = await timesOf(runs, async () => {
      const response = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
      if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
    });
    worst = Math.max(worst, p95(times));
    console.log(`  ${name.padEnd(50)} ${p95(times).toFixed(1).padStart(7)} ms`);
  }
  // The same grouping read from the findings instead of the counters (what the triggers save).
  const direct = await timesOf(5, async () => {
    await sql`select module, split_part(fingerprint, ':', 1), severity, status, count(*)
      from findings where company_id = ${companyId} and supplier_id is null group by 1, 2, 3, 4`.execute(db);
  });
  console.log(
    `  ${'(the same counts grouped from findings, p95 of 5)'.padEnd(50)} ${p95(direct).toFixed(1).padStart(7)} ms`,
  );
  console.log(`  ${'daily snapshot of every company and supplier'.padEnd(50)} ${snapshotMs.toFixed(1).padStart(7)} ms`);
  return worst;
}
