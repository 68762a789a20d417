// argon2id with OWASP's minimum: m = 19 MiB, t = 2, p = 1.
import { hash, verify } from '@node-rs/argon2';

// algorithm 2 is Argon2id (the package's const enum cannot be imported under verbatimModuleSyntax).
const options = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password, options);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Verifies against a fixed dummy hash with the same parameters, so that an unknown e-mail costs the
 * same time as a wrong password (ADR 0006). Always false.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword('dummy password that nobody has');
  await verifyPassword(await dummyHash, password);
  return false;
}
