// One-time passwords of authenticator apps: HOTP (RFC 4226) and TOTP (RFC 6238) with the
// parameters every app understands — HMAC-SHA1, 30-second steps, 6 digits — and base32 secrets.
import { createHmac, randomBytes } from 'node:crypto';

export const TOTP_STEP_SECONDS = 30;
export const TOTP_DIGITS = 6;
/** Steps accepted either side of the current one (clock drift, typing time). */
export const TOTP_WINDOW = 1;

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export function base32Encode(bytes: Buffer): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

export function base32Decode(text: string): Buffer {
  const clean = text.replace(/[\s=]/g, '').toUpperCase();
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const char of clean) {
    const index = BASE32.indexOf(char);
    if (index < 0) throw new Error('Not a base32 string.');
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** A new 160-bit secret, base32 (the size RFC 4226 recommends for HMAC-SHA1). */
export function newTotpSecret(): string {
  return base32Encode(randomBytes(20));
}

/** RFC 4226 §5.3: HMAC-SHA1 of the 8-byte counter, dynamic truncation, `digits` decimal digits. */
export function hotp(key: Buffer, counter: number, digits = TOTP_DIGITS): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac('sha1', key).update(message).digest();
  const offset = (mac[mac.length - 1] ?? 0) & 0x0f;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return (binary % 10 ** digits).toString().padStart(digits, '0');
}

/** The time step of an instant (RFC 6238 T, with T0 = 0). */
export function timeStep(at: Date): number {
  return Math.floor(at.getTime() / 1000 / TOTP_STEP_SECONDS);
}

export function totp(key: Buffer, at: Date, digits = TOTP_DIGITS): string {
  return hotp(key, timeStep(at), digits);
}

/**
 * The step a code matches within ±TOTP_WINDOW of `at`, newer than `lastStep` (a code is never
 * accepted twice); null otherwise. Every step of the window is computed, so the time does not
 * tell which one matched.
 */
export function matchTotp(secret: string, code: string, at: Date, lastStep: number | null): number | null {
  const key = base32Decode(secret);
  const now = timeStep(at);
  let matched: number | null = null;
  for (let step = now - TOTP_WINDOW; step <= now + TOTP_WINDOW; step += 1) {
    if (hotp(key, step) === code && (lastStep === null || step > lastStep) && matched === null) matched = step;
  }
  return matched;
}

export function otpauthUri(secret: string, email: string): string {
  const label = `Vigil:${encodeURIComponent(email)}`;
  return `otpauth://totp/${label}?secret=${secret}&issuer=Vigil&algorithm=SHA1&digits=${TOTP_DIGITS}&period=${TOTP_STEP_SECONDS}`;
}
