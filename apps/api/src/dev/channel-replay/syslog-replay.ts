// A syslog collector on 127.0.0.1 over TCP or TLS (RFC 5425, a self-signed certificate made with
// openssl at test time) that reads octet-counted (`<length> <message>`) or newline-framed messages
// and parses their CEF: the header's seven fields (`\|` and `\\` unescaped) and the extensions
// (`\=`, `\\`, `\n`, `\r` unescaped), as a SIEM's CEF parser does (ArcSight CEF specification).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import tls from 'node:tls';

export interface CefRecord {
  /** The syslog header before `CEF:` (`<PRI>1 TIME HOST vigil - - - `). */
  syslog: string;
  header: string[];
  extensions: Record<string, string>;
}

export interface SyslogReplay {
  host: string;
  port: number;
  /** Every byte each connection sent. */
  raw: string[];
  messages: string[];
  close(): Promise<void>;
}

/** A self-signed certificate for 127.0.0.1 and localhost (key and certificate, PEM). */
export function selfSigned(): { key: string; cert: string } {
  const dir = mkdtempSync(join(tmpdir(), 'vigil-syslog-'));
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=localhost',
        '-addext',
        'subjectAltName=IP:127.0.0.1,DNS:localhost',
        '-keyout',
        join(dir, 'key.pem'),
        '-out',
        join(dir, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    );
    return { key: readFileSync(join(dir, 'key.pem'), 'utf8'), cert: readFileSync(join(dir, 'cert.pem'), 'utf8') };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Splits a stream into messages: octet counting when it starts with a digit, else lines. */
export function unframe(stream: string): string[] {
  const messages: string[] = [];
  const bytes = Buffer.from(stream, 'utf8');
  let at = 0;
  while (at < bytes.length) {
    if (bytes[at] === 0x3c /* < */) {
      const end = bytes.indexOf(0x0a, at);
      messages.push(bytes.subarray(at, end < 0 ? bytes.length : end).toString('utf8'));
      at = end < 0 ? bytes.length : end + 1;
      continue;
    }
    const space = bytes.indexOf(0x20, at);
    const length = Number(bytes.subarray(at, space).toString('ascii'));
    if (!Number.isInteger(length) || length <= 0) throw new Error(`Bad frame at ${at}: ${stream.slice(at, at + 20)}`);
    messages.push(bytes.subarray(space + 1, space + 1 + length).toString('utf8'));
    at = space + 1 + length;
  }
  return messages;
}

export function parseCef(message: string): CefRecord {
  const start = message.indexOf('CEF:');
  const syslog = message.slice(0, start);
  const rest = message.slice(start);
  const header: string[] = [];
  let field = '';
  let i = 0;
  for (; i < rest.length && header.length < 7; i += 1) {
    const c = rest[i];
    if (c === '\\' && (rest[i + 1] === '|' || rest[i + 1] === '\\')) {
      field += rest[i + 1];
      i += 1;
    } else if (c === '|') {
      header.push(field);
      field = '';
    } else field += c;
  }
  const extensionText = rest.slice(i);
  const extensions: Record<string, string> = {};
  // A key is a word followed by an unescaped `=`; its value runs to the next ` key=`.
  const keys = [...extensionText.matchAll(/(?:^| )([A-Za-z0-9_]+)=/g)];
  keys.forEach((m, n) => {
    const from = (m.index ?? 0) + m[0].length;
    const to = n + 1 < keys.length ? (keys[n + 1]?.index ?? extensionText.length) : extensionText.length;
    const raw = extensionText.slice(from, to);
    extensions[m[1] ?? ''] = raw.replace(/\\(.)/g, (_, ch: string) => (ch === 'n' ? '\n' : ch === 'r' ? '\r' : ch));
  });
  return { syslog, header, extensions };
}

export async function startSyslog(secure?: { key: string; cert: string }): Promise<SyslogReplay> {
  const raw: string[] = [];
  const messages: string[] = [];
  const onSocket = (socket: net.Socket) => {
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      raw.push(text);
      messages.push(...unframe(text));
    });
    socket.on('error', () => undefined);
  };
  const server = secure ? tls.createServer(secure, onSocket) : net.createServer(onSocket);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    host: '127.0.0.1',
    port,
    raw,
    messages,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
