// Every outgoing TCP connection of this test process (TLS and HTTP ones included: they all go
// through net.Socket's connect), recorded as `<address>:<port>` or `unix:<path>` by a spy that
// lets each through unchanged: the probes' tests assert that they only ever contacted 127.0.0.1.
import { Socket } from 'node:net';
import { vi } from 'vitest';

function describeTarget(args: unknown[]): string {
  const first = Array.isArray(args[0]) ? args[0][0] : args[0];
  if (typeof first === 'string') return `unix:${first}`;
  if (typeof first === 'number') return `${typeof args[1] === 'string' ? args[1] : 'localhost'}:${first}`;
  const options = (first ?? {}) as { host?: string; port?: number | string; path?: string };
  if (options.path) return `unix:${options.path}`;
  return `${options.host ?? 'localhost'}:${options.port}`;
}

export function recordConnections(): { targets: () => string[]; stop: () => void } {
  const spy = vi.spyOn(Socket.prototype, 'connect');
  return {
    targets: () => spy.mock.calls.map((call) => describeTarget(call)),
    stop: () => spy.mockRestore(),
  };
}

/** The targets other than 127.0.0.1 (and local socket files): empty when nothing else was contacted. */
export const outsideLoopback = (targets: string[]) =>
  targets.filter((t) => !t.startsWith('127.0.0.1:') && !t.startsWith('unix:'));
