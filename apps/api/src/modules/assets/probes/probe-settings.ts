// What one probe run works with: the deployment's PROBE_* settings, overridden by the run's job
// options. Only the platform writes those options (the demo run, the tests, the benchmark): the
// API queues a run with its inventory alone, so no user chooses the resolver, the ports, where a
// host's port is actually connected (connect_to) or whether private addresses may be contacted.
import { z } from 'zod';
import type { ProbeConfig } from '../../../config/env.js';
import type { ConnectTo } from './connect-to.js';

export interface ServicePort {
  port: number;
  label: string;
}

export interface ProbeSettings {
  resolver: string | undefined;
  ports: ServicePort[];
  httpsPorts: number[];
  httpPorts: number[];
  allowPrivate: boolean;
  /** Contact loopback addresses only (the demo's run against the demo targets). */
  loopbackOnly: boolean;
  concurrency: number;
  ratePerSecond: number;
  timeoutMs: number;
  dkimSelectors: string[];
  /** Extra trusted authorities (PEM) beside Node's roots: the local targets' test authority. */
  ca: string | undefined;
  /** Where to connect instead, by `<host>:<port>` (connect-to.ts); empty: where the name resolves. */
  connectTo: ConnectTo;
}

const port = z.number().int().min(1).max(65535);

/** A probe run's job options. */
export const probeJobOptions = z.object({
  supplier_id: z.number().int().positive().nullable().default(null),
  resolver: z.string().max(300).optional(),
  ports: z.array(z.string().max(40)).max(1000).optional(),
  https_ports: z.array(port).max(20).optional(),
  http_ports: z.array(port).max(20).optional(),
  allow_private: z.boolean().optional(),
  loopback_only: z.boolean().optional(),
  concurrency: z.number().int().min(1).max(256).optional(),
  rate: z.number().int().min(1).max(10_000).optional(),
  timeout_ms: z.number().int().min(100).max(60_000).optional(),
  dkim_selectors: z.array(z.string().max(63)).max(50).optional(),
  ca: z.string().max(100_000).optional(),
  connect_to: z
    .record(z.string().max(300), z.string().max(300).nullable())
    .refine((map) => Object.keys(map).length <= 10_000, 'At most 10,000 entries.')
    .optional(),
});
export type ProbeJobOptions = z.infer<typeof probeJobOptions>;

/** `6379:redis` (or a bare `6379`, labelled `tcp`); malformed entries are dropped. */
export function servicePorts(entries: readonly string[]): ServicePort[] {
  return entries.flatMap((entry) => {
    const [number = '', label = 'tcp'] = entry.split(':');
    const value = Number(number);
    return Number.isInteger(value) && value > 0 && value < 65536 ? [{ port: value, label: label.toLowerCase() }] : [];
  });
}

export function settingsOf(config: ProbeConfig, options: ProbeJobOptions): ProbeSettings {
  return {
    resolver: options.resolver ?? config.resolver,
    ports: servicePorts(options.ports ?? config.ports),
    httpsPorts: options.https_ports ?? config.httpsPorts,
    httpPorts: options.http_ports ?? config.httpPorts,
    allowPrivate: options.allow_private ?? config.privateTargets,
    loopbackOnly: options.loopback_only ?? config.loopbackOnly,
    concurrency: options.concurrency ?? config.concurrency,
    ratePerSecond: options.rate ?? config.ratePerSecond,
    timeoutMs: options.timeout_ms ?? config.timeoutMs,
    dkimSelectors: options.dkim_selectors ?? config.dkimSelectors,
    ca: options.ca ?? config.ca,
    connectTo: options.connect_to ?? config.connectTo,
  };
}
