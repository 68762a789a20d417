// Each collection's rows as STIX 2.1 objects. Ids are stable (stix.ids.ts): the same row gives the
// same ids on every call. Nothing secret goes out: a leaked credential is its domain or the URL it
// was stolen for, never the address's password (masked or hashed) nor the e-mail address.
import { stixId, stixTime } from './stix.ids.js';
import {
  type CompanyRef,
  domainPattern,
  identityId,
  type StixObject,
  uriOf,
  urlObservable,
  urlPattern,
  versionDates,
} from './stix.objects.js';
import type { CloneRow, CredentialRow, CveRow, ScriptRow, VulnerableAssetRow } from './taxii.sources.js';

const V = '2.1' as const;

/** A leaked credential: an indicator of its domain (or the stealer log's URL), sighted at the company. */
export function credentialObjects(row: CredentialRow, company: CompanyRef): StixObject[] {
  const dates = versionDates(row.created_at, row.at);
  const by = identityId(company.id);
  const uri = row.url ? uriOf(row.url) : null;
  const indicator: StixObject = {
    type: 'indicator',
    spec_version: V,
    id: stixId('indicator', 'credential', company.id, row.key),
    created_by_ref: by,
    ...dates,
    name: uri ? `Credential stolen for ${uri}` : `Leaked credential of ${row.domain}`,
    description: `Source: ${row.source_kind} (${row.source_name}).`,
    indicator_types: ['compromised'],
    pattern: uri ? urlPattern(uri) : domainPattern(row.domain),
    pattern_type: 'stix',
    valid_from: stixTime(row.first_seen_at),
    labels: [row.source_kind, row.severity],
  };
  const objects: StixObject[] = [indicator];
  const sighting: StixObject = {
    type: 'sighting',
    spec_version: V,
    id: stixId('sighting', 'credential', company.id, row.key),
    created_by_ref: by,
    ...dates,
    sighting_of_ref: indicator.id,
    where_sighted_refs: [by],
    first_seen: stixTime(row.first_seen_at),
    last_seen: stixTime(row.last_seen_at),
    count: 1,
  };
  if (uri) {
    // The stealer log's URL as observed: observed-data needs the observable it refers to.
    const url = urlObservable(uri);
    const observed: StixObject = {
      type: 'observed-data',
      spec_version: V,
      id: stixId('observed-data', 'credential', company.id, row.key),
      created_by_ref: by,
      ...dates,
      first_observed: stixTime(row.first_seen_at),
      last_observed: stixTime(row.last_seen_at),
      number_observed: 1,
      object_refs: [url.id],
    };
    objects.push(url, observed);
    sighting.observed_data_refs = [observed.id];
  }
  objects.push(sighting);
  return objects;
}

/** A finding on a store page's script: an indicator of where the script comes from, sighted at the company. */
export function scriptObjects(row: ScriptRow, company: CompanyRef): StixObject[] {
  const dates = versionDates(row.created_at, row.at);
  const by = identityId(company.id);
  const uri = row.url ? uriOf(row.url) : null;
  const pattern = uri ? urlPattern(uri) : domainPattern(row.host ?? '');
  const indicator: StixObject = {
    type: 'indicator',
    spec_version: V,
    id: stixId('indicator', 'script', company.id, row.key),
    created_by_ref: by,
    ...dates,
    name: row.title,
    indicator_types: ['malicious-activity'],
    pattern,
    pattern_type: 'stix',
    valid_from: stixTime(row.first_seen_at),
    labels: [row.kind],
  };
  const sighting: StixObject = {
    type: 'sighting',
    spec_version: V,
    id: stixId('sighting', 'script', company.id, row.key),
    created_by_ref: by,
    ...dates,
    sighting_of_ref: indicator.id,
    where_sighted_refs: [by],
    first_seen: stixTime(row.first_seen_at),
    last_seen: stixTime(row.last_seen_at),
    count: 1,
  };
  return [indicator, sighting];
}

/** A lookalike store: the infrastructure (phishing) and the indicator of its domain that points at it. */
export function cloneObjects(row: CloneRow, company: CompanyRef): StixObject[] {
  const dates = versionDates(row.first_seen_at, row.at);
  const by = identityId(company.id);
  const infrastructure: StixObject = {
    type: 'infrastructure',
    spec_version: V,
    id: stixId('infrastructure', 'clone', company.id, row.key),
    created_by_ref: by,
    ...dates,
    name: row.domain,
    description: `Lookalike of the company's store at ${row.url}.`,
    infrastructure_types: ['phishing'],
    first_seen: stixTime(row.first_seen_at),
    last_seen: stixTime(row.at),
  };
  const indicator: StixObject = {
    type: 'indicator',
    spec_version: V,
    id: stixId('indicator', 'clone', company.id, row.key),
    created_by_ref: by,
    ...dates,
    name: `Store clone ${row.domain}`,
    indicator_types: ['malicious-activity'],
    pattern: domainPattern(row.domain),
    pattern_type: 'stix',
    valid_from: stixTime(row.first_seen_at),
  };
  const relationship: StixObject = {
    type: 'relationship',
    spec_version: V,
    id: stixId('relationship', 'clone', company.id, row.key),
    created_by_ref: by,
    ...dates,
    relationship_type: 'indicates',
    source_ref: indicator.id,
    target_ref: infrastructure.id,
  };
  return [infrastructure, indicator, relationship];
}

/** A CVE of the public catalogue: one id per CVE, the same in every collection and company. */
export function cveVulnerability(cve: { cve_id: string; published_at: Date | null; at: Date; description: string }) {
  return {
    type: 'vulnerability',
    spec_version: V,
    id: stixId('vulnerability', 'cve', cve.cve_id),
    ...versionDates(cve.published_at ?? cve.at, cve.at),
    name: cve.cve_id,
    description: cve.description,
    external_references: [
      {
        source_name: 'cve',
        external_id: cve.cve_id,
        url: `https://www.cve.org/CVERecord?id=${encodeURIComponent(cve.cve_id)}`,
      },
    ],
  } satisfies StixObject;
}

export function cveObjects(row: CveRow): StixObject[] {
  return [cveVulnerability({ ...row, cve_id: String(row.key) })];
}

/**
 * A scanner finding: the asset as infrastructure that has the vulnerability. A CVE of the catalogue is
 * referred to by its one id (its object is in the CVE landscape collection); a CVE the catalogue lacks,
 * or the scanner's own check, is a vulnerability of this finding.
 */
export function vulnerableAssetObjects(row: VulnerableAssetRow, company: CompanyRef): StixObject[] {
  const dates = versionDates(row.created_at, row.at);
  const by = identityId(company.id);
  const infrastructure: StixObject = {
    type: 'infrastructure',
    spec_version: V,
    id: stixId('infrastructure', 'asset-finding', company.id, row.key),
    created_by_ref: by,
    ...dates,
    name: row.host,
  };
  const objects: StixObject[] = [infrastructure];
  let target = row.cve_id && row.in_catalogue ? stixId('vulnerability', 'cve', row.cve_id) : '';
  if (!target) {
    const vulnerability: StixObject = {
      type: 'vulnerability',
      spec_version: V,
      id: stixId('vulnerability', 'asset-finding', company.id, row.key),
      created_by_ref: by,
      ...dates,
      name: row.cve_id ?? row.name,
      ...(row.cve_id ? { external_references: [{ source_name: 'cve', external_id: row.cve_id }] } : {}),
    };
    objects.push(vulnerability);
    target = vulnerability.id;
  }
  objects.push({
    type: 'relationship',
    spec_version: V,
    id: stixId('relationship', 'asset-finding', company.id, row.key),
    created_by_ref: by,
    ...dates,
    relationship_type: 'has',
    source_ref: infrastructure.id,
    target_ref: target,
  });
  return objects;
}
