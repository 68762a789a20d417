// `npm run bench:data`: loads 1,000,000 leaked credentials, 250,000 CVEs (NVD pages, KEV, EPSS),
// nuclei findings, stealer logs and 100,000 attack-surface assets into PostgreSQL through the real
// importers, then prints import throughput and the p95 latency of each list, the dashboard, the risk
// rating, the CVE catalogue, the insights and the search through the HTTP layer (bench-data-run.ts).
//   BENCH_DATABASE_URL=postgres://…  use that database (it must be empty) instead of a throwaway cluster
//   BENCH_DB=pglite                  run on in-memory PGlite instead (reference figures)
//   BENCH_SCALE=0.1                  scale the row counts (default 1)
//   BENCH_ONLY=catalogue             load the CVEs alone and time the CVE catalogue alone
//   BENCH_TIMEOUT_S=1500             hard limit; everything started is stopped
import type { Cluster } from './bench-cluster.js';
import { runBenchData } from './bench-data-run.js';

const scale = Number(process.env.BENCH_SCALE ?? '1');
const only = process.env.BENCH_ONLY;
const timeoutMs = Number(process.env.BENCH_TIMEOUT_S ?? '1500') * 1000;
let cluster: Cluster | undefined;

function stopCluster(): void {
  cluster?.stop();
  cluster = undefined;
}

if (!(scale > 0) || (only !== undefined && only !== 'catalogue')) {
  console.error('BENCH_SCALE must be a positive number and BENCH_ONLY, when set, "catalogue"');
  process.exit(2);
}
const deadline = setTimeout(() => {
  console.error(`bench:data stopped by its ${timeoutMs / 1000} s limit`);
  stopCluster();
  process.exit(2);
}, timeoutMs);
deadline.unref();
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    stopCluster();
    process.exit(130);
  });
}

const url = process.env.BENCH_DATABASE_URL;
runBenchData({
  scale,
  database: process.env.BENCH_DB === 'pglite' ? 'pglite' : url ? { url } : 'cluster',
  only: only === 'catalogue' ? 'catalogue' : undefined,
  onCluster: (started) => {
    cluster = started;
  },
}).then(
  () => {
    cluster = undefined; // stopped by runBenchData
    clearTimeout(deadline);
  },
  (error: unknown) => {
    console.error(error);
    stopCluster();
    process.exit(1);
  },
);
