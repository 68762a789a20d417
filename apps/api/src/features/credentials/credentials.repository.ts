// The credentials screen: credential rows (breach, combolist, infostealer) and infected devices,
// each joined to its finding. Every query starts from the scope's company.
import { sql } from 'kysely';
import type { Executor } from '../../db/database.js';
import type { TenantScope } from '../../shared/tenant.js';
import { EXPORT_BATCH } from '../findings/findings.csv.js';
import {
  and,
  type CountOf,
  capped,
  type FindingFilters,
  findingConditions,
  hasFindingFilters,
  likePrefix,
  type PageInput,
  pageOf,
  prefixMatch,
} from '../findings/findings.query.js';
import { coreColumns } from '../findings/findings.repository.js';

export interface CredentialListInput extends Omit<FindingFilters, 'module'>, PageInput {
  q?: string | undefined;
  source_kind?: 'breach' | 'combolist' | 'infostealer' | undefined;
  domain?: string | undefined;
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

function credentialDetailConditions(scope: TenantScope, input: CredentialListInput) {
  const c = [sql`c.company_id = ${scope.companyId}`];
  if (input.q) c.push(prefixMatch('c.email', input.q));
  if (input.source_kind) c.push(sql`c.source_kind = ${input.source_kind}`);
  if (input.domain) c.push(sql`c.domain = ${input.domain.toLowerCase()}`);
  return c;
}

function credentialBase(db: Executor, scope: TenantScope, input: CredentialListInput) {
  const c = [
    ...findingConditions(scope, { ...input, module: 'credentials' }),
    ...credentialDetailConditions(scope, input),
  ];
  return db.selectFrom('findings as f').innerJoin('credential_findings as c', 'c.finding_id', 'f.id').where(and(c));
}

/** The count reads the credential rows alone unless the filters are on finding columns. */
function credentialCount(db: Executor, scope: TenantScope, input: CredentialListInput): CountOf {
  return hasFindingFilters(input)
    ? capped(credentialBase(db, scope, input))
    : capped(db.selectFrom('credential_findings as c').where(and(credentialDetailConditions(scope, input))));
}

function withColumns(base: ReturnType<typeof credentialBase>) {
  return base
    .leftJoin('users as au', 'au.id', 'f.assignee_id')
    .leftJoin('breaches as b', (join) => join.onRef('b.name', '=', 'c.source_name').on('c.source_kind', '=', 'breach'))
    .select(credentialColumns);
}

export function listCredentialRows(db: Executor, scope: TenantScope, input: CredentialListInput) {
  const base = credentialBase(db, scope, input);
  const sort = input.sort ?? '-last_seen_at';
  const dir = sort.startsWith('-') ? 'desc' : 'asc';
  const key = sort.replace(/^-/, '');
  let query = withColumns(base);
  if (key === 'email') query = query.orderBy(sql`c.email collate "C"`, dir);
  else if (key === 'first_seen_at') query = query.orderBy('f.first_seen_at', dir);
  else query = query.orderBy('f.last_seen_at', dir);
  return pageOf(db, query.orderBy('f.id', dir), credentialCount(db, scope, input), input);
}

export function credentialBatchAfter(db: Executor, scope: TenantScope, input: CredentialListInput, after: number) {
  return withColumns(credentialBase(db, scope, input))
    .where(sql<boolean>`f.id > ${after}`)
    .orderBy('f.id')
    .limit(EXPORT_BATCH)
    .execute();
}

/** One credential of the scope's company; undefined for any other id (a device's included). */
export function findCredential(db: Executor, scope: TenantScope, id: number) {
  return withColumns(credentialBase(db, scope, {}))
    .where('f.id', '=', id)
    .executeTakeFirst();
}

export function credentialsOfDevice(db: Executor, scope: TenantScope, deviceId: number) {
  return withColumns(credentialBase(db, scope, {}))
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
  const c = [sql`d.company_id = ${scope.companyId}`];
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

export function listDeviceRows(db: Executor, scope: TenantScope, input: DeviceListInput) {
  const base = deviceBase(db, scope, input);
  const sort = input.sort ?? '-infection_date';
  const dir = sort.startsWith('-') ? 'desc' : 'asc';
  let query = withDeviceColumns(base);
  query = sort.endsWith('infection_date')
    ? query.orderBy(sql`d.infection_date ${sql.raw(dir)} nulls last`)
    : query.orderBy('f.last_seen_at', dir);
  const count = hasFindingFilters(input)
    ? capped(base)
    : capped(db.selectFrom('infostealer_devices as d').where(and(deviceDetailConditions(scope, input))));
  return pageOf(db, query.orderBy('f.id', dir), count, input);
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
