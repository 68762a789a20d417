// The TLS probe, on each HTTPS port of a target: the certificate chain, issuer and expiry, whether
// it is trusted and covers the name, the protocol and suite negotiated, and whether the server still
// accepts TLS 1.0/1.1 or a suite without forward secrecy (three handshakes per port).
import { checkServerIdentity, type DetailedPeerCertificate, type PeerCertificate, type TLSSocket } from 'node:tls';
import { type Discovered, finding, type ProbeFinding, type ProbeOutput, type ProbeTarget } from './probe.types.js';
import { OutOfScope, type ProbeNet } from './probe-net.js';

const DAY = 86_400_000;
/** Suites without forward secrecy (static RSA) and the broken ones, where OpenSSL still knows them. */
const WEAK_SUITES =
  'AES128-SHA:AES256-SHA:AES128-SHA256:AES256-SHA256:AES128-GCM-SHA256:AES256-GCM-SHA384:DES-CBC3-SHA:RC4-SHA:RC4-MD5:NULL-SHA@SECLEVEL=0';

const REPORTED_APART = ['CERT_HAS_EXPIRED', 'ERR_TLS_CERT_ALTNAME_INVALID'];

const nameOf = (entity: PeerCertificate['subject'] | undefined) => {
  const name = entity ? (entity.CN ?? entity.O ?? Object.values(entity).flat().join(', ')) : '';
  return Array.isArray(name) ? name.join(', ') : name;
};

/** The chain the server sent, leaf first (each certificate's subject). */
function chainOf(leaf: DetailedPeerCertificate): string[] {
  const chain: string[] = [];
  let current: DetailedPeerCertificate | undefined = leaf;
  while (current && chain.length < 10) {
    chain.push(nameOf(current.subject));
    const next: DetailedPeerCertificate | undefined = current.issuerCertificate;
    if (!next || next === current || next.fingerprint256 === current.fingerprint256) break;
    current = next;
  }
  return chain;
}

function inspect(host: string) {
  return (socket: TLSSocket) => {
    const leaf = socket.getPeerCertificate(true);
    return {
      protocol: socket.getProtocol(),
      cipher: socket.getCipher().name,
      trusted: socket.authorized,
      error: socket.authorized ? null : String(socket.authorizationError ?? ''),
      subject: nameOf(leaf.subject),
      issuer: nameOf(leaf.issuer),
      sans: leaf.subjectaltname ?? '',
      not_after: new Date(leaf.valid_to).toISOString(),
      fingerprint: (leaf.fingerprint256 ?? '').replace(/:/g, '').toLowerCase(),
      chain: chainOf(leaf),
      name_matches: checkServerIdentity(host, leaf) === undefined,
    };
  };
}

type PortResult = Partial<ReturnType<ReturnType<typeof inspect>>> & {
  port: number;
  failed?: string;
  old_protocol?: string | null;
  weak_cipher?: string | null;
};

function problemsOf(host: string, r: PortResult, now: Date, findings: ProbeFinding[]): void {
  const where = `${host}:${r.port}`;
  const evidence = { port: r.port, subject: r.subject, issuer: r.issuer, not_after: r.not_after };
  if (r.not_after) {
    const left = Math.floor((new Date(r.not_after).getTime() - now.getTime()) / DAY);
    if (left < 0) {
      findings.push(
        finding(
          'tls',
          `expired:${where}`,
          'high',
          `Expired certificate on ${where} (since ${r.not_after.slice(0, 10)})`,
          evidence,
        ),
      );
    } else if (left < 30) {
      findings.push(
        finding(
          'tls',
          `expiring:${where}`,
          left < 7 ? 'high' : 'medium',
          `Certificate on ${where} expires in under 30 days (${r.not_after.slice(0, 10)})`,
          evidence,
        ),
      );
    }
  }
  if (r.name_matches === false) {
    findings.push(
      finding('tls', `name-mismatch:${where}`, 'high', `Certificate on ${where} is not valid for ${host}`, {
        ...evidence,
        sans: r.sans,
      }),
    );
  }
  // Expiry and the name are findings of their own; any other verification error is an untrusted chain.
  if (r.error && !REPORTED_APART.includes(r.error)) {
    findings.push(
      finding('tls', `untrusted:${where}`, 'medium', `Untrusted certificate on ${where} (${r.error})`, evidence),
    );
  }
  if (r.old_protocol) {
    findings.push(
      finding('tls', `old-protocol:${where}`, 'medium', `${where} still accepts ${r.old_protocol}`, {
        port: r.port,
        protocol: r.old_protocol,
      }),
    );
  }
  if (r.weak_cipher) {
    findings.push(
      finding('tls', `weak-cipher:${where}`, 'low', `${where} accepts a weak cipher suite (${r.weak_cipher})`, {
        port: r.port,
        cipher: r.weak_cipher,
      }),
    );
  }
}

export async function probeTls(net: ProbeNet, target: ProbeTarget, now: Date): Promise<ProbeOutput> {
  const host = target.value;
  const ports: PortResult[] = [];
  for (const port of net.settings.httpsPorts) {
    try {
      const main = await net.handshake(host, port, {}, inspect(host));
      const accepted = (options: Parameters<ProbeNet['handshake']>[2]) =>
        net.handshake(host, port, options, (s) => `${s.getProtocol()}|${s.getCipher().name}`).catch(() => null);
      const old = await accepted({ minVersion: 'TLSv1', maxVersion: 'TLSv1.1', ciphers: 'DEFAULT@SECLEVEL=0' });
      const weak = await accepted({ maxVersion: 'TLSv1.2', ciphers: WEAK_SUITES });
      ports.push({ port, ...main, old_protocol: old?.split('|')[0] ?? null, weak_cipher: weak?.split('|')[1] ?? null });
    } catch (error) {
      if (error instanceof OutOfScope) throw error;
      ports.push({ port, failed: (error as { code?: string }).code ?? (error as Error).message });
    }
  }
  const findings: ProbeFinding[] = [];
  const discovered: Discovered[] = [];
  for (const r of ports) {
    problemsOf(host, r, now, findings);
    if (r.fingerprint) {
      discovered.push({
        type: 'certificate',
        value: r.fingerprint,
        relation: 'serves_certificate',
        details: { subject: r.subject, issuer: r.issuer, not_after: r.not_after, sans: r.sans, port: r.port },
      });
    }
  }
  return { result: { ports }, findings, discovered };
}
