// The secret of an API token: `vigil_pat_`, 43 random base62 characters (256 bits) and a 6-character
// base62 CRC-32 of them. The fixed prefix lets secret scanners (gitleaks, GitHub push protection)
// find a leaked token; the checksum lets them, and this server, tell a real token from a lookalike
// without a database read. Only its SHA-256 is stored.
import { randomBytes } from 'node:crypto';
import { crc32 } from 'node:zlib';

export const TOKEN_PREFIX = 'vigil_pat_';
const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const BODY_LENGTH = 43;
const CHECKSUM_LENGTH = 6;
/** What a scanner's rule matches (also in docs/operations.md). */
export const TOKEN_PATTERN = /^vigil_pat_[0-9A-Za-z]{49}$/;

function base62(value: bigint, length: number): string {
  let out = '';
  let rest = value;
  for (let i = 0; i < length; i++) {
    out = ALPHABET[Number(rest % 62n)] + out;
    rest /= 62n;
  }
  return out;
}

function checksumOf(body: string): string {
  return base62(BigInt(crc32(body)), CHECKSUM_LENGTH);
}

/** A new secret: 32 random bytes as 43 base62 characters, then their checksum. */
export function newTokenSecret(): string {
  const body = base62(BigInt(`0x${randomBytes(32).toString('hex')}`), BODY_LENGTH);
  return `${TOKEN_PREFIX}${body}${checksumOf(body)}`;
}

/** True for anything that starts like an API token (it is then never taken for a session token). */
export function looksLikeApiToken(value: string): boolean {
  return value.startsWith(TOKEN_PREFIX);
}

/** True when the secret has the right shape and its checksum matches. */
export function wellFormedToken(value: string): boolean {
  if (!TOKEN_PATTERN.test(value)) return false;
  const body = value.slice(TOKEN_PREFIX.length, TOKEN_PREFIX.length + BODY_LENGTH);
  return value.slice(TOKEN_PREFIX.length + BODY_LENGTH) === checksumOf(body);
}

/** What the lists show to recognise a token: its prefix and first 6 characters. */
export function hintOf(secret: string): string {
  return `${secret.slice(0, TOKEN_PREFIX.length + 6)}…`;
}
