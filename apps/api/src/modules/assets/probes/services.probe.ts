// The services probe: a TCP connect to each configured port of a target (through the run's limiter:
// bounded in concurrency and rate). An open port is a service asset (`host:port/tcp`); one that
// should not face the internet (remote shells, file shares, databases, caches) is a finding.
import type { Severity } from '../../../platform/findings/findings.table.js';
import { type Discovered, finding, type ProbeFinding, type ProbeOutput, type ProbeTarget } from './probe.types.js';
import type { ProbeNet } from './probe-net.js';

/** Services that should not be reachable from the internet, by label, and how bad it is. */
export const exposedServices: Readonly<Record<string, Severity>> = {
  telnet: 'high',
  ftp: 'medium',
  smb: 'high',
  rdp: 'high',
  vnc: 'high',
  mssql: 'high',
  mysql: 'high',
  postgresql: 'high',
  oracle: 'high',
  redis: 'critical',
  mongodb: 'critical',
  elasticsearch: 'critical',
  memcached: 'critical',
};

export async function probeServices(net: ProbeNet, target: ProbeTarget): Promise<ProbeOutput> {
  const host = target.value;
  const checks = await Promise.all(
    net.settings.ports.map(async (p) => ({ ...p, open: await net.portOpen(host, p.port) })),
  );
  const open = checks.filter((c) => c.open);
  const findings: ProbeFinding[] = [];
  const discovered: Discovered[] = [];
  for (const service of open) {
    const value = `${host}:${service.port}/tcp`;
    discovered.push({
      type: 'service',
      value,
      relation: 'has_service',
      details: { port: service.port, label: service.label },
    });
    const severity = exposedServices[service.label];
    if (severity) {
      findings.push(
        finding(
          'service',
          `exposed:${host}:${service.port}`,
          severity,
          `${service.label} reachable on ${host}:${service.port}`,
          {
            port: service.port,
            service: service.label,
          },
        ),
      );
    }
  }
  return { result: { open: open.map((s) => `${s.port}/${s.label}`) }, findings, discovered };
}
