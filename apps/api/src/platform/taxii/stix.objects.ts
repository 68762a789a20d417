// STIX 2.1 building blocks (OASIS, 2021): the object shape, patterns with their string literals
// escaped, cyber-observables with the spec's deterministic ids, and the company as an identity.
import { stixId, stixTime, uuidV5 } from './stix.ids.js';

/** One STIX object as it goes on the wire (snake_case, as the spec names its properties). */
export interface StixObject {
  type: string;
  id: string;
  spec_version: '2.1';
  created?: string;
  modified?: string;
  [property: string]: unknown;
}

/** The spec's namespace for cyber-observable ids (STIX 2.1, section 2.9). */
const SCO_NAMESPACE = '00abedb4-aa42-466c-9c01-fed23315a9b7';

/** A STIX pattern's string literal: quotes and backslashes escaped (STIX patterning, 9.4). */
export function patternLiteral(value: string): string {
  return `'${value.replaceAll('\\', '\\\\').replaceAll("'", "\\'")}'`;
}

export function domainPattern(domain: string): string {
  return `[domain-name:value = ${patternLiteral(domain)}]`;
}

/**
 * A URL as an RFC 3986 URI (what STIX's url:value must be): parsed, then any character a URI may not
 * hold percent-encoded; null when it is no http(s) URL at all (a stealer log's text can be anything).
 */
export function uriOf(raw: string): string | null {
  if (!URL.canParse(raw)) return null;
  const url = new URL(raw);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  return url.href.replace(/[^A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=%]/g, (c) => encodeURIComponent(c));
}

export function urlPattern(url: string): string {
  return `[url:value = ${patternLiteral(url)}]`;
}

/** A `url` cyber-observable; its id is UUIDv5 of its value, the same in every producer's bundle. */
export function urlObservable(url: string): StixObject {
  return {
    type: 'url',
    spec_version: '2.1',
    id: `url--${uuidV5(JSON.stringify({ value: url }), SCO_NAMESPACE)}`,
    value: url,
  };
}

export interface CompanyRef {
  id: number;
  name: string;
  created_at: Date;
}

/** The company as the `identity` every object of its collections is created by. */
export function companyIdentity(company: CompanyRef): StixObject {
  const at = stixTime(company.created_at);
  return {
    type: 'identity',
    spec_version: '2.1',
    id: identityId(company.id),
    created: at,
    modified: at,
    name: company.name,
    identity_class: 'organization',
  };
}

export function identityId(companyId: number): string {
  return stixId('identity', 'company', companyId);
}

/** The dates of a version: created, and modified never before it (STIX requires modified >= created). */
export function versionDates(created: Date, modified: Date): { created: string; modified: string } {
  const last = modified.getTime() < created.getTime() ? created : modified;
  return { created: stixTime(created), modified: stixTime(last) };
}
