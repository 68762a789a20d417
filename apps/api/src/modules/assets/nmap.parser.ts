// nmap XML (`nmap -oX`, and masscan's `-oX`, which writes the same <nmaprun>), read as a stream with
// saxes: each <host> is one record. A host that is up gives its IPv4/IPv6 address, the names it
// was scanned as and each open port as a service; one nmap did not find up is read and not kept.
// Reverse-DNS (PTR) names are what the scan saw about an address, often the hosting provider's or
// the cloud's (`ec2-….compute.amazonaws.com`): they stay on the IP asset (`ptr`) and become assets
// only when the writer finds them within the inventory's scope (ADR 0018, issue 30). A file that is
// not nmap's XML (its text or grepable output, another tool's XML) is refused once, saying what it is.
import {
  checkDate,
  type ParsedItem,
  type SourceFile,
  type Upload,
  withoutNul,
} from '../../platform/imports/import.types.js';
import { streamXml } from '../../platform/imports/import-xml.js';
import { AssetGraph, type AssetRecord } from './assets.graph.js';
import { hostName, ipAddress, serviceValue } from './assets.values.js';

interface NmapPort {
  protocol: string;
  port: number;
  open: boolean;
  service: Record<string, string>;
}

interface NmapName {
  name: string;
  /** `user` (a target as given on the command line or in -iL), `PTR` (reverse DNS) or another tool's word. */
  type: string;
}

interface NmapHost {
  line: number;
  /** The <status> state; masscan writes none, and every host it lists answered. */
  state: string;
  addresses: string[];
  names: NmapName[];
  /** Names past MAX_NAMES, counted rather than kept. */
  namesOver: number;
  ports: NmapPort[];
  startTime: string | null;
}

type Item = ParsedItem<AssetRecord>;

/** Names read per host: nmap writes one or two; a hostile file may write millions. */
const MAX_NAMES = 50;

const shown = (raw: string) => {
  const clean = withoutNul(raw.trim());
  return clean.length > 100 ? `${clean.slice(0, 100)}…` : clean;
};

/** The record of one scanned host (no nodes when it was not up), or why it is refused. */
export function nmapHost(
  host: NmapHost,
  runStart: string | null,
): { ok: true; record: AssetRecord } | { ok: false; reason: string } {
  if (host.state !== 'up') return { ok: true, record: new AssetGraph().record() };
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
  const ptr = new Set<string>();
  const other = new Set<string>();
  for (const { name: raw, type } of host.names) {
    const name = hostName(raw);
    if (name.ok && type.toLowerCase() === 'user') graph.edge(graph.host(name.value), 'resolves_to', ip);
    else if (name.ok && type.toLowerCase() === 'ptr') {
      ptr.add(name.value);
      graph.observed.push({ name: name.value, kind: 'resolves_to', to: ip });
    } else other.add(`${shown(raw)} (${shown(type) || 'no type'}${name.ok ? '' : ', not a host name'})`);
  }
  const details: Record<string, unknown> = {};
  if (ptr.size > 0) details.ptr = [...ptr];
  if (other.size > 0) details.other_names = [...other];
  if (host.namesOver > 0) details.names_not_read = host.namesOver;
  graph.node('ip', address, details);
  for (const port of host.ports.filter((p) => p.open)) {
    const service = Object.fromEntries(
      ['name', 'product', 'version', 'extrainfo', 'tunnel'].flatMap((key) =>
        port.service[key] ? [[key, withoutNul(port.service[key]?.slice(0, 200) ?? '')]] : [],
      ),
    );
    graph.edge(ip, 'has_service', graph.node('service', serviceValue(address, port.port, port.protocol), service));
  }
  return { ok: true, record: graph.record(seenAt) };
}

const attr = (tag: { attributes: Record<string, unknown> }, name: string): string => {
  const value = tag.attributes[name];
  return typeof value === 'string' ? value : '';
};

const ACCEPTED = "nmap's XML output (-oX, or the .xml file of -oA), nmap 4 to 7, or masscan's -oX";

/** Why a file whose first bytes are `head` is not nmap XML, or null when it may be. */
export function refusalOf(head: string): string | null {
  const text = head.replace(/^\uFEFF/, '').trimStart();
  if (text === '' || text.startsWith('<')) return null;
  if (/^# Nmap \d/.test(text)) {
    const grepable = /\nHost: \S+/.test(text) ? 'grepable (-oG)' : 'normal (-oN)';
    return `This is nmap's ${grepable} text output; the nmap import reads ${ACCEPTED}.`;
  }
  if (text.startsWith('{') || text.startsWith('[')) return `This is JSON, not XML; the nmap import reads ${ACCEPTED}.`;
  return `This is not XML; the nmap import reads ${ACCEPTED}.`;
}

/** The records of an XML file: each <host>, when it closes; a root other than <nmaprun> refuses the file. */
function nmapXml(file: SourceFile): AsyncGenerator<Item> {
  return streamXml<AssetRecord>(file, (parser, emit) => {
    let root: string | null = null;
    let runStart: string | null = null;
    let host: NmapHost | null = null;
    let port: NmapPort | null = null;
    parser.on('opentag', (tag) => {
      if (root === null) {
        root = tag.name;
        if (root !== 'nmaprun') {
          const reason = `This is an XML document whose root is <${shown(root)}>, not nmap's <nmaprun>; the nmap import reads ${ACCEPTED}.`;
          emit(0, { ok: false, reason });
        } else runStart = attr(tag, 'start') || null;
      } else if (root !== 'nmaprun') return;
      else if (tag.name === 'host') {
        const startTime = attr(tag, 'starttime') || null;
        host = { line: parser.line, state: 'up', addresses: [], names: [], namesOver: 0, ports: [], startTime };
      } else if (!host) return;
      else if (tag.name === 'status') host.state = attr(tag, 'state');
      else if (tag.name === 'address' && attr(tag, 'addrtype').startsWith('ipv'))
        host.addresses.push(attr(tag, 'addr'));
      else if (tag.name === 'hostname') {
        if (host.names.length < MAX_NAMES) host.names.push({ name: attr(tag, 'name'), type: attr(tag, 'type') });
        else host.namesOver += 1;
      } else if (tag.name === 'port') {
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
        emit(host.line, nmapHost(host, runStart));
        host = null;
      }
    });
  });
}

/** One file: refused once when its first bytes say it is not XML, else read as nmap XML. */
async function* nmapFile(file: SourceFile): AsyncGenerator<Item> {
  const chunks = file.content[Symbol.asyncIterator]();
  const buffered: Uint8Array[] = [];
  let size = 0;
  let done = false;
  while (size < 1024 && !done) {
    const next = await chunks.next();
    if (next.done) done = true;
    else {
      buffered.push(next.value);
      size += next.value.length;
    }
  }
  const head = Buffer.concat(buffered).subarray(0, 1024);
  const refusal = refusalOf(new TextDecoder().decode(head));
  if (refusal) {
    yield { kind: 'reject', file: file.path, line: 0, reason: refusal, progress: 1 };
    return;
  }
  async function* replay(): AsyncGenerator<Uint8Array> {
    yield* buffered;
    if (done) return;
    for (let next = await chunks.next(); !next.done; next = await chunks.next()) yield next.value;
  }
  for await (const item of nmapXml({ ...file, content: replay() })) {
    if (item.kind === 'reject' && item.line === 0) {
      yield { ...item, progress: 1 };
      return;
    }
    yield item;
  }
}

export async function* parseNmap(upload: Upload): AsyncGenerator<Item> {
  for await (const file of upload.files()) yield* nmapFile(file);
}
