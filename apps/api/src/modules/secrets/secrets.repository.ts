// The /gitdork lists: secret incidents joined to their findings (filters on the finding's workflow
// and the incident's rule, validity and repositories; the last occurrence for the row), and one
// incident's occurrences. Every query starts from the scope's company.
import { type RawBuilder, sql } from 'kysely';
import type { Executor } from '../../db/database.js';
import { EXPORT_BATCH } from '../../platform/findings/findings.csv.js';
import {
  and,
  capped,
  type FindingFilters,
  findingConditions,
  likeContains,
  orderOf,
  orderSql,
  type PageInput,
  pageOf,
  SEVERITY_RANK,
} from '../../platform/findings/findings.query.js';
import { coreColumns } from '../../platform/findings/findings.repository.js';
import { type TenantScope, tenantFilter } from '../../shared/tenant.js';
import type { SecretValidity } from './secrets.table.js';

export interface IncidentFilters extends Omit<FindingFilters, 'module'> {
  q?: string | undefined;
  rule_id?: string | undefined;
  repository?: string | undefined;
  validity?: SecretValidity | undefined;
}

export type IncidentSort =
  | '-last_seen_at'
  | 'last_seen_at'
  | '-first_seen_at'
  | 'first_seen_at'
  | '-severity'
  | 'severity'
  | '-occurrences'
  | 'occurrences'
  | 'rule_id'
  | '-rule_id';

export interface IncidentListInput extends IncidentFilters, PageInput {
  sort?: IncidentSort | undefined;
}

function conditions(scope: TenantScope, input: IncidentFilters): RawBuilder<unknown>[] {
  const c: RawBuilder<unknown>[] = [
    ...findingConditions(scope, { ...input, module: 'secrets' }),
    tenantFilter('si', scope),
  ];
  const q = input.q?.trim().toLowerCase();
  if (q) {
    const like = likeContains(q);
    c.push(sql`(si.rule_id like ${like} or lower(si.redacted) like ${like} or exists (select 1 from secret_occurrences o
      where o.finding_id = si.finding_id and (lower(o.repository) like ${like} or lower(o.file_path) like ${like})))`);
  }
  if (input.rule_id) c.push(sql`si.rule_id = ${input.rule_id}`);
  if (input.validity) c.push(sql`si.validity = ${input.validity}`);
  if (input.repository) {
    c.push(sql`exists (select 1 from secret_occurrences o where o.finding_id = si.finding_id
      and lower(o.repository) = ${input.repository.trim().toLowerCase()})`);
  }
  return c;
}

function base(db: Executor, scope: TenantScope, input: IncidentFilters) {
  return db
    .selectFrom('findings as f')
    .innerJoin('secret_incidents as si', 'si.finding_id', 'f.id')
    .where(and(conditions(scope, input)));
}

const latest = sql<{ repository: string; file_path: string; line: number; url: string | null } | null>`(
  select json_build_object('repository', o.repository, 'file_path', o.file_path, 'line', o.line, 'url', o.url)
  from secret_occurrences o where o.finding_id = si.finding_id order by o.last_seen_at desc, o.id desc limit 1)`;

function withColumns(query: ReturnType<typeof base>) {
  return query
    .leftJoin('users as au', 'au.id', 'f.assignee_id')
    .select([
      ...coreColumns,
      'si.rule_id',
      'si.redacted',
      'si.entropy',
      'si.validity',
      'si.occurrences',
      'si.repositories',
      latest.as('latest'),
    ]);
}

export type IncidentRow = Awaited<ReturnType<ReturnType<typeof withColumns>['executeTakeFirstOrThrow']>>;

const incidentSorts = {
  severity: SEVERITY_RANK,
  occurrences: 'si.occurrences',
  rule_id: 'si.rule_id',
  first_seen_at: 'f.first_seen_at',
  last_seen_at: 'f.last_seen_at',
};

export function listIncidentRows(db: Executor, scope: TenantScope, input: IncidentListInput) {
  const order = orderOf(input.sort, incidentSorts, '-last_seen_at');
  const query = withColumns(base(db, scope, input))
    .orderBy(orderSql(order))
    .orderBy('f.id', order.dir);
  return pageOf(db, query, capped(base(db, scope, input).select('f.id')), input);
}

export function incidentBatches(db: Executor, scope: TenantScope, input: IncidentFilters) {
  return (after: number) =>
    withColumns(base(db, scope, input))
      .where('f.id', '>', after)
      .orderBy('f.id')
      .limit(EXPORT_BATCH)
      .execute();
}

export function findIncident(db: Executor, scope: TenantScope, id: number) {
  return withColumns(base(db, scope, {}))
    .where('f.id', '=', id)
    .executeTakeFirst();
}

export const OCCURRENCES_SHOWN = 200;

export function occurrencesOf(db: Executor, scope: TenantScope, findingId: number) {
  return db
    .selectFrom('secret_occurrences as o')
    .select([
      'o.id',
      'o.provider',
      'o.repository',
      'o.file_path',
      'o.line',
      'o.commit_sha',
      'o.author',
      'o.committed_at',
      'o.url',
      'o.fragment',
      'o.first_seen_at',
      'o.last_seen_at',
      'o.is_demo',
    ])
    .where(tenantFilter('o', scope))
    .where('o.finding_id', '=', findingId)
    .orderBy('o.last_seen_at', 'desc')
    .orderBy('o.id', 'desc')
    .limit(OCCURRENCES_SHOWN)
    .execute();
}
