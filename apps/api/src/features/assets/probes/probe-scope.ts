// What a probe run may contact: the inventory's scope (asset_scopes) of domains, each with every
// name under it, and netblocks. A host name is contacted only when it lies under a scope domain, an
// IP address given as an asset only when it lies in a scope netblock; either way never at a private,
// loopback or link-local address unless the run allows it (ADR 0019).
import { BlockList, isIP } from 'node:net';
import type { Executor } from '../../../db/database.js';
import { isInternalAddress, isLoopbackAddress } from '../../../shared/address-policy.js';
import { scopeOf } from '../scopes.service.js';

export interface Inventory {
  companyId: number;
  /** null: the company's own assets. */
  supplierId: number | null;
}

export class ProbeScope {
  private readonly netblocks = new BlockList();
  private netblockCount = 0;

  constructor(
    readonly domains: readonly string[],
    netblocks: readonly string[],
    private readonly allowPrivate: boolean,
    private readonly loopbackOnly = false,
  ) {
    for (const cidr of netblocks) {
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
    if (this.loopbackOnly && !isLoopbackAddress(address))
      return `${address} is not a loopback address (this run probes local targets only).`;
    if (!this.allowPrivate && isInternalAddress(address)) {
      return `${address} is a private, loopback or link-local address (not allowed for probes here).`;
    }
    return undefined;
  }
}

/** The inventory's scope (scopes.service.ts: declared domains and netblocks, the company's own domains). */
export async function loadScope(
  db: Executor,
  inventory: Inventory,
  settings: { allowPrivate: boolean; loopbackOnly: boolean },
): Promise<ProbeScope> {
  const { domains, netblocks } = await scopeOf(db, inventory);
  return new ProbeScope(
    domains.map((d) => d.toLowerCase().replace(/\.$/, '')),
    netblocks,
    settings.allowPrivate,
    settings.loopbackOnly,
  );
}
