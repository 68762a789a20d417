// Certificates made on the spot (node-forge on keys from node:crypto) for the probes' TLS targets:
// a test authority, and leaves it signs for given names and validity (expired, expiring soon, for
// another name). Nothing here is a secret worth keeping: the keys live as long as the process.
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import forge from 'node-forge';

export interface KeyAndCertificate {
  key: string;
  cert: string;
}

export interface CertificateAuthority extends KeyAndCertificate {
  name: string;
}

const DAY = 86_400_000;

/**
 * One RSA key per role, made once per process: the authorities share one, the leaves another. A
 * 2,048-bit key takes about 0.2 s of CPU to make, and the demo targets and the probe tests certify a
 * dozen sites; what the probes read of a certificate (names, dates, chain) does not depend on its key.
 */
const keys: Partial<Record<'authority' | 'leaf', { privateKey: string; publicKey: string }>> = {};
function keyPair(role: 'authority' | 'leaf'): { privateKey: string; publicKey: string } {
  keys[role] ??= generateKeyPairSync('rsa', {
    modulusLength: 2048,
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });
  return keys[role];
}

function build(
  subject: string,
  publicKey: string,
  validity: { from: Date; to: Date },
  extensions: object[],
): forge.pki.Certificate {
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(publicKey);
  // A positive serial: the first byte's high bit clear.
  cert.serialNumber = `01${randomBytes(8).toString('hex')}`;
  cert.validity.notBefore = validity.from;
  cert.validity.notAfter = validity.to;
  cert.setSubject([{ name: 'commonName', value: subject }]);
  cert.setExtensions(extensions);
  return cert;
}

/** A root authority valid a year around `now`. */
export function makeAuthority(name: string, now = new Date()): CertificateAuthority {
  const { privateKey, publicKey } = keyPair('authority');
  const cert = build(
    name,
    publicKey,
    { from: new Date(now.getTime() - 365 * DAY), to: new Date(now.getTime() + 365 * DAY) },
    [
      { name: 'basicConstraints', cA: true, critical: true },
      { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true },
    ],
  );
  cert.setIssuer(cert.subject.attributes);
  cert.sign(forge.pki.privateKeyFromPem(privateKey), forge.md.sha256.create());
  return { name, key: privateKey, cert: forge.pki.certificateToPem(cert) };
}

export interface LeafOptions {
  /** Subject alternative names (the first is also the common name). */
  names: string[];
  /** Days from `now` (negative: in the past). */
  validFromDays: number;
  validToDays: number;
  now?: Date;
}

/** A server certificate signed by `authority` (or self-signed without one). */
export function issueCertificate(authority: CertificateAuthority | null, options: LeafOptions): KeyAndCertificate {
  const now = options.now ?? new Date();
  const { privateKey, publicKey } = keyPair('leaf');
  const cert = build(
    options.names[0] ?? 'localhost',
    publicKey,
    {
      from: new Date(now.getTime() + options.validFromDays * DAY),
      to: new Date(now.getTime() + options.validToDays * DAY),
    },
    [
      { name: 'basicConstraints', cA: false },
      { name: 'extKeyUsage', serverAuth: true },
      { name: 'subjectAltName', altNames: options.names.map((value) => ({ type: 2, value })) },
    ],
  );
  if (authority) {
    cert.setIssuer(forge.pki.certificateFromPem(authority.cert).subject.attributes);
    cert.sign(forge.pki.privateKeyFromPem(authority.key), forge.md.sha256.create());
    // The chain a server sends: its own certificate, then the authority's.
    return { key: privateKey, cert: `${forge.pki.certificateToPem(cert)}${authority.cert}` };
  }
  cert.setIssuer(cert.subject.attributes);
  cert.sign(forge.pki.privateKeyFromPem(privateKey), forge.md.sha256.create());
  return { key: privateKey, cert: forge.pki.certificateToPem(cert) };
}
