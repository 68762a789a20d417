// The credentials screen: credential rows (breach, combolist, infostealer) and infected devices,
// each joined to its finding. Every query starts from the scope's company.
import { type RawBuilder, sql } from 'kysely';
import type { Executor } from '../../db/database.js';
import { EXPORT_BATCH } from '../../platform/findings/findings.csv.js';
import {
  and,
  type CountOf,
  capped,
  type FindingFilters,
  findingConditions,
  hasFindingFilters,
  likeContains,
  likePrefix,
  orderOf,
  orderSql,
  type PageInput,
  pageOf,
  prefixMatch,
} from '../../platform/findings/findings.query.js';
import { coreColumns } from '../../platform/findings/findings.repository.js';
import { type TenantScope, tenantFilter } from '../../shared/tenant.js';

export interface CredentialListInput extends Omit<FindingFilters, 'module'>, PageInput {
  q?: string | undefined;
  source_kind?: 'breach' | 'combolist' | 'infostealer' | undefined;
  domain?: string | undefined;
  password_type?: 'plaintext' | 'none' | undefined;
  sort?: '-last_seen_at' | 'last_seen_at' | '-first_seen_at' | 'first_seen_at' | 'email' | '-email' | undefined;
}

const credentialColumns = [
  ...coreColumns,
  'c.email',
  'c.domain',
  'c.source_kind',
  'c.source_name',
  sql<string | null>`coalesce(c.breach_date, b.breach_date)::text`.as('breach_date'),
  sql<
    string[]
  >`case when cardinality(c.data_classes) > 0 then c.data_classes else coalesce(b.data_classes, '{}') end`.as(
    'data_classes',
  ),
  'c.password_masked',
  'c.url',
  'c.device_id',
] as const;

/** What a search matched in the company's (source, domain) pairs. */
interface SourceMatch {
  q: string;
  /** Sources whose name holds the text. */
  sources: string[];
  /** Domains that hold the text, and every source found with them (so that the index applies). */
  domains: string[];
  sourcesOfDomains: string[];
}

/**
 * The search finds an e-mail by its start (b-tree), or a source (breach, combolist file, stealer
 * family) or domain by any part of it, any case. Those are few per company (credential_sources), so
 * they are looked up first and the rows are then asked for by value through the (company, source,
 * domain) index: the planner sees the values and how many rows they hold (an ordered scan for a big
 * source, the index for a small one), where a substring test on every row would be a scan.
 */
async function matchSources(db: Executor, scope: TenantScope, q: string | undefined): Promise<SourceMatch | null> {
  if (!q?.trim()) return null;
  const pattern = likeContains(q.trim().toLowerCase());
  const pairs = await db
    .selectFrom('credential_sources')
    .select([
      'source_name',
      'domain',
      sql<boolean>`lower(source_name) like ${pattern}`.as('source_hit'),
      sql<boolean>`lower(domain) like ${pattern}`.as('domain_hit'),
    ])
    .where(tenantFilter('credential_sources', scope))
    .where(sql<boolean>`(lower(source_name) like ${pattern} or lower(domain) like ${pattern})`)
    .execute();
  const distinct = (values: string[]) => [...new Set(values)];
  const byDomain = pairs.filter((p) => p.domain_hit);
  return {
    q,
    sources: distinct(pairs.filter((p) => p.source_hit).map((p) => p.source_name)),
    domains: distinct(byDomain.map((p) => p.domain)),
    sourcesOfDomains: distinct(byDomain.map((p) => p.source_name)),
  };
}

function searchCondition(search: SourceMatch) {
  const arms = [prefixMatch('c.email', search.q)];
  if (search.sources.length > 0) arms.push(sql`c.source_name = any(${search.sources}::text[])`);
  if (search.domains.length > 0) {
    arms.push(
      sql`(c.domain = any(${search.domains}::text[]) and c.source_name = any(${search.sourcesOfDomains}::text[]))`,
    );
  }
  return sql`(${sql.join(arms, sql` or `)})`;
}

function credentialDetailConditions(scope: TenantScope, input: CredentialListInput, search: SourceMatch | null) {
  const c: RawBuilder<unknown>[] = [tenantFilter('c', scope)];
  if (search) c.push(searchCondition(search));
  if (input.source_kind) c.push(sql`c.source_kind = ${input.source_kind}`);
  if (input.domain) c.push(sql`c.domain = ${input.domain.toLowerCase()}`);
  // A leak held the password in clear exactly when a masked form of it was kept (password_type).
  if (input.password_type) {
    c.push(input.password_type === 'plaintext' ? sql`c.password_masked is not null` : sql`c.password_masked is null`);
  }
  return c;
}

function credentialBase(db: Executor, scope: TenantScope, input: CredentialListInput, search: SourceMatch | null) {
  const c = [
    ...findingConditions(scope, { ...input, module: 'credentials' }),
    ...credentialDetailConditions(scope, input, search),
  ];
  return db.selectFrom('findings as f').innerJoin('credential_findings as c', 'c.finding_id', 'f.id').where(and(c));
}

/** The count reads the credential rows alone unless the filters are on finding columns. */
function credentialCount(
  db: Executor,
  scope: TenantScope,
  input: CredentialListInput,
  search: SourceMatch | null,
): CountOf {
  return hasFindingFilters(input)
    ? capped(credentialBase(db, scope, input, search))
    : capped(db.selectFrom('credential_findings as c').where(and(credentialDetailConditions(scope, input, search))));
}

function withColumns(base: ReturnType<typeof credentialBase>) {
  return base
    .leftJoin('users as au', 'au.id', 'f.assignee_id')
    .leftJoin('breaches as b', (join) => join.onRef('b.name', '=', 'c.source_name').on('c.source_kind', '=', 'breach'))
    .select(credentialColumns);
}

const credentialOrder = {
  email: 'c.email collate "C"',
  first_seen_at: 'f.first_seen_at',
  last_seen_at: 'f.last_seen_at',
} as const;

export async function listCredentialRows(db: Executor, scope: TenantScope, input: CredentialListInput) {
  const search = await matchSources(db, scope, input.q);
  const base = credentialBase(db, scope, input, search);
  const order = orderOf(input.sort, credentialOrder, '-last_seen_at');
  const query = withColumns(base).orderBy(orderSql(order)).orderBy('f.id', order.dir);
  return pageOf(db, query, credentialCount(db, scope, input, search), input);
}

/**
 * The export's batches: `(lastId) => the next rows by id`. The search's sources are looked up once,
 * on the first batch, not again for each of the export's batches.
 */
export function credentialBatches(db: Executor, scope: TenantScope, input: CredentialListInput) {
  let search: Promise<SourceMatch | null> | undefined;
  return async (after: number) => {
    search ??= matchSources(db, scope, input.q);
    return withColumns(credentialBase(db, scope, input, await search))
      .where(sql<boolean>`f.id > ${after}`)
      .orderBy('f.id')
      .limit(EXPORT_BATCH)
      .execute();
  };
}

/** One credential of the scope's company; undefined for any other id (a device's included). */
export function findCredential(db: Executor, scope: TenantScope, id: number) {
  return withColumns(credentialBase(db, scope, {}, null))
    .where('f.id', '=', id)
    .executeTakeFirst();
}

export function credentialsOfDevice(db: Executor, scope: TenantScope, deviceId: number) {
  return withColumns(credentialBase(db, scope, {}, null))
    .where('c.device_id', '=', deviceId)
    .orderBy('f.id')
    .limit(1000)
    .execute();
}

export interface DeviceListInput extends Omit<FindingFilters, 'module'>, PageInput {
  q?: string | undefined;
  malware_family?: string | undefined;
  sort?: '-infection_date' | 'infection_date' | '-last_seen_at' | 'last_seen_at' | undefined;
}

function deviceDetailConditions(scope: TenantScope, input: DeviceListInput) {
  const c: RawBuilder<unknown>[] = [tenantFilter('d', scope)];
  if (input.q) c.push(sql`d.machine_name ilike ${likePrefix(input.q.trim())}`);
  if (input.malware_family) c.push(sql`lower(d.malware_family) = ${input.malware_family.trim().toLowerCase()}`);
  return c;
}

function deviceBase(db: Executor, scope: TenantScope, input: DeviceListInput) {
  const c = [...findingConditions(scope, { ...input, module: 'credentials' }), ...deviceDetailConditions(scope, input)];
  return db.selectFrom('findings as f').innerJoin('infostealer_devices as d', 'd.finding_id', 'f.id').where(and(c));
}

const deviceColumns = [
  ...coreColumns,
  'd.machine_name',
  'd.malware_family',
  'd.infection_date',
  'd.ip',
  'd.country',
  'd.os',
  'd.urls',
  'd.credential_count',
] as const;

function withDeviceColumns(base: ReturnType<typeof deviceBase>) {
  return base.leftJoin('users as au', 'au.id', 'f.assignee_id').select(deviceColumns);
}

const deviceOrder = { infection_date: 'd.infection_date', last_seen_at: 'f.last_seen_at' } as const;

export function listDeviceRows(db: Executor, scope: TenantScope, input: DeviceListInput) {
  const base = deviceBase(db, scope, input);
  const order = orderOf(input.sort, deviceOrder, '-infection_date');
  const query = withDeviceColumns(base)
    .orderBy(orderSql(order, order.column === deviceOrder.infection_date))
    .orderBy('f.id', order.dir);
  const count = hasFindingFilters(input)
    ? capped(base)
    : capped(db.selectFrom('infostealer_devices as d').where(and(deviceDetailConditions(scope, input))));
  return pageOf(db, query, count, input);
}

export function deviceBatchAfter(db: Executor, scope: TenantScope, input: DeviceListInput, after: number) {
  return withDeviceColumns(deviceBase(db, scope, input))
    .where(sql<boolean>`f.id > ${after}`)
    .orderBy('f.id')
    .limit(EXPORT_BATCH)
    .execute();
}

export function findDevice(db: Executor, scope: TenantScope, id: number) {
  return withDeviceColumns(deviceBase(db, scope, {}))
    .where('f.id', '=', id)
    .executeTakeFirst();
}
