// One target of a run through the probes that apply to it: DNS for names; then, when the name has
// an address the scope allows, HTTP(S), TLS and services. A target outside the scope, or whose
// address is refused, is not contacted at all (not even its DNS when the name is out of scope).

import { probeDns } from './dns.probe.js';
import { probeHttp } from './http.probe.js';
import type { Discovered, ProbeFinding, ProbeName, ProbeTarget } from './probe.types.js';
import type { ProbeNet } from './probe-net.js';
import { OutOfScope } from './probe-net.js';
import { probeServices } from './services.probe.js';
import { probeTls } from './tls.probe.js';

export interface TargetOutcome {
  target: ProbeTarget;
  /** Why it was not probed (outside the scope); undefined when it was. */
  skipped?: string;
  /** The name resolves (a host), or something answered (an IP address). */
  alive: boolean;
  observations: Partial<Record<ProbeName, Record<string, unknown>>>;
  findings: ProbeFinding[];
  discovered: Discovered[];
  /** Why the network probes did not run after DNS (the address is refused). */
  note?: string;
}

const isHost = (t: ProbeTarget) => t.type === 'domain' || t.type === 'subdomain' || t.type === 'email_domain';

export async function probeTarget(net: ProbeNet, target: ProbeTarget, now: Date): Promise<TargetOutcome> {
  const outcome: TargetOutcome = { target, alive: false, observations: {}, findings: [], discovered: [] };
  if (!net.scope.targetInScope(target.value)) return { ...outcome, skipped: 'outside the scope' };
  if (isHost(target)) {
    const dns = await probeDns(net, target);
    outcome.observations.dns = dns.result;
    outcome.findings.push(...dns.findings);
    outcome.discovered.push(...dns.discovered);
    outcome.alive = dns.exists;
    if (!dns.exists || target.type === 'email_domain') return outcome;
  }
  try {
    await net.addressFor(target.value);
  } catch (error) {
    if (!(error instanceof OutOfScope)) throw error;
    if (!isHost(target)) return { ...outcome, skipped: error.message };
    return { ...outcome, note: error.message };
  }
  const [http, tls, services] = await Promise.all([
    probeHttp(net, target),
    probeTls(net, target, now),
    probeServices(net, target),
  ]);
  outcome.observations.http = http.result;
  outcome.observations.tls = tls.result;
  outcome.observations.services = services.result;
  for (const output of [http, tls, services]) {
    outcome.findings.push(...output.findings);
    outcome.discovered.push(...output.discovered);
  }
  if (!isHost(target)) {
    const answered = (http.result.origins as { status?: number }[]).some((o) => o.status !== undefined);
    outcome.alive = answered || services.discovered.length > 0;
  }
  return outcome;
}

/** The probe a finding kind comes from. */
export const probeOfKind = (kind: ProbeFinding['kind']): ProbeName => (kind === 'service' ? 'services' : kind);
