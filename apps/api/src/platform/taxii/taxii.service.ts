// The TAXII 2.1 read verbs over the collections: pages of objects in the order of their date added
// (then the row's key, then the object's place in its row), `next` naming the last object examined.
import type { AppContext } from '../../app-context.js';
import type { AuthContext } from '../../identity/session/session.service.js';
import { ServiceError } from '../../shared/service-error.js';
import type { TenantScope } from '../../shared/tenant.js';
import { type CompanyRef, companyIdentity, type StixObject } from './stix.objects.js';
import {
  type CollectionEntry,
  type CollectionSource,
  collectionId,
  collectionSources,
  findCollection,
} from './taxii.collections.js';
import { type Cursor, encodeCursor, type ObjectsQuery } from './taxii.query.js';

/** Rounds of reading a filtered page may take before it answers with what it has (and `more`). */
const MAX_ROUNDS = 20;

export interface AddedObject {
  object: StixObject;
  dateAdded: Date;
}

export interface ObjectsPage {
  objects: AddedObject[];
  more: boolean;
  next: string | null;
}

export interface Caller {
  scope: TenantScope;
  company: CompanyRef;
}

/** The caller's company (the scope of every read), or 403 for a user who works under none. */
export async function callerOf(ctx: AppContext, auth: AuthContext): Promise<Caller> {
  const scope = auth.scope;
  const company = scope
    ? await ctx.db
        .selectFrom('companies')
        .where('id', '=', scope.companyId)
        .select(['id', 'name', 'created_at'])
        .executeTakeFirst()
    : undefined;
  if (!scope || !company) throw new ServiceError('forbidden', 'The credentials belong to no company.');
  return { scope, company };
}

export function listCollections(caller: Caller) {
  return collectionSources.map((source) => collectionResource(source, caller));
}

export function collectionResource(source: CollectionSource, caller: Caller) {
  return {
    id: collectionId(source, caller.company.id),
    title: source.title,
    description: source.description,
    alias: source.name,
    can_read: true,
    can_write: false,
    media_types: ['application/stix+json;version=2.1'],
  };
}

/** The collection of this id in the caller's view, or 404 (another company's collection is not found). */
export function collectionOf(caller: Caller, id: string): CollectionSource {
  const source = findCollection(id, caller.company.id);
  if (!source) throw new ServiceError('not_found', 'No collection of this id.');
  return source;
}

function compare(a: { at: Date; key: number | string }, b: { at: Date; key: number | string }): number {
  const byTime = a.at.getTime() - b.at.getTime();
  if (byTime !== 0) return byTime;
  if (typeof a.key === 'number' && typeof b.key === 'number') return a.key - b.key;
  return String(a.key) < String(b.key) ? -1 : String(a.key) > String(b.key) ? 1 : 0;
}

/** The version an object has (its `modified`; an observable has none, so its date added). */
export function versionOf(object: StixObject, dateAdded: Date): string {
  return typeof object.modified === 'string' ? object.modified : dateAdded.toISOString();
}

function matches(query: ObjectsQuery, object: StixObject, dateAdded: Date): boolean {
  if (query.types && !query.types.includes(object.type)) return false;
  if (query.ids && !query.ids.includes(object.id)) return false;
  if (query.specVersions && !query.specVersions.includes(object.spec_version)) return false;
  // One version of each object is kept: first, last and all are that version.
  const version = versionOf(object, dateAdded);
  return query.versions.some(
    (v) => v === 'first' || v === 'last' || v === 'all' || Date.parse(v) === Date.parse(version),
  );
}

/** One page of a collection's objects. */
export async function pageObjects(
  ctx: AppContext,
  caller: Caller,
  source: CollectionSource,
  query: ObjectsQuery,
): Promise<ObjectsPage> {
  const empty = { objects: [], more: false, next: null };
  if (query.types && !query.types.some((t) => source.types.includes(t))) return empty;
  if (query.specVersions && !query.specVersions.includes('2.1')) return empty;
  const identity: CollectionEntry | null = source.company
    ? { at: caller.company.created_at, key: 0, objects: () => [companyIdentity(caller.company)] }
    : null;
  const found: AddedObject[] = [];
  let examined: Cursor | null = query.next;
  const batch = query.limit + 1;
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const from = examined ? { at: examined.at, key: examined.key } : null;
    const rows = await source.entries(ctx.db, caller.scope, { from, addedAfter: query.addedAfter, limit: batch });
    const full = rows.length === batch;
    const last = rows.at(-1);
    const entries = [...rows];
    // The company's identity is a row of its own, placed by its date like the others (key 0 is before any row's).
    if (identity && (!query.addedAfter || identity.at > query.addedAfter)) {
      const fits = (!examined || compare(identity, examined) >= 0) && (!full || !last || compare(identity, last) <= 0);
      if (fits) entries.push(identity);
    }
    entries.sort(compare);
    for (const entry of entries) {
      const objects = entry.objects(caller.company);
      for (const [index, object] of objects.entries()) {
        const seen = examined && compare(entry, examined) === 0 && index <= examined.index;
        if (seen) continue;
        if (matches(query, object, entry.at)) {
          if (found.length === query.limit)
            return { objects: found, more: true, next: examined ? encodeCursor(examined) : null };
          found.push({ object, dateAdded: entry.at });
        }
        examined = { at: entry.at, key: entry.key, index };
      }
    }
    if (!full) return { objects: found, more: false, next: null };
  }
  return { objects: found, more: true, next: examined ? encodeCursor(examined) : null };
}
