// A small authoritative DNS server speaking real DNS messages (dns-packet) over UDP and TCP on one
// loopback port: the probes' tests and the development start's demo targets point the probes'
// resolver at it. It answers from a fixed zone, follows CNAMEs inside it (a CNAME to a name it does
// not hold answers NXDOMAIN: a dangling record), and truncates UDP answers over 512 bytes so the
// client retries over TCP. It records every name asked (the scope tests read them). Names the zone
// does not hold may be answered by `lookup` (the demo's proof-of-control TXT records, read from the
// database when asked: ADR 0041).
import { createSocket } from 'node:dgram';
import { createServer, type Socket } from 'node:net';
import dnsPacket, { type Answer, type Question } from 'dns-packet';

export type ZoneRecord =
  | { type: 'A' | 'AAAA' | 'CNAME' | 'NS' | 'PTR'; data: string }
  | { type: 'TXT'; data: string }
  | { type: 'MX'; data: { preference: number; exchange: string } }
  | { type: 'CAA'; data: { flags: number; tag: 'issue' | 'issuewild' | 'iodef'; value: string } };

/** Lower-case names without the final dot, each with its records. */
export type Zone = Record<string, ZoneRecord[]>;

export interface DnsServer {
  port: number;
  /** `<name> <type>` of every question received, in order. */
  readonly questions: string[];
  /** Records of a name the zone does not hold, looked up when asked (undefined: none). */
  lookup?: (name: string) => Promise<ZoneRecord[] | undefined>;
  close(): Promise<void>;
}

const NXDOMAIN = 3;
const UDP_LIMIT = 512;

function answer(name: string, record: ZoneRecord): Answer {
  if (record.type === 'TXT') {
    // Long texts are split into strings of at most 255 bytes, as on the wire.
    const chunks = record.data.match(/[\s\S]{1,255}/g) ?? [''];
    return { name, type: 'TXT', ttl: 60, data: chunks };
  }
  return { name, type: record.type, ttl: 60, data: record.data } as Answer;
}

/** The closest wildcard (`*.<suffix>`) covering a name the zone does not hold. */
function wildcardOf(zone: Zone, name: string): ZoneRecord[] | undefined {
  const labels = name.split('.');
  for (let i = 1; i < labels.length; i += 1) {
    const records = zone[`*.${labels.slice(i).join('.')}`];
    if (records) return records;
  }
  return undefined;
}

/** The answers to one question, following CNAMEs inside the zone, and whether the name exists. */
export function resolveInZone(zone: Zone, question: Question): { answers: Answer[]; rcode: number } {
  const answers: Answer[] = [];
  let name = question.name.toLowerCase().replace(/\.$/, '');
  for (let hops = 0; hops < 8; hops += 1) {
    const records = zone[name] ?? wildcardOf(zone, name);
    if (!records) return { answers, rcode: NXDOMAIN };
    const wanted = records.filter((r) => r.type === question.type);
    const cname = records.find((r) => r.type === 'CNAME');
    if (wanted.length > 0 || !cname || question.type === 'CNAME') {
      answers.push(...wanted.map((r) => answer(name, r)));
      return { answers, rcode: 0 };
    }
    answers.push(answer(name, cname));
    name = String(cname.data).toLowerCase();
  }
  return { answers, rcode: 0 };
}

async function reply(zone: Zone, query: Buffer, server: DnsServer): Promise<Buffer> {
  const packet = dnsPacket.decode(query);
  const asked = packet.questions ?? [];
  for (const q of asked) server.questions.push(`${q.name.toLowerCase()} ${q.type}`);
  const first = asked[0];
  const name = first?.name.toLowerCase().replace(/\.$/, '') ?? '';
  const looked = first && !zone[name] && server.lookup ? await server.lookup(name).catch(() => undefined) : undefined;
  const within = looked ? { ...zone, [name]: looked } : zone;
  const { answers, rcode } = first ? resolveInZone(within, first) : { answers: [], rcode: 0 };
  return dnsPacket.encode({
    type: 'response',
    id: packet.id ?? 0,
    flags: dnsPacket.AUTHORITATIVE_ANSWER | dnsPacket.RECURSION_DESIRED | dnsPacket.RECURSION_AVAILABLE | rcode,
    questions: asked,
    answers,
  });
}

/** Frames of a TCP stream: each message is preceded by its length (two bytes). */
function serveTcp(zone: Zone, socket: Socket, server: DnsServer): void {
  let pending = Buffer.alloc(0);
  socket.on('data', (chunk) => {
    pending = Buffer.concat([pending, chunk]);
    while (pending.length >= 2 && pending.length >= 2 + pending.readUInt16BE(0)) {
      const length = pending.readUInt16BE(0);
      const message = pending.subarray(2, 2 + length);
      pending = pending.subarray(2 + length);
      void reply(zone, message, server).then(
        (out) => {
          const framed = Buffer.alloc(2 + out.length);
          framed.writeUInt16BE(out.length, 0);
          out.copy(framed, 2);
          if (!socket.destroyed) socket.write(framed);
        },
        () => socket.destroy(),
      );
    }
  });
  socket.on('error', () => socket.destroy());
}

/** Starts the server on `host` (a loopback address) and a free port (or `port`), UDP and TCP alike. */
export async function startDnsServer(zone: Zone, host = '127.0.0.1', port = 0): Promise<DnsServer> {
  const server: DnsServer = { port: 0, questions: [], close: async () => undefined };
  const tcp = createServer((socket) => serveTcp(zone, socket, server));
  await new Promise<void>((resolve, reject) => {
    tcp.once('error', reject);
    tcp.listen(port, host, () => resolve());
  });
  const address = tcp.address();
  const bound = typeof address === 'object' && address ? address.port : port;
  const udp = createSocket('udp4');
  udp.on('message', async (message, peer) => {
    try {
      let out = await reply(zone, message, server);
      if (out.length > UDP_LIMIT) {
        // Too long for UDP: the header alone, flagged truncated, sends the client to TCP.
        const head = dnsPacket.decode(out);
        out = dnsPacket.encode({
          type: 'response',
          id: head.id ?? 0,
          flags: (head.flags ?? 0) | dnsPacket.TRUNCATED_RESPONSE,
          questions: head.questions ?? [],
        });
      }
      udp.send(out, peer.port, peer.address);
    } catch {
      // Not a DNS message: no answer, as a real server would do.
    }
  });
  await new Promise<void>((resolve, reject) => {
    udp.once('error', reject);
    udp.bind(bound, host, () => resolve());
  });
  server.port = bound;
  server.close = async () => {
    await new Promise<void>((resolve) => udp.close(() => resolve()));
    await new Promise<void>((resolve) => tcp.close(() => resolve()));
  };
  return server;
}
