// What a probe run may contact: the inventory's VERIFIED scope entries (asset_scopes, ADR 0041) of
// domains, each with every name under it, and netblocks. A host name is contacted only when it lies
// under a verified scope domain, an IP address given as an asset only when it lies in a verified
// scope netblock; either way never at a private, loopback or link-local address unless the run
// allows it (ADR 0019). An entry that is not verified counts for nothing here, whoever built the
// scope: probe-net.ts asks this object before every connection (defence in depth beside the query).
import { BlockList, isIP } from 'node:net';
import type { Executor } from '../../../db/database.js';
import { isInternalAddress, isLoopbackAddress } from '../../../shared/address-policy.js';
import { verifiedScopeOf } from '../scopes.service.js';

export interface Inventory {
  companyId: number;
  /** null: the company's own assets. */
  supplierId: number | null;
}

/** One scope entry as the probes see it: only `verified` ones may be contacted. */
export interface ScopeEntry {
  kind: 'domain' | 'netblock';
  value: string;
  status: 'unverified' | 'verified' | 'lost';
}

export class ProbeScope {
  private readonly netblocks = new BlockList();
  private netblockCount = 0;
  readonly domains: readonly string[];

  constructor(
    entries: readonly ScopeEntry[],
    private readonly allowPrivate: boolean,
    private readonly loopbackOnly = false,
  ) {
    const verified = entries.filter((e) => e.status === 'verified');
    const of = (kind: ScopeEntry['kind']) => verified.filter((e) => e.kind === kind).map((e) => e.value);
    this.domains = [...new Set(of('domain').map((d) => d.toLowerCase().replace(/\.$/, '')))].sort();
    for (const cidr of of('netblock')) {
      const [address = '', bits = ''] = cidr.split('/');
      const family = isIP(address);
      if (family === 0) continue;
      const prefix = bits === '' ? (family === 4 ? 32 : 128) : Number(bits);
      this.netblocks.addSubnet(address, prefix, family === 4 ? 'ipv4' : 'ipv6');
      this.netblockCount += 1;
    }
  }

  /** A name equal to a scope domain or under one. */
  hostInScope(host: string): boolean {
    const name = host.toLowerCase().replace(/\.$/, '');
    return this.domains.some((d) => name === d || name.endsWith(`.${d}`));
  }

  ipInScope(address: string): boolean {
    const family = isIP(address);
    return family !== 0 && this.netblockCount > 0 && this.netblocks.check(address, family === 4 ? 'ipv4' : 'ipv6');
  }

  /** Whether this target (a host name or an IP address) may be probed at all. */
  targetInScope(target: string): boolean {
    return isIP(target) ? this.ipInScope(target) : this.hostInScope(target);
  }

  /** Why an address may not be contacted (private when the run does not allow it), or undefined. */
  refuseAddress(address: string): string | undefined {
    return refuseProbeAddress(address, { allowPrivate: this.allowPrivate, loopbackOnly: this.loopbackOnly });
  }
}

/** The address policy as the probes apply it (shared/address-policy.ts): why not, or undefined. */
export function refuseProbeAddress(
  address: string,
  run: { allowPrivate: boolean; loopbackOnly: boolean },
): string | undefined {
  if (run.loopbackOnly && !isLoopbackAddress(address))
    return `${address} is not a loopback address (this run probes local targets only).`;
  if (!run.allowPrivate && isInternalAddress(address)) {
    return `${address} is a private, loopback or link-local address (not allowed for probes here).`;
  }
  return undefined;
}

/** The inventory's verified scope entries (the one place a run's targets are bounded). */
export async function loadScope(
  db: Executor,
  inventory: Inventory,
  settings: { allowPrivate: boolean; loopbackOnly: boolean },
): Promise<ProbeScope> {
  return new ProbeScope(await verifiedScopeOf(db, inventory), settings.allowPrivate, settings.loopbackOnly);
}
