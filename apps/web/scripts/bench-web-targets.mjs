// bench:web's targets and reference figures: issue 13's measurements of /signin, issue 35's targets
// for the signed-in screens and the table that prints them beside the peer's dashboard, and the
// smoke's check that the peer's local copy is served.
import { PEER_DASHBOARD_PATH, PEER_NAME, servePeer } from './bench-web-peer.mjs';

/**
 * Issue 13's measurements on this kind of machine (Lighthouse 12.8.2 mobile, median of 3, two
 * rounds, same Chromium): TailAdmin React, the admin template many dashboards start from, and Vigil
 * before the pre-rendered sign-in page. No dashboard figures were taken for either.
 */
export const REFERENCE = {
  'TailAdmin React /signin': {
    performance: '73, 77',
    lcp: '4.03 s, 3.97 s',
    tbt: '215 ms, 148 ms',
    jsSent: 528_587,
    jsDecoded: 1_943_542,
    sentAs: 'gzip',
  },
  'Vigil before /signin': {
    performance: '89, 85',
    lcp: '2.26 s, 2.29 s',
    tbt: '298 ms, 433 ms',
    jsSent: 172_512,
    jsDecoded: 632_185,
    sentAs: 'brotli',
  },
};

/**
 * Issue 35's targets for signed-in screens (Lighthouse mobile, median): the dashboard in full, and
 * five screens chosen for weight at a performance of 85 or more.
 */
export const SIGNED_IN_TARGETS = [
  { path: '/dashboard', name: 'dashboard', performance: 90, tbtMs: 200, lcpMs: 2500, cls: 0.05 },
  { path: '/credentials', name: 'credentials list', performance: 85 },
  { path: '/cvemonitor', name: 'CVE monitor', performance: 85 },
  { path: '/scripts', name: 'Script Manager', performance: 85 },
  { path: '/technicalrisk', name: 'technical risk', performance: 85 },
  { path: '/search', name: 'search', performance: 85 },
];

/** The signed-in screens' medians against their targets, and the peer's dashboard measured in the same run. */
export function printSignedInTargets(targets, screens, peer) {
  const figures = (m) =>
    `performance ${String(m.performance).padStart(3)}, FCP ${(m.fcp / 1000).toFixed(2)} s, LCP ${(m.lcp / 1000).toFixed(2)} s, TBT ${String(m.tbtMs).padStart(5)} ms, CLS ${m.cls.toFixed(3)}`;
  console.log("\nsigned-in screens against issue 35's targets (Lighthouse mobile, median):");
  for (const target of targets) {
    const m = screens.get(target.path);
    const missed = [];
    if (m.performance < target.performance) missed.push(`performance < ${target.performance}`);
    if (target.tbtMs !== undefined && m.tbtMs > target.tbtMs) missed.push(`TBT > ${target.tbtMs} ms`);
    if (target.lcpMs !== undefined && m.lcp > target.lcpMs) missed.push(`LCP > ${target.lcpMs / 1000} s`);
    if (target.cls !== undefined && m.cls >= target.cls) missed.push(`CLS ≥ ${target.cls}`);
    console.log(
      `  ${`${target.name} ${target.path}`.padEnd(30)} ${figures(m)} → ${missed.length === 0 ? 'target met' : `MISSED (${missed.join(', ')})`}`,
    );
  }
  if (peer) console.log(`  ${`${PEER_NAME} dashboard (peer)`.padEnd(30)} ${figures(peer)}`);
}

/** The smoke's check of the peer's local copy: its dashboard and the script it names are served. */
export async function peerServes() {
  const peerServer = await servePeer();
  try {
    const page = await fetch(`${peerServer.url}${PEER_DASHBOARD_PATH}`);
    const script = /<script[^>]+src="([^"]+)"/.exec(await page.text())?.[1];
    const code = script ? await fetch(new URL(script, peerServer.url)) : undefined;
    await code?.arrayBuffer();
    console.log(`${PEER_NAME}'s dashboard served locally: page ${page.status}, script ${code?.status ?? 'none'}`);
    return page.ok && code?.ok ? [] : [`the peer's local copy (${PEER_NAME}) is not served`];
  } finally {
    await peerServer.stop();
  }
}

/** BENCH_SCREENS=/dashboard,/scripts: Lighthouse on those signed-in screens only (no /signin, /analytics or peer). */
