// Where a probe connects, when the platform says so (curl's --connect-to): the run's `connect_to`
// maps `<host>:<port>` (or `*.<suffix>:<port>`, the closest wildcard covering the host) to the
// `<address>:<port>` to connect to instead, or to null when nothing listens there. The local
// targets use it to serve every host name from 127.0.0.1, each on ports of its own, while the
// probes still ask for the name, judge the scope by it and send it as TLS server name and Host.
// The name is still resolved and checked first; the mapped address is checked too (probe-net.ts).
import { isIP } from 'node:net';

/** `<host>:<port>` → `<address>:<port>` (an IP address, never a name: no second lookup), or null. */
export type ConnectTo = Readonly<Record<string, string | null>>;

export interface Endpoint {
  host: string;
  port: number;
}

/** The entry for this host and port, exactly or by its closest wildcard; undefined when none. */
function entryOf(map: ConnectTo, host: string, port: number): string | null | undefined {
  const name = host.toLowerCase().replace(/\.$/, '');
  if (Object.hasOwn(map, `${name}:${port}`)) return map[`${name}:${port}`];
  if (isIP(name)) return undefined;
  const labels = name.split('.');
  for (let i = 1; i < labels.length; i += 1) {
    const key = `*.${labels.slice(i).join('.')}:${port}`;
    if (Object.hasOwn(map, key)) return map[key];
  }
  return undefined;
}

/**
 * Where to connect for `host:port` according to the map: an endpoint, null (nothing listens
 * there), or undefined (not mapped: the address the name resolves to). Throws on a malformed entry.
 */
export function mappedEndpoint(map: ConnectTo, host: string, port: number): Endpoint | null | undefined {
  const entry = entryOf(map, host, port);
  if (entry === undefined || entry === null) return entry;
  const match = /^\[?([^\]]+?)\]?:(\d{1,5})$/.exec(entry);
  const address = match?.[1] ?? '';
  const to = Number(match?.[2]);
  if (isIP(address) === 0 || !(to > 0 && to < 65536)) throw new Error(`connect_to ${entry} is not <address>:<port>.`);
  return { host: address, port: to };
}
