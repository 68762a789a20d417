// The probes' local targets: for each domain, a DNS zone served by the local DNS server and a set
// of sites on their own loopback addresses (127.0.0.x), each with one problem worth a finding:
//   <domain>        hardened site, SPF but no DMARC, an MX whose name is a dangling CNAME
//   hosts[0] (www)  hardened site, valid certificate, plain HTTP redirecting to HTTPS
//   hosts[1] (shop) no security headers, an admin panel, a certificate expiring in 12 days,
//                   TLS 1.0 and a suite without forward secrecy still accepted, plain HTTP served
//   hosts[2] (api)  an expired certificate, and a database port open
//   hosts[3] (vpn)  a sign-in page without HSTS, a certificate for another name
// The tests start it with a test domain; the development start with the demo companies' (labelled
// demo), and queues their probe runs against it with `jobOptions()`.
import { type CertificateAuthority, issueCertificate, makeAuthority } from './certificates.js';
import { type DnsServer, startDnsServer, type Zone } from './dns-server.js';
import { type Listener, type SiteKind, startHttpSite, startHttpsSite, startTcpService } from './web-servers.js';

export interface TargetDomain {
  domain: string;
  /** Four host names under the domain, in the roles above. */
  hosts: string[];
  /** Every other name under the domain resolves too, to an address where nothing listens. */
  wildcard?: boolean;
}

/** What a probe run needs to reach the targets (job options only the platform sets). */
export interface TargetJobOptions {
  resolver: string;
  https_ports: number[];
  http_ports: number[];
  ports: string[];
  allow_private: true;
  ca: string;
}

export interface ProbeTargets {
  dns: DnsServer;
  /** The zone the DNS server answers from (a test may change it between runs). */
  zone: Zone;
  authority: CertificateAuthority;
  /** Every listener by host name (the apex and each host). */
  listeners: Map<string, Listener[]>;
  /** The address each host name resolves to. */
  addresses: Map<string, string>;
  jobOptions(): TargetJobOptions;
  close(): Promise<void>;
}

export interface TargetsOptions {
  /** Last byte of the first loopback address used (each domain takes ten from there). */
  firstAddress?: number;
  /** More names for the zone (a test's out-of-scope host). */
  extraZone?: Zone;
}

interface Site {
  name: string;
  address: string;
  kind: SiteKind;
  tls: { names: string[]; validFromDays: number; validToDays: number; outdated?: boolean };
  http?: SiteKind;
  service?: boolean;
}

function layout(target: TargetDomain, base: number): { sites: Site[]; zone: Zone } {
  const { domain } = target;
  const [www = `www.${domain}`, shop = `shop.${domain}`, api = `api.${domain}`, vpn = `vpn.${domain}`] = target.hosts;
  const ip = (offset: number) => `127.0.0.${base + offset}`;
  const valid = (name: string) => ({ names: [name], validFromDays: -30, validToDays: 300 });
  const sites: Site[] = [
    { name: domain, address: ip(0), kind: 'hardened', tls: valid(domain) },
    { name: www, address: ip(1), kind: 'hardened', tls: valid(www), http: 'redirect' },
    {
      name: shop,
      address: ip(2),
      kind: 'bare',
      tls: { names: [shop], validFromDays: -300, validToDays: 12, outdated: true },
      http: 'bare',
    },
    {
      name: api,
      address: ip(3),
      kind: 'hardened',
      tls: { names: [api], validFromDays: -400, validToDays: -5 },
      service: true,
    },
    { name: vpn, address: ip(4), kind: 'login', tls: valid(`portal.${domain}`) },
  ];
  const zone: Zone = {
    [domain]: [
      { type: 'A', data: ip(0) },
      { type: 'MX', data: { preference: 10, exchange: `mx.${domain}` } },
      { type: 'TXT', data: 'v=spf1 mx -all' },
    ],
    [`mx.${domain}`]: [{ type: 'CNAME', data: `${domain.replace(/\./g, '-')}.mail-hosting-gone.invalid` }],
  };
  for (const s of sites.slice(1)) zone[s.name] = [{ type: 'A', data: s.address }];
  if (target.wildcard) zone[`*.${domain}`] = [{ type: 'A', data: ip(9) }];
  return { sites, zone };
}

/** Listens on one port across addresses: the first picks a free one, the others take the same. */
async function samePort(starts: ((port: number) => Promise<Listener>)[]): Promise<Listener[]> {
  for (let attempt = 0; ; attempt += 1) {
    const started: Listener[] = [];
    try {
      for (const start of starts) started.push(await start(started[0]?.port ?? 0));
      return started;
    } catch (error) {
      await Promise.all(started.map((l) => l.close()));
      if (attempt >= 4) throw error;
    }
  }
}

export async function startProbeTargets(domains: TargetDomain[], options: TargetsOptions = {}): Promise<ProbeTargets> {
  const authority = makeAuthority('Vigil demo targets CA');
  const first = options.firstAddress ?? 20;
  const plans = domains.map((d, i) => layout(d, first + 10 * i));
  const sites = plans.flatMap((p) => p.sites);
  const zone: Zone = Object.assign({}, ...plans.map((p) => p.zone), options.extraZone);
  const keys = new Map(sites.map((s) => [s.name, issueCertificate(authority, s.tls)]));
  const listeners = new Map<string, Listener[]>();
  const keyOf = (s: Site) => {
    const pair = keys.get(s.name);
    if (!pair) throw new Error(`no certificate for ${s.name}`);
    return { ...pair, outdated: s.tls.outdated ?? false };
  };
  /** Starts one listener per site on one shared port, filed under each site's name. */
  const startAll = async (of: Site[], start: (s: Site, port: number) => Promise<Listener>) => {
    const started = await samePort(of.map((s) => (port) => start(s, port)));
    of.forEach((s, i) => {
      const listener = started[i];
      if (listener) listeners.set(s.name, [...(listeners.get(s.name) ?? []), listener]);
    });
    return started;
  };
  const https = await startAll(sites, (s, port) => startHttpsSite(s.kind, s.address, port, keyOf(s)));
  const http = await startAll(
    sites.filter((s) => s.http),
    (s, port) => startHttpSite(s.http ?? 'redirect', s.address, port),
  );
  const services = await startAll(
    sites.filter((s) => s.service),
    (s, port) => startTcpService(s.address, port),
  );
  const dns = await startDnsServer(zone);
  return {
    dns,
    zone,
    authority,
    listeners,
    addresses: new Map(sites.map((s) => [s.name, s.address])),
    jobOptions: () => ({
      resolver: `127.0.0.1:${dns.port}`,
      https_ports: [https[0]?.port ?? 443],
      http_ports: http[0] ? [http[0].port] : [],
      ports: services[0] ? [`${services[0].port}:redis`] : [],
      allow_private: true,
      ca: authority.cert,
    }),
    close: async () => {
      await dns.close();
      await Promise.all([...listeners.values()].flat().map((l) => l.close()));
    },
  };
}
