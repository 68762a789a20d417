// A development (or test) start listens on loopback only: outside production the server shows every
// e-mail it would send at /api/dev/outbox (sign-in codes, password-reset links), signs anyone in
// through the local OpenID provider, and lets webhooks reach private addresses. On another HOST
// that would hand all of it to whoever can reach the machine, so the start refuses unless told
// explicitly (VIGIL_DEV_ALLOW_REMOTE=1), and then says so in its summary.
import { isLoopbackAddress } from '../shared/address-policy.js';
import type { AppConfig } from './env.js';

type HostSettings = Pick<AppConfig, 'nodeEnv' | 'host' | 'devAllowRemote'>;

/** Whether HOST reaches this machine's loopback interface only. */
export function isLoopbackHost(host: string): boolean {
  const name = host.toLowerCase().replace(/\.$/, '');
  return name === 'localhost' || isLoopbackAddress(name);
}

/** Why this start is refused (a sentence for the console), or undefined when it may listen. */
export function devHostRefusal(config: HostSettings): string | undefined {
  if (config.nodeEnv === 'production' || config.devAllowRemote || isLoopbackHost(config.host)) return undefined;
  return (
    `Vigil was not started: HOST=${config.host} is not a loopback address, and a ${config.nodeEnv} start ` +
    'would show every sign-in code and password-reset link at /api/dev/outbox to anyone who can reach it ' +
    'and would let webhooks reach private addresses. Use HOST=127.0.0.1 (the default), set ' +
    'NODE_ENV=production for a real deployment, or set VIGIL_DEV_ALLOW_REMOTE=1 if you mean to expose ' +
    'this development server to your network.'
  );
}

/** The summary's warning line when a development start listens beyond loopback, else undefined. */
export function devHostWarning(config: HostSettings): string | undefined {
  if (config.nodeEnv === 'production' || isLoopbackHost(config.host)) return undefined;
  return `  WARNING       ${config.nodeEnv} start on HOST=${config.host} (VIGIL_DEV_ALLOW_REMOTE=1): whoever reaches it can read the mailbox at /api/dev/outbox`;
}
