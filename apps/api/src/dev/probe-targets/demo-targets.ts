// The demo targets of a development start: the probe targets (probe-targets.ts) for each demo
// company's domain and public hosts, every other name under the domain resolving but with nothing
// listening (the demo imports name more hosts than there are sites), and the rest of .example (the
// suppliers) served by one outdated site. All of it on 127.0.0.1.
import type { AppConfig } from '../../config/env.js';
import { demoCompanies } from '../../features/demo/demo.seed.js';
import { profiles } from '../../features/monitoring-demo/monitoring-demo.loader.js';
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

/**
 * Starts the demo targets and points the probes at them unless PROBE_RESOLVER names a resolver of
 * its own: every run of this server (the demo's, and one started from the screens) then asks the
 * demo DNS server and contacts 127.0.0.1 only (connect_to sends each host to its site's ports).
 */
export async function withDemoTargets(config: AppConfig): Promise<{ config: AppConfig; targets: ProbeTargets }> {
  const targets = await startDemoTargets();
  if (config.probes.resolver) return { config, targets };
  const options = targets.jobOptions();
  const probes = {
    ...config.probes,
    resolver: options.resolver,
    httpsPorts: options.https_ports,
    httpPorts: options.http_ports,
    ports: options.ports,
    privateTargets: true,
    loopbackOnly: true,
    ca: options.ca,
    connectTo: options.connect_to,
  };
  return { config: { ...config, probes }, targets };
}
