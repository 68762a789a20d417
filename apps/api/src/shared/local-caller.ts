// Who may call the operations endpoints that are not part of the API (/metrics, /ops/backup): a
// caller on this machine, or one presenting a configured bearer token.
import type { FastifyRequest } from 'fastify';
import { isLoopbackAddress } from './address-policy.js';
import { safeEqual } from './secrets.js';

/**
 * The request comes from this machine (loopback, or the server's own address when HOST names one
 * interface) and no proxy relayed it (a proxy on this machine would make every visitor look local).
 */
export function fromThisMachine(request: FastifyRequest): boolean {
  const relayed = request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined;
  const from = request.socket.remoteAddress ?? '';
  return !relayed && (isLoopbackAddress(from) || from === request.socket.localAddress);
}

/** The request presents `Authorization: Bearer <token>` (compared in constant time). */
export function presentsBearer(request: FastifyRequest, token: string): boolean {
  return safeEqual(request.headers.authorization ?? '', `Bearer ${token}`);
}
