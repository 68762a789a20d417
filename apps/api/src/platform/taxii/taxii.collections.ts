// The API root's collections: four per company (its own rows only) and the public CVE landscape
// shared by every company. A collection id is a UUIDv5 of the company and the collection's name, so
// a collection of another company is not found rather than refused.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import type { TenantScope } from '../../shared/tenant.js';
import { uuidV5 } from './stix.ids.js';
import { cloneObjects, credentialObjects, cveObjects, scriptObjects, vulnerableAssetObjects } from './stix.mapping.js';
import type { CompanyRef, StixObject } from './stix.objects.js';
import {
  cloneRows,
  credentialRows,
  cveRows,
  type PagedRow,
  type RowQuery,
  scriptRows,
  vulnerableAssetRows,
} from './taxii.sources.js';

/** A row of a collection with the objects it stands for. */
export interface CollectionEntry extends PagedRow {
  objects(company: CompanyRef): StixObject[];
}

export interface CollectionSource {
  name: string;
  title: string;
  description: string;
  /** The STIX types its objects can have (a `match[type]` outside them reads nothing). */
  types: readonly string[];
  /** Whether the company's identity is one of its objects (the public landscape has none). */
  company: boolean;
  entries(db: Kysely<Database>, scope: TenantScope, q: RowQuery): Promise<CollectionEntry[]>;
}

/** A source's typed rows and their mapper as one CollectionSource. */
function source<R extends PagedRow>(
  meta: Omit<CollectionSource, 'entries'>,
  rows: (db: Kysely<Database>, scope: TenantScope, q: RowQuery) => Promise<R[]>,
  objects: (row: R, company: CompanyRef) => StixObject[],
): CollectionSource {
  return {
    ...meta,
    entries: async (db, scope, q) =>
      (await rows(db, scope, q)).map((row) => ({ at: row.at, key: row.key, objects: (c) => objects(row, c) })),
  };
}

export const collectionSources: readonly CollectionSource[] = [
  source(
    {
      name: 'leaked-credentials',
      title: 'Leaked credentials',
      description: "Domains of the company's leaked credentials and the URLs stealer logs took them for.",
      types: ['identity', 'indicator', 'sighting', 'observed-data', 'url'],
      company: true,
    },
    credentialRows,
    credentialObjects,
  ),
  source(
    {
      name: 'script-destinations',
      title: 'Malicious script destinations',
      description: "Where the scripts flagged on the company's store pages come from.",
      types: ['identity', 'indicator', 'sighting'],
      company: true,
    },
    scriptRows,
    scriptObjects,
  ),
  source(
    {
      name: 'store-clones',
      title: 'Store clones',
      description: "Lookalike and cloned storefronts of the company's stores.",
      types: ['identity', 'infrastructure', 'indicator', 'relationship'],
      company: true,
    },
    cloneRows,
    cloneObjects,
  ),
  source(
    {
      name: 'vulnerable-assets',
      title: 'Vulnerable assets',
      description: "The company's assets with the vulnerabilities scanners found on them.",
      types: ['identity', 'infrastructure', 'vulnerability', 'relationship'],
      company: true,
    },
    vulnerableAssetRows,
    vulnerableAssetObjects,
  ),
  source(
    {
      name: 'cve-landscape',
      title: 'CVE landscape',
      description: 'The public CVE catalogue (NVD, CISA KEV, EPSS), the same for every company.',
      types: ['vulnerability'],
      company: false,
    },
    (db, _scope, q) => cveRows(db, q),
    (row) => cveObjects(row),
  ),
];

/** The collection's id as the company sees it. */
export function collectionId(source: CollectionSource, companyId: number): string {
  return source.company
    ? uuidV5(`taxii-collection/${companyId}/${source.name}`)
    : uuidV5(`taxii-collection/${source.name}`);
}

export function findCollection(id: string, companyId: number): CollectionSource | undefined {
  return collectionSources.find((s) => collectionId(s, companyId) === id.toLowerCase());
}
