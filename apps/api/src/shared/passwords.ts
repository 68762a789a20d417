// argon2id with OWASP's minimum: m = 19 MiB, t = 2, p = 1. Every hash and verification goes through
// one fair queue (shared/fair-queue.ts): at most `HASHING_CONCURRENCY` at once (the package runs them
// on libuv's thread pool, shared with file and DNS work), in turns per client network, a browser the
// account signed in from before in turns with everyone else. A flood of sign-ins then slows the
// flood, not the other sign-ins (issue 32, item 5).
import { availableParallelism } from 'node:os';
import { hash, verify } from '@node-rs/argon2';
import { FairQueue, type Lane, QueueFullError } from './fair-queue.js';
import { ServiceError } from './service-error.js';

// algorithm 2 is Argon2id (the package's const enum cannot be imported under verbatimModuleSyntax).
const options = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** One per core, leaving at least one of libuv's 4 threads to files and DNS. */
export const HASHING_CONCURRENCY = Math.max(1, Math.min(availableParallelism(), 3));

const queue = new FairQueue({ concurrency: HASHING_CONCURRENCY, maxWaitingPerLane: 8, maxWaiting: 512 });

/** Work of the server itself (the demo seed, tests): its own lane. */
export const serverLane: Lane = { key: 'server', priority: false, unbounded: true };

/** The client network of an address: its /24 (IPv4, also mapped in IPv6) or its /64 (IPv6). */
export function networkOf(ip: string | null): string {
  if (!ip) return 'unknown';
  const v4 = /^(?:::ffff:)?(\d+)\.(\d+)\.(\d+)\.\d+$/i.exec(ip);
  if (v4) return `${v4[1]}.${v4[2]}.${v4[3]}.0/24`;
  if (!ip.includes(':')) return ip;
  const [head = '', tail] = ip.toLowerCase().split('%')[0]?.split('::') ?? [];
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups =
    tail === undefined ? left : [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/** The lane of a request: the account's known browser (its device cookie) has its own, else the network. */
export function laneOf(ip: string | null, knownDeviceUserId?: number | undefined): Lane {
  return knownDeviceUserId === undefined
    ? { key: `net:${networkOf(ip)}`, priority: false }
    : { key: `device:${knownDeviceUserId}`, priority: true };
}

function queued<T>(lane: Lane, task: () => Promise<T>): Promise<T> {
  return queue.run(lane, task).catch((error: unknown) => {
    if (error instanceof QueueFullError) {
      throw new ServiceError(
        'rate_limited',
        { message: 'Too many sign-ins at once from your network. Please try again in a moment.' },
        { retryAfterSeconds: 5 },
      );
    }
    throw error;
  });
}

export function hashPassword(password: string, lane: Lane = serverLane): Promise<string> {
  return queued(lane, () => hash(password, options));
}

export async function verifyPassword(
  passwordHash: string,
  password: string,
  lane: Lane = serverLane,
): Promise<boolean> {
  return queued(lane, async () => {
    try {
      return await verify(passwordHash, password, options);
    } catch {
      return false;
    }
  });
}

let dummyHash: Promise<string> | undefined;

/**
 * Verifies against a fixed dummy hash with the same parameters, in the same lane, so that an
 * unknown e-mail costs the same time as a wrong password (ADR 0006). Always false.
 */
export async function verifyAgainstDummy(password: string, lane: Lane = serverLane): Promise<false> {
  dummyHash ??= hashPassword('dummy password that nobody has');
  await verifyPassword(await dummyHash, password, lane);
  return false;
}
