// Random secrets and how they are stored: opaque tokens are kept as SHA-256, short codes as an
// HMAC under a server key (a 6-digit code's plain SHA-256 would be reversed in microseconds).
import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** A URL-safe random token; 32 bytes = 256 bits unless asked otherwise. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

export function hmac(key: string, value: string): string {
  return createHmac('sha256', key).update(value).digest('hex');
}

/** Six decimal digits, uniformly drawn. */
export function randomSixDigitCode(): string {
  return randomInt(0, 1_000_000).toString().padStart(6, '0');
}

export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
