// The /restrictedenvironment lists: mentions joined to their findings (filters on the finding's
// workflow, the source type, the keywords' class or one keyword, the actor, words of the text),
// each with the keywords it matches, and one mention with its text and ranges. Every query starts
// from the scope's company.
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
import { searchQuery, searchVector } from '../../platform/search/search.sql.js';
import { type TenantScope, tenantFilter } from '../../shared/tenant.js';
import type { KeywordClass, MentionSourceType } from './mentions.table.js';

export interface MentionFilters extends Omit<FindingFilters, 'module'> {
  q?: string | undefined;
  source_type?: MentionSourceType[] | undefined;
  keyword_class?: KeywordClass | undefined;
  keyword_id?: number | undefined;
  actor?: string | undefined;
}

export type MentionSort =
  | '-posted_at'
  | 'posted_at'
  | '-last_seen_at'
  | 'last_seen_at'
  | '-severity'
  | 'severity'
  | 'source_name'
  | '-source_name';

export interface MentionListInput extends MentionFilters, PageInput {
  sort?: MentionSort | undefined;
}

/** The words of a mention's title and text, as the search's `mentions_search` index holds them. */
const mentionDocument = searchVector(`coalesce(m.title, '') || ' ' || m.body`);

function conditions(scope: TenantScope, input: MentionFilters): RawBuilder<unknown>[] {
  const c: RawBuilder<unknown>[] = [
    ...findingConditions(scope, { ...input, module: 'mentions' }),
    tenantFilter('m', scope),
  ];
  const q = input.q?.trim();
  if (q) {
    const like = likeContains(q.toLowerCase());
    const words = searchQuery(q);
    const text = words ? sql`${mentionDocument} @@ to_tsquery('vigil_search', ${words})` : sql`false`;
    c.push(sql`(${text} or lower(m.source_name) like ${like} or lower(m.actor) like ${like})`);
  }
  if (input.source_type?.length) c.push(sql`m.source_type in (${sql.join(input.source_type)})`);
  if (input.actor) c.push(sql`lower(m.actor) = ${input.actor.trim().toLowerCase()}`);
  if (input.keyword_id !== undefined) {
    c.push(
      sql`exists (select 1 from mention_matches mm where mm.mention_id = m.id and mm.keyword_id = ${input.keyword_id})`,
    );
  }
  if (input.keyword_class) {
    c.push(sql`exists (select 1 from mention_matches mm join mention_keywords k on k.id = mm.keyword_id
      where mm.mention_id = m.id and k.class = ${input.keyword_class})`);
  }
  return c;
}

function base(db: Executor, scope: TenantScope, input: MentionFilters) {
  return db
    .selectFrom('findings as f')
    .innerJoin('mentions as m', (join) =>
      join.onRef('m.finding_id', '=', 'f.id').onRef('m.company_id', '=', 'f.company_id'),
    )
    .where(and(conditions(scope, input)));
}

const keywordsOf = sql<{ id: number; class: KeywordClass; term: string }[]>`coalesce((
  select json_agg(json_build_object('id', k.id, 'class', k.class, 'term', k.term) order by k.class, k.term)
  from mention_matches mm join mention_keywords k on k.id = mm.keyword_id
  where mm.mention_id = m.id), '[]'::json)`;

function withColumns(query: ReturnType<typeof base>) {
  return query
    .leftJoin('users as au', 'au.id', 'f.assignee_id')
    .select([
      ...coreColumns,
      'm.id as mention_id',
      'm.source_type',
      'm.source_name',
      'm.actor',
      'm.posted_at',
      'm.title as mention_title',
      'm.snippet',
      'm.url',
      'm.archive_ref',
      'm.first_seen_at as imported_at',
      keywordsOf.as('keywords'),
    ]);
}

export type MentionListRow = Awaited<ReturnType<ReturnType<typeof withColumns>['executeTakeFirstOrThrow']>>;

const mentionSorts = {
  posted_at: 'm.posted_at',
  severity: SEVERITY_RANK,
  source_name: 'm.source_name',
  last_seen_at: 'f.last_seen_at',
};

export function listMentionRows(db: Executor, scope: TenantScope, input: MentionListInput) {
  const order = orderOf(input.sort, mentionSorts, '-posted_at');
  const query = withColumns(base(db, scope, input))
    .orderBy(orderSql(order))
    .orderBy('f.id', order.dir);
  return pageOf(db, query, capped(base(db, scope, input).select('f.id')), input);
}

export function mentionBatches(db: Executor, scope: TenantScope, input: MentionFilters) {
  return (after: number) =>
    withColumns(base(db, scope, input))
      .where('f.id', '>', after)
      .orderBy('f.id')
      .limit(EXPORT_BATCH)
      .execute();
}

export function findMention(db: Executor, scope: TenantScope, findingId: number) {
  return withColumns(base(db, scope, {}))
    .select('m.body')
    .where('f.id', '=', findingId)
    .executeTakeFirst();
}

export function matchesOf(db: Executor, scope: TenantScope, mentionId: number) {
  return db
    .selectFrom('mention_matches as mm')
    .innerJoin('mention_keywords as k', 'k.id', 'mm.keyword_id')
    .select(['k.id', 'k.class', 'k.term', 'mm.title_ranges', 'mm.text_ranges'])
    .where(tenantFilter('mm', scope))
    .where('mm.mention_id', '=', mentionId)
    .orderBy('k.class')
    .orderBy('k.term')
    .execute();
}
