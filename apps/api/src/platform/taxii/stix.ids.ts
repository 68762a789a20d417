// Stable STIX identifiers: a UUIDv5 (RFC 9562) of a fixed namespace and the record's key, so the
// same record always answers with the same id (a TAXII client dedupes and versions by id).
import { createHash } from 'node:crypto';

/** Vigil's namespace for STIX ids (a random UUID fixed once: changing it renames every object). */
export const VIGIL_STIX_NAMESPACE = '6f1d3a52-8a0e-4c39-9d54-2b7c1e9f4a60';

/** UUIDv5 of `name` in `namespace`. */
export function uuidV5(name: string, namespace: string = VIGIL_STIX_NAMESPACE): string {
  const ns = Buffer.from(namespace.replaceAll('-', ''), 'hex');
  const hash = createHash('sha1').update(ns).update(name, 'utf8').digest();
  hash[6] = ((hash[6] ?? 0) & 0x0f) | 0x50;
  hash[8] = ((hash[8] ?? 0) & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** `<type>--<uuidv5(type + key)>`: e.g. stixId('indicator', 'credential', 7, 123). */
export function stixId(type: string, ...key: (string | number)[]): string {
  return `${type}--${uuidV5([type, ...key].join('\u001f'))}`;
}

/** A STIX timestamp (UTC, milliseconds, `Z`). */
export function stixTime(at: Date): string {
  return at.toISOString();
}
