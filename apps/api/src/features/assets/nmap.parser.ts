// nmap XML (`nmap -oX`), read as a stream with saxes: each <host> that is up is one record (its
// IPv4/IPv6 address, the names it was scanned as, each open port as a service with what nmap
// recognised). A host refused (no IP address) is rejected with the line its <host> starts on; XML
// that is not well formed stops the file at the first error, with its line and reason. saxes never
// loads external entities or expands DTD ones, so a hostile document cannot reach the disk or the
// network.
import { checkDate, type ParsedItem, type SourceFile, type Upload } from '../imports/import.types.js';
import { streamXml } from '../imports/import-xml.js';
import { AssetGraph, type AssetRecord } from './assets.graph.js';
import { hostName, ipAddress, serviceValue } from './assets.values.js';

interface NmapPort {
  protocol: string;
  port: number;
  open: boolean;
  service: Record<string, string>;
}

interface NmapHost {
  line: number;
  up: boolean;
  addresses: string[];
  names: string[];
  ports: NmapPort[];
  startTime: string | null;
}

type Item = ParsedItem<AssetRecord>;

/** The record of one scanned host, or why it is refused. */
export function nmapHost(
  host: NmapHost,
  runStart: string | null,
): { ok: true; record: AssetRecord } | { ok: false; reason: string } {
  const addresses = host.addresses.map(ipAddress).flatMap((a) => (a.ok ? [a.value] : []));
  const [address] = addresses;
  if (!address) return { ok: false, reason: 'Host without an IPv4 or IPv6 address.' };
  const seconds = host.startTime ?? runStart;
  let seenAt: Date | null = null;
  if (seconds) {
    const checked = checkDate(
      'starttime',
      seconds,
      /^\d{1,12}$/.test(seconds) ? new Date(Number(seconds) * 1000) : null,
    );
    if (!checked.ok) return checked;
    seenAt = checked.date;
  }
  const graph = new AssetGraph();
  const ip = graph.node('ip', address);
  for (const raw of host.names) {
    const name = hostName(raw);
    if (name.ok) graph.edge(graph.host(name.value), 'resolves_to', ip);
  }
  for (const port of host.ports.filter((p) => p.open)) {
    const details = Object.fromEntries(
      ['name', 'product', 'version', 'extrainfo', 'tunnel'].flatMap((key) =>
        port.service[key] ? [[key, port.service[key]?.slice(0, 200)]] : [],
      ),
    );
    graph.edge(ip, 'has_service', graph.node('service', serviceValue(address, port.port, port.protocol), details));
  }
  return { ok: true, record: graph.record(seenAt) };
}

const attr = (tag: { attributes: Record<string, unknown> }, name: string): string => {
  const value = tag.attributes[name];
  return typeof value === 'string' ? value : '';
};

/** The records of one file: each <host> that is up, when it closes. */
function nmapFile(file: SourceFile): AsyncGenerator<Item> {
  return streamXml<AssetRecord>(file, (parser, emit) => {
    let runStart: string | null = null;
    let host: NmapHost | null = null;
    let port: NmapPort | null = null;
    parser.on('opentag', (tag) => {
      if (tag.name === 'nmaprun') runStart = attr(tag, 'start') || null;
      else if (tag.name === 'host') {
        const startTime = attr(tag, 'starttime') || null;
        host = { line: parser.line, up: true, addresses: [], names: [], ports: [], startTime };
      } else if (!host) return;
      else if (tag.name === 'status') host.up = attr(tag, 'state') === 'up';
      else if (tag.name === 'address' && attr(tag, 'addrtype').startsWith('ipv'))
        host.addresses.push(attr(tag, 'addr'));
      else if (tag.name === 'hostname') host.names.push(attr(tag, 'name'));
      else if (tag.name === 'port') {
        port = {
          protocol: attr(tag, 'protocol') === 'udp' ? 'udp' : 'tcp',
          port: Number(attr(tag, 'portid')),
          open: false,
          service: {},
        };
      } else if (tag.name === 'state' && port) port.open = attr(tag, 'state') === 'open';
      else if (tag.name === 'service' && port) {
        port.service = Object.fromEntries(
          Object.entries(tag.attributes).filter((e): e is [string, string] => typeof e[1] === 'string'),
        );
      }
    });
    parser.on('closetag', (tag) => {
      if (tag.name === 'port' && host && port) {
        if (Number.isInteger(port.port) && port.port > 0 && port.port < 65536) host.ports.push(port);
        port = null;
      } else if (tag.name === 'host' && host) {
        if (host.up) emit(host.line, nmapHost(host, runStart));
        host = null;
      }
    });
  });
}

export async function* parseNmap(upload: Upload): AsyncGenerator<Item> {
  for await (const file of upload.files()) yield* nmapFile(file);
}
