// The tenant-scoped query layer. A scope comes only from the signed-in session (the user's current
// company, checked against memberships); feature repositories start their queries here so that no
// query can forget the company filter (spec decision 8).
import { sql } from 'kysely';
import type { Database } from '../db/database.js';
import { ServiceError } from './service-error.js';

export interface TenantScope {
  readonly userId: number;
  readonly companyId: number;
}

/** Tables that carry a `company_id`: the ones a tenant owns rows in. */
export type TenantTable = {
  [K in keyof Database]: Database[K] extends { company_id: number } ? K : never;
}[keyof Database];

/**
 * `<table>.company_id = <scope's company>`: every query of a tenant table adds this filter, e.g.
 * `db.selectFrom('findings').where(tenantFilter('findings', scope))`.
 */
export function tenantFilter(table: TenantTable | (string & {}), scope: TenantScope) {
  return sql<boolean>`${sql.ref(`${table}.company_id`)} = ${scope.companyId}`;
}

/** The scope of a session, or 400 when the user works under no company yet. */
export function requireScope(scope: TenantScope | null): TenantScope {
  if (!scope) throw new ServiceError('invalid', 'No company selected.');
  return scope;
}

/**
 * `<table>.company_id` among the given companies: for the few reads across the user's memberships
 * (the search), where the ids come from the session's memberships, never from the request.
 */
export function tenantsFilter(table: TenantTable | (string & {}), companyIds: readonly number[]) {
  return sql<boolean>`${sql.ref(`${table}.company_id`)} = any(${[...companyIds]}::integer[])`;
}
