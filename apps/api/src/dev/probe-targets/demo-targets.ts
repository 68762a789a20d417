// The demo targets of a development start: the probe targets (probe-targets.ts) for each demo
// company's domain and public hosts, every other name under the domain resolving but with nothing
// listening (the demo imports name more hosts than there are sites), and the rest of .example (the
// suppliers) served by one outdated site. All of it on 127.0.0.1.
import type { AppConfig } from '../../config/env.js';
import type { Executor } from '../../db/database.js';
import { demoCompanies } from '../../demo/demo.seed.js';
import { profiles } from '../../demo/monitoring-demo.loader.js';
import { type ProbeTargets, startProbeTargets } from './probe-targets.js';

export function startDemoTargets(): Promise<ProbeTargets> {
  return startProbeTargets(
    demoCompanies.flatMap((company) =>
      company.domains.map((domain) => ({ domain, hosts: profiles[company.name]?.hosts ?? [], wildcard: true })),
    ),
    // Any other name under .example (the demo suppliers' hosts) reaches the first company's
    // outdated shop: the suppliers' runs have problems to find too.
    { aliases: { '*.example': `shop.${demoCompanies[0]?.domains[0] ?? 'example'}` } },
  );
}

const CHALLENGE = '_vigil-challenge.';

/**
 * Connections per second to the demo targets. PROBE_RATE (20 by default) is the deployment's courtesy
 * to hosts it does not own; the demo targets are this server's own sites on 127.0.0.1. At 20 a second
 * the demo's eight runs held a fresh start's demo data back by about 33 s (0.4–0.5 s a run at 1,000).
 */
export const DEMO_TARGETS_RATE = 1000;

/**
 * The demo's proof of control (ADR 0041): the demo DNS server answers `_vigil-challenge.<domain>`
 * for each demo company's scope domain with that company's token as the database holds it (made by
 * the demo setup), so the demo's scope is verified by the real check, as a customer's would be.
 */
export function publishDemoProofs(targets: ProbeTargets, db: Executor): void {
  targets.dns.lookup = async (name) => {
    if (!name.startsWith(CHALLENGE)) return undefined;
    const rows = await db
      .selectFrom('scope_tokens as t')
      .innerJoin('asset_scopes as s', 's.company_id', 't.company_id')
      .innerJoin('companies as c', 'c.id', 't.company_id')
      .select('t.token')
      .distinct()
      .where('s.kind', '=', 'domain')
      .where('s.value', '=', name.slice(CHALLENGE.length))
      .where(
        'c.name',
        'in',
        demoCompanies.map((company) => company.name),
      )
      .execute();
    return rows.length === 0
      ? undefined
      : rows.map((r) => ({ type: 'TXT' as const, data: `vigil-verification=${r.token}` }));
  };
}

/**
 * The probes' settings pointed at the demo targets, unless PROBE_RESOLVER names a resolver of its own:
 * every run of this server (the demo's, and one started from the screens) then asks the demo DNS
 * server and contacts 127.0.0.1 only (connect_to sends each host to its site's ports), at
 * {@link DEMO_TARGETS_RATE} connections a second.
 */
export function probingDemoTargets(config: AppConfig, targets: ProbeTargets): AppConfig {
  if (config.probes.resolver) return config;
  const options = targets.jobOptions();
  const probes = {
    ...config.probes,
    resolver: options.resolver,
    httpsPorts: options.https_ports,
    httpPorts: options.http_ports,
    ports: options.ports,
    privateTargets: true,
    loopbackOnly: true,
    ratePerSecond: Math.max(config.probes.ratePerSecond, DEMO_TARGETS_RATE),
    ca: options.ca,
    connectTo: options.connect_to,
  };
  return { ...config, probes };
}

/**
 * Starts the demo targets and points the probes at them ({@link probingDemoTargets}). Their DNS
 * server publishes the demo companies' proof of control, read from `db`.
 */
export async function withDemoTargets(
  config: AppConfig,
  db: Executor,
): Promise<{ config: AppConfig; targets: ProbeTargets }> {
  const targets = await startDemoTargets();
  publishDemoProofs(targets, db);
  return { config: probingDemoTargets(config, targets), targets };
}
