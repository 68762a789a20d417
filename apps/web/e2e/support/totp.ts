import { createHmac } from 'node:crypto';

/** An authenticator app's code (RFC 6238: HMAC-SHA1, 30 s, 6 digits) for a base32 secret, `offset` steps from now. */
export function appCode(secret: string, offset = 0, at = Date.now()): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const char of secret.replace(/=+$/, '')) bits += alphabet.indexOf(char).toString(2).padStart(5, '0');
  const key = Buffer.from((bits.match(/.{8}/g) ?? []).map((byte) => Number.parseInt(byte, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 30_000) + offset));
  const mac = createHmac('sha1', key).update(counter).digest();
  const start = (mac.at(-1) ?? 0) & 0x0f;
  return ((mac.readUInt32BE(start) & 0x7fffffff) % 1_000_000).toString().padStart(6, '0');
}
