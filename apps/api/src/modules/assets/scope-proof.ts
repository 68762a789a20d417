// The checks behind a scope entry's proof of control (ADR 0041), each saying what it found:
// - a domain: a TXT record `vigil-verification=<token>` at the domain or at _vigil-challenge.<domain>
//   (asked of the probes' resolver), else the file /.well-known/vigil-verification.txt holding the
//   token, fetched over HTTPS then HTTP from the domain itself (no redirect followed, the address
//   checked as the probes check theirs: this GET is the only contact an unverified name ever gets);
// - a netblock: the reverse DNS (PTR) of up to 16 addresses spread over it, each under a verified
//   domain of the same inventory (the block's owner alone writes its PTR records).
import { Resolver } from 'node:dns/promises';
import { isIP } from 'node:net';
import { bigIntToIp, ipToBigInt } from './assets.values.js';
import { ProbeNet } from './probes/probe-net.js';
import { ProbeScope } from './probes/probe-scope.js';
import type { ProbeSettings } from './probes/probe-settings.js';
import { CHALLENGE_LABEL, FILE_PATH, holdsToken } from './scope-token.js';

export interface ProofResult {
  ok: boolean;
  method?: 'dns_txt' | 'http_file' | 'reverse_dns';
  /** What the check found, in sentences (shown to the administrator, kept as the entry's note). */
  found: string;
}

const SAMPLE = 16;

function resolverOf(settings: ProbeSettings): Resolver {
  const resolver = new Resolver({ timeout: settings.timeoutMs, tries: 2 });
  if (settings.resolver) resolver.setServers([settings.resolver]);
  return resolver;
}

const codeOf = (error: unknown) => (error as { code?: string }).code ?? 'ERROR';

async function txtAt(resolver: Resolver, name: string, token: string): Promise<{ ok: boolean; found: string }> {
  try {
    const records = (await resolver.resolveTxt(name)).map((chunks) => chunks.join(''));
    if (records.some((r) => holdsToken(r, token))) return { ok: true, found: `TXT at ${name} holds the token.` };
    const tried = records.filter((r) => r.startsWith('vigil-verification=')).length;
    return {
      ok: false,
      found: `TXT at ${name}: ${records.length} record(s)${tried > 0 ? `, ${tried} with another vigil-verification value` : ', none vigil-verification'}.`,
    };
  } catch (error) {
    const code = codeOf(error);
    const what =
      code === 'ENOTFOUND' ? 'the name does not exist' : code === 'ENODATA' ? 'no TXT record' : `no answer (${code})`;
    return { ok: false, found: `TXT at ${name}: ${what}.` };
  }
}

async function fileAt(settings: ProbeSettings, domain: string, token: string): Promise<{ ok: boolean; found: string }> {
  const scope = new ProbeScope(
    [{ kind: 'domain', value: domain, status: 'verified' }],
    settings.allowPrivate,
    settings.loopbackOnly,
  );
  const net = new ProbeNet(scope, { ...settings, concurrency: 1, ratePerSecond: 10 });
  const notes: string[] = [];
  for (const scheme of ['https', 'http']) {
    const url = new URL(`${scheme}://${domain}${FILE_PATH}`);
    try {
      const answer = await net.get(url);
      if (answer.status === 200 && holdsToken(answer.body, token))
        return { ok: true, found: `${url.href} holds the token.` };
      notes.push(
        answer.status === 200 ? `${url.href} does not hold the token.` : `${url.href} answered HTTP ${answer.status}.`,
      );
    } catch (error) {
      notes.push(`${url.href}: ${(error as Error).message}`);
    }
  }
  return { ok: false, found: notes.join(' ') };
}

export async function proveDomain(settings: ProbeSettings, domain: string, token: string): Promise<ProofResult> {
  const resolver = resolverOf(settings);
  const txt = await Promise.all([domain, `${CHALLENGE_LABEL}.${domain}`].map((name) => txtAt(resolver, name, token)));
  const proven = txt.find((t) => t.ok);
  if (proven) return { ok: true, method: 'dns_txt', found: proven.found };
  const file = await fileAt(settings, domain, token);
  if (file.ok) return { ok: true, method: 'http_file', found: file.found };
  return { ok: false, found: `No proof found for ${domain}. ${txt.map((t) => t.found).join(' ')} ${file.found}` };
}

/** Up to SAMPLE addresses spread evenly over the netblock (all of them in a small one). */
export function sampleOf(cidr: string): string[] {
  const [address = '', bits = ''] = cidr.split('/');
  const family = isIP(address) as 4 | 6;
  const size = 1n << BigInt((family === 4 ? 32 : 128) - Number(bits));
  const base = ipToBigInt(address, family);
  const count = size < BigInt(SAMPLE) ? size : BigInt(SAMPLE);
  const step = count > 1n ? (size - 1n) / (count - 1n) : 0n;
  return Array.from({ length: Number(count) }, (_, i) => bigIntToIp(base + BigInt(i) * step, family));
}

export async function proveNetblock(
  settings: ProbeSettings,
  cidr: string,
  verifiedDomains: string[],
): Promise<ProofResult> {
  if (verifiedDomains.length === 0) {
    return {
      ok: false,
      found: `No verified domain in this scope yet: verify one first, whose names the PTR records of ${cidr} point under.`,
    };
  }
  const resolver = resolverOf(settings);
  const under = (name: string) => {
    const n = name.toLowerCase().replace(/\.$/, '');
    return verifiedDomains.some((d) => n === d || n.endsWith(`.${d}`));
  };
  const sample = sampleOf(cidr);
  const misses: string[] = [];
  for (const address of sample) {
    const names = await resolver.reverse(address).catch((error: unknown) => [`(no PTR: ${codeOf(error)})`]);
    if (!names.some(under)) misses.push(`${address} → ${names.join(', ') || '(no PTR)'}`);
  }
  if (misses.length === 0) {
    return {
      ok: true,
      method: 'reverse_dns',
      found: `The PTR records of ${sample.length} address(es) of ${cidr} are under verified domains.`,
    };
  }
  return {
    ok: false,
    found: `${misses.length} of ${sample.length} address(es) of ${cidr} have no PTR record under a verified domain (${verifiedDomains.join(', ')}): ${misses.slice(0, 4).join('; ')}${misses.length > 4 ? '; …' : ''}. A platform operator may approve the netblock instead.`,
  };
}
