// Where a webhook may post. A URL is http or https, without credentials; unless the deployment
// allows it (WEBHOOK_PRIVATE_TARGETS, allowed outside production only by default), no address of
// the host may be private, loopback, link-local or otherwise internal (shared/address-policy.ts,
// which sees through IPv6 forms carrying an IPv4 address). The check runs when the URL is saved
// (literal addresses) and again at each delivery, on the addresses the name resolves to then;
// the request goes to the address that was checked (no second lookup: no DNS rebinding).
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { isInternalAddress } from '../../shared/address-policy.js';

/** Why a webhook URL is refused when saved, or undefined when it may be saved. */
export function refuseUrl(raw: string, allowInternal: boolean): string | undefined {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'Not a URL.';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'Only http and https URLs are accepted.';
  if (url.username || url.password) return 'A webhook URL may not carry a user name or password.';
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (!allowInternal && (isIP(host) ? isInternalAddress(host) : host === 'localhost' || host.endsWith('.localhost'))) {
    return 'Private, loopback and link-local addresses are not allowed as webhook targets.';
  }
  return undefined;
}

export interface ResolvedTarget {
  url: URL;
  address: string;
  family: 4 | 6;
}

/** Resolves the URL's host now and checks every address; throws (a permanent refusal) when one is internal. */
export async function resolveTarget(raw: string, allowInternal: boolean): Promise<ResolvedTarget> {
  const url = new URL(raw);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const addresses = isIP(host)
    ? [{ address: host, family: isIP(host) }]
    : await lookup(host, { all: true, verbatim: true });
  const first = addresses[0];
  if (!first) throw new TargetRefused(`${host} has no address.`);
  if (!allowInternal && addresses.some((a) => isInternalAddress(a.address))) {
    throw new TargetRefused(`${host} resolves to a private, loopback or link-local address.`);
  }
  return { url, address: first.address, family: first.family === 6 ? 6 : 4 };
}

/** The target may not be posted to (a refused address): not retried. */
export class TargetRefused extends Error {}
