// The cross-module search at bench:data's scale (issue 19: p95 under 150 ms at a million rows on
// PostgreSQL): GET /api/search through the HTTP layer over rare words, common words (in every row
// of a million), a partial e-mail and a host, every group at once as the /search screen asks.
// bench-data.ts calls it once its data is loaded:
//   worst = Math.max(worst, await benchSearch(app, token, domain));
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import type { VigilApp } from '../app.js';

function percentile(times: number[], p: number): number {
  const sorted = [...times].sort((x, y) => x - y);
  return sorted[Math.max(0, Math.ceil(sorted.length * p) - 1)] ?? 0;
}

interface Query {
  what: string;
  q: string;
}

function queriesOf(domain: string): Query[] {
  const [name] = domain.split('.');
  return [
    { what: 'rare: an e-mail', q: `user123457@${domain}` },
    { what: 'rare: an e-mail start', q: 'user98765' },
    { what: 'rare: a CVE id', q: 'CVE-2003-100003' },
    { what: 'rare: two words', q: 'vulnerability 4242' },
    { what: 'common: the domain (every row)', q: name ?? domain },
    { what: 'common: a word of 250,000 CVEs', q: 'benchmark' },
    { what: 'common: a vendor', q: 'vendor3' },
    { what: 'common: a prefix of a million words', q: 'user' },
    { what: 'partial e-mail (inside)', q: `ser4242@${name}` },
    { what: 'partial e-mail (two characters)', q: 'r9' },
    { what: 'host', q: `h4242.${domain}` },
    { what: 'partial host', q: `4242.${name}` },
    { what: 'nothing found', q: 'zzqx-nowhere' },
  ];
}

/** Prints the search's figures (p50/p95 per query and over all); returns the overall p95 (ms). */
export async function benchSearch(app: VigilApp, token: string, domain: string, runs = 30): Promise<number> {
  const rows = await sql<{ findings: number; leaks: number; cves: number; assets: number }>`
    select (select count(*) from findings)::int as findings, (select count(*) from credential_findings)::int as leaks,
           (select count(*) from cves)::int as cves, (select count(*) from assets)::int as assets`.execute(app.ctx.db);
  const n = rows.rows[0];
  console.log(
    `\nsearch (GET /api/search, every group, 10 hits each) over ${n?.findings.toLocaleString('en')} findings, ${n?.leaks.toLocaleString('en')} leaks, ${n?.cves.toLocaleString('en')} CVEs, ${n?.assets.toLocaleString('en')} assets; p50 / p95 over ${runs} requests each:`,
  );
  const all: number[] = [];
  for (const { what, q } of queriesOf(domain)) {
    const url = `/api/search?q=${encodeURIComponent(q)}&limit=10`;
    const times: number[] = [];
    let groups = '';
    for (let i = 0; i < runs + 3; i += 1) {
      const started = performance.now();
      const response = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
      const ms = performance.now() - started;
      if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
      if (i >= 3) times.push(ms);
      const body = JSON.parse(response.body) as { groups: { kind: string; hits: unknown[]; more: boolean }[] };
      groups = body.groups.map((g) => `${g.kind} ${g.hits.length}${g.more ? '+' : ''}`).join(', ') || 'none';
    }
    all.push(...times);
    console.log(
      `  ${`${what} "${q}"`.padEnd(62)} ${percentile(times, 0.5).toFixed(1).padStart(6)} / ${percentile(times, 0.95).toFixed(1).padStart(6)} ms  (${groups})`,
    );
  }
  const p95 = percentile(all, 0.95);
  console.log(
    `  ${'all queries'.padEnd(62)} ${percentile(all, 0.5).toFixed(1).padStart(6)} / ${p95.toFixed(1).padStart(6)} ms  (target p95 < 150 ms on PostgreSQL)`,
  );
  return p95;
}
