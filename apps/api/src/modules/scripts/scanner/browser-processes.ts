// The scanner's Chromium processes, found in /proc: the process whose command line names the
// scanner's proxy (unique per scanner) and all its descendants (renderers, utilities). The
// benchmark sums their memory; a test kills the browser to see the scanner launch another. Linux
// only; elsewhere the list is empty.
import { readdirSync, readFileSync } from 'node:fs';

export interface BrowserProcess {
  pid: number;
  /** Resident memory, bytes. */
  rss: number;
  /** Proportional set size, bytes: shared pages divided among their processes (sums without double counting). */
  pss: number;
  /** The process started with the proxy flag (the browser itself). */
  main: boolean;
}

interface ProcessInfo {
  pid: number;
  ppid: number;
  rss: number;
  pss: number;
  command: string[];
}

function pssOf(pid: string, rss: number): number {
  try {
    const rollup = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
    return Number(/^Pss:\s+(\d+) kB/m.exec(rollup)?.[1] ?? 0) * 1024;
  } catch {
    return rss;
  }
}

function processes(): ProcessInfo[] {
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return [];
  }
  const found: ProcessInfo[] = [];
  for (const pid of pids) {
    try {
      const status = readFileSync(`/proc/${pid}/status`, 'utf8');
      const rss = Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
      found.push({
        pid: Number(pid),
        ppid: Number(/PPid:\s+(\d+)/.exec(status)?.[1] ?? 0),
        rss,
        pss: 0,
        command: readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0'),
      });
    } catch {
      // The process ended while we looked.
    }
  }
  return found;
}

export function browserProcesses(proxyUrl: string): BrowserProcess[] {
  const all = processes();
  const mains = new Set(all.filter((p) => p.command.includes(`--proxy-server=${proxyUrl}`)).map((p) => p.pid));
  const ours = new Set(mains);
  for (let grown = true; grown; ) {
    grown = false;
    for (const p of all) {
      if (!ours.has(p.pid) && ours.has(p.ppid)) {
        ours.add(p.pid);
        grown = true;
      }
    }
  }
  return all
    .filter((p) => ours.has(p.pid))
    .map((p) => ({ pid: p.pid, rss: p.rss, pss: pssOf(String(p.pid), p.rss), main: mains.has(p.pid) }));
}
