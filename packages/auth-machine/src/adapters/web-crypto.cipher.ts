import type { Cipher } from '../ports.js';

/**
 * The embedded default secret (spec §3: "a fixed embedded secret"). It ships in the bundle, so it
 * hides the stored user from a casual look and protects nothing: see the README.
 */
export const DEFAULT_CIPHER_SECRET = 'vigil-session-obfuscation-v1';

/** The slice of Web Crypto this adapter uses (browsers and Node 20 have it as `globalThis.crypto`). */
interface WebCryptoKey {
  readonly type: string;
}
interface WebCrypto {
  getRandomValues<T extends Uint8Array>(array: T): T;
  subtle: {
    digest(algorithm: 'SHA-256', data: Uint8Array): Promise<ArrayBuffer>;
    importKey(
      format: 'raw',
      key: ArrayBuffer,
      algorithm: 'AES-GCM',
      extractable: false,
      usages: Array<'encrypt' | 'decrypt'>,
    ): Promise<WebCryptoKey>;
    encrypt(algorithm: { name: 'AES-GCM'; iv: Uint8Array }, key: WebCryptoKey, data: Uint8Array): Promise<ArrayBuffer>;
    decrypt(algorithm: { name: 'AES-GCM'; iv: Uint8Array }, key: WebCryptoKey, data: Uint8Array): Promise<ArrayBuffer>;
  };
}
interface Platform {
  crypto?: WebCrypto;
  TextEncoder: new () => { encode(text: string): Uint8Array };
  TextDecoder: new () => { decode(bytes: Uint8Array): string };
  btoa(binary: string): string;
  atob(base64: string): string;
}

// The package's lib is ES2023 only (no DOM): the few platform globals are typed here.
const platform: Platform = globalThis as unknown as Platform;

const IV_BYTES = 12;

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return platform.btoa(binary);
}

function fromBase64(text: string): Uint8Array {
  const binary = platform.atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/**
 * AES-GCM under a key derived (SHA-256) from `secret`. Output: base64 of a random 12-byte IV
 * followed by the ciphertext. Decrypting anything else rejects.
 *
 * @example
 * const cipher = createWebCryptoCipher({ secret: import.meta.env.VITE_SESSION_SECRET });
 * const text = await cipher.decrypt(await cipher.encrypt('hello')); // 'hello'
 */
export function createWebCryptoCipher(options: { secret?: string; crypto?: WebCrypto } = {}): Cipher {
  const crypto = options.crypto ?? platform.crypto;
  if (crypto === undefined) throw new Error('Web Crypto is not available (globalThis.crypto.subtle).');
  const encoder = new platform.TextEncoder();
  const decoder = new platform.TextDecoder();
  const key = crypto.subtle
    .digest('SHA-256', encoder.encode(options.secret ?? DEFAULT_CIPHER_SECRET))
    .then((hash) => crypto.subtle.importKey('raw', hash, 'AES-GCM', false, ['encrypt', 'decrypt']));
  return {
    async encrypt(plain) {
      const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
      const sealed = new Uint8Array(
        await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, await key, encoder.encode(plain)),
      );
      const out = new Uint8Array(IV_BYTES + sealed.length);
      out.set(iv);
      out.set(sealed, IV_BYTES);
      return toBase64(out);
    },
    async decrypt(encrypted) {
      const bytes = fromBase64(encrypted);
      if (bytes.length <= IV_BYTES) throw new Error('Not an encrypted value.');
      const iv = bytes.slice(0, IV_BYTES);
      const plain = await crypto.subtle.decrypt({ name: 'AES-GCM', iv }, await key, bytes.slice(IV_BYTES));
      return decoder.decode(new Uint8Array(plain));
    },
  };
}
