// The probes' local targets: for each domain, a DNS zone served by the local DNS server and a set
// of sites, each with one problem worth a finding:
//   <domain>        hardened site, SPF but no DMARC, an MX whose name is a dangling CNAME
//   hosts[0] (www)  hardened site, valid certificate, plain HTTP redirecting to HTTPS
//   hosts[1] (shop) no security headers, an admin panel, a certificate expiring in 12 days,
//                   TLS 1.0 and a suite without forward secrecy still accepted, plain HTTP served
//   hosts[2] (api)  an expired certificate, and a database port open
//   hosts[3] (vpn)  a sign-in page without HSTS, a certificate for another name
// Everything listens on 127.0.0.1 and every name resolves there: each site has ports of its own,
// and the runs' connect_to (probes/connect-to.ts) sends each name's HTTPS, HTTP and service port
// (443, 80, 6379 to the probes) to its site's ports, or says nothing listens there.
// The tests start it with a test domain; the development start with the demo companies' (labelled
// demo), and queues their probe runs against it with `jobOptions()`.
import { type CertificateAuthority, issueCertificate, makeAuthority } from './certificates.js';
import { type DnsServer, startDnsServer, type Zone, type ZoneRecord } from './dns-server.js';
import { type Listener, type SiteKind, startHttpSite, startHttpsSite, startTcpService } from './web-servers.js';

export interface TargetDomain {
  domain: string;
  /** Four host names under the domain, in the roles above. */
  hosts: string[];
  /** Every other name under the domain resolves too, and nothing listens there. */
  wildcard?: boolean;
}

/** The ports the probes ask for (the targets' job options); connect_to sends them to the real ones. */
export const TARGET_PORTS = { https: 443, http: 80, service: 6379 } as const;

/** What a probe run needs to reach the targets (job options only the platform sets). */
export interface TargetJobOptions {
  resolver: string;
  https_ports: number[];
  http_ports: number[];
  ports: string[];
  allow_private: true;
  ca: string;
  connect_to: Record<string, string | null>;
}

export interface ProbeTargets {
  dns: DnsServer;
  /** The zone the DNS server answers from (a test may change it between runs). */
  zone: Zone;
  /** The runs' connect_to (a test may add its own entries). */
  connectTo: Record<string, string | null>;
  authority: CertificateAuthority;
  /** Every listener by host name (the apex and each host). */
  listeners: Map<string, Listener[]>;
  /** The listener behind a host name's port as the probes ask for it (TARGET_PORTS). */
  listenerAt(name: string, port: number): Listener | undefined;
  jobOptions(): TargetJobOptions;
  close(): Promise<void>;
}

export interface TargetsOptions {
  /** More names for the zone (a test's out-of-scope host). */
  extraZone?: Zone;
  /**
   * More names (or `*.<suffix>` wildcards) served by one of the sites: name → the site's host
   * name. They resolve to 127.0.0.1 and reach that site on every port.
   */
  aliases?: Record<string, string>;
}

interface Site {
  name: string;
  kind: SiteKind;
  tls: { names: string[]; validFromDays: number; validToDays: number; outdated?: boolean };
  http?: SiteKind;
  service?: boolean;
}

const LOOPBACK = '127.0.0.1';
const here = (): ZoneRecord[] => [{ type: 'A', data: LOOPBACK }];

function layout(target: TargetDomain): { sites: Site[]; zone: Zone } {
  const { domain } = target;
  const [www = `www.${domain}`, shop = `shop.${domain}`, api = `api.${domain}`, vpn = `vpn.${domain}`] = target.hosts;
  const valid = (name: string) => ({ names: [name], validFromDays: -30, validToDays: 300 });
  const sites: Site[] = [
    { name: domain, kind: 'hardened', tls: valid(domain) },
    { name: www, kind: 'hardened', tls: valid(www), http: 'redirect' },
    {
      name: shop,
      kind: 'bare',
      tls: { names: [shop], validFromDays: -300, validToDays: 12, outdated: true },
      http: 'bare',
    },
    { name: api, kind: 'hardened', tls: { names: [api], validFromDays: -400, validToDays: -5 }, service: true },
    { name: vpn, kind: 'login', tls: valid(`portal.${domain}`) },
  ];
  const zone: Zone = {
    [domain]: [
      ...here(),
      { type: 'MX', data: { preference: 10, exchange: `mx.${domain}` } },
      { type: 'TXT', data: 'v=spf1 mx -all' },
    ],
    [`mx.${domain}`]: [{ type: 'CNAME', data: `${domain.replace(/\./g, '-')}.mail-hosting-gone.invalid` }],
  };
  for (const s of sites.slice(1)) zone[s.name] = here();
  if (target.wildcard) zone[`*.${domain}`] = here();
  return { sites, zone };
}

export async function startProbeTargets(domains: TargetDomain[], options: TargetsOptions = {}): Promise<ProbeTargets> {
  const authority = makeAuthority('Vigil demo targets CA');
  const plans = domains.map((d) => layout(d));
  const sites = plans.flatMap((p) => p.sites);
  const zone: Zone = Object.assign({}, ...plans.map((p) => p.zone));
  const listeners = new Map<string, Listener[]>();
  /** Each name's real port by the port the probes ask for (absent: nothing listens). */
  const ports = new Map<string, Map<number, number>>();
  for (const s of sites) {
    const started = new Map<number, Listener>();
    const tls = { ...issueCertificate(authority, s.tls), outdated: s.tls.outdated ?? false };
    started.set(TARGET_PORTS.https, await startHttpsSite(s.kind, LOOPBACK, 0, tls));
    if (s.http) started.set(TARGET_PORTS.http, await startHttpSite(s.http, LOOPBACK, 0));
    if (s.service) started.set(TARGET_PORTS.service, await startTcpService(LOOPBACK, 0));
    listeners.set(s.name, [...started.values()]);
    ports.set(s.name, new Map([...started].map(([asked, l]) => [asked, l.port])));
  }
  const connectTo: Record<string, string | null> = {};
  const serve = (name: string, site: string | undefined) => {
    for (const asked of Object.values(TARGET_PORTS)) {
      const real = site === undefined ? undefined : ports.get(site)?.get(asked);
      connectTo[`${name}:${asked}`] = real === undefined ? null : `${LOOPBACK}:${real}`;
    }
  };
  for (const s of sites) serve(s.name, s.name);
  for (const name of Object.keys(zone)) if (name.startsWith('*.')) serve(name, undefined);
  for (const [name, site] of Object.entries(options.aliases ?? {})) {
    if (!ports.has(site)) throw new Error(`no site ${site} for ${name}`);
    zone[name] = here();
    serve(name, site);
  }
  Object.assign(zone, options.extraZone);
  const dns = await startDnsServer(zone);
  return {
    dns,
    zone,
    connectTo,
    authority,
    listeners,
    listenerAt: (name, port) => {
      const real = ports.get(name)?.get(port);
      return listeners.get(name)?.find((l) => l.port === real);
    },
    jobOptions: () => ({
      resolver: `${LOOPBACK}:${dns.port}`,
      https_ports: [TARGET_PORTS.https],
      http_ports: [TARGET_PORTS.http],
      ports: [`${TARGET_PORTS.service}:redis`],
      allow_private: true,
      ca: authority.cert,
      connect_to: { ...connectTo },
    }),
    close: async () => {
      await dns.close();
      await Promise.all([...listeners.values()].flat().map((l) => l.close()));
    },
  };
}
