// A throwaway PostgreSQL cluster for the benchmark: initdb/pg_ctl in a temp dir, 127.0.0.1 and a
// free port only, as user postgres when run as root (initdb refuses root), removed on stop.
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';

function findBinary(name: string): string | undefined {
  const dirs = (process.env.PATH ?? '').split(delimiter).concat('/usr/lib/postgresql/15/bin');
  return dirs.map((dir) => join(dir, name)).find((candidate) => existsSync(candidate));
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

export interface Cluster {
  url: string;
  version: string;
  /** CPU seconds used so far by the server's processes (postmaster and its children), from /proc. */
  cpuSeconds(): number;
  stop(): void;
}

const ticks = 100;

function cpuOfTree(root: number): number {
  let total = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const ppid = Number(fields[1]);
      if (Number(entry) === root || ppid === root) total += Number(fields[11]) + Number(fields[12]);
    } catch {
      // The process ended while we read.
    }
  }
  return total / ticks;
}

export async function startCluster(): Promise<Cluster> {
  const initdb = findBinary('initdb');
  const pgCtl = findBinary('pg_ctl');
  if (!initdb || !pgCtl) throw new Error('initdb/pg_ctl not found: install PostgreSQL or set BENCH_DATABASE_URL');
  const root = process.getuid?.() === 0;
  const dir = mkdtempSync(join(tmpdir(), 'vigil-bench-pg-'));
  if (root) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    chownSync(dir, uid, gid);
  }
  const run = (binary: string, args: string[]) =>
    root
      ? execFileSync('runuser', ['-u', 'postgres', '--', binary, ...args], { stdio: 'pipe' })
      : execFileSync(binary, args, { stdio: 'pipe' });
  const data = join(dir, 'data');
  run(initdb, ['-D', data, '-U', 'vigil', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8']);
  const port = await freePort();
  // Default durability settings except fsync (a benchmark cluster in a temp dir), and work_mem for sorts.
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c shared_buffers=512MB -c work_mem=32MB -c max_wal_size=4GB`;
  run(pgCtl, ['-D', data, '-o', options, '-l', join(dir, 'log.txt'), '-w', 'start']);
  const version = execFileSync(pgCtl, ['--version']).toString().trim();
  return {
    url: `postgres://vigil@127.0.0.1:${port}/postgres`,
    version,
    cpuSeconds() {
      const pid = Number(readFileSync(join(data, 'postmaster.pid'), 'utf8').split('\n')[0]);
      return cpuOfTree(pid);
    },
    stop() {
      try {
        run(pgCtl, ['-D', data, '-m', 'fast', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
