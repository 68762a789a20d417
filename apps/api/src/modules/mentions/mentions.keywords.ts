// The company's keyword watch list: administrators and analysts add, switch and delete keywords
// (the contract's x-roles); every change queues a re-match of the company's mentions in the same
// transaction. Always within the session's company.
import type { AppContext } from '../../app-context.js';
import type { Executor } from '../../db/database.js';
import type { AuthContext } from '../../identity/session/session.service.js';
import { ServiceError, validationError } from '../../shared/service-error.js';
import { requireScope, type TenantScope, tenantFilter } from '../../shared/tenant.js';
import { normaliseKeyword } from './mentions.match.js';
import { queueRematch, rematchPending } from './mentions.rematch.js';
import type { KeywordClass } from './mentions.table.js';

interface Verb<I> {
  ctx: AppContext;
  auth: AuthContext;
  input: I;
}

function keywords(db: Executor, scope: TenantScope) {
  return db
    .selectFrom('mention_keywords as k')
    .leftJoin('users as u', 'u.id', 'k.created_by')
    .select(['k.id', 'k.class', 'k.term', 'k.enabled', 'k.created_at', 'k.created_by', 'u.name as created_by_name'])
    .select((eb) =>
      eb
        .selectFrom('mention_matches as mm')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('mm.keyword_id', '=', 'k.id')
        .as('mentions'),
    )
    .where(tenantFilter('k', scope));
}

type KeywordRow = Awaited<ReturnType<ReturnType<typeof keywords>['executeTakeFirstOrThrow']>>;

const toKeyword = ({ created_by, created_by_name, ...row }: KeywordRow) => ({
  ...row,
  created_at: row.created_at.toISOString(),
  created_by: created_by !== null && created_by_name !== null ? { id: created_by, name: created_by_name } : null,
  mentions: Number(row.mentions ?? 0),
});

export async function listMentionKeywords({ ctx, auth }: Verb<unknown>) {
  const scope = requireScope(auth.scope);
  const rows = await keywords(ctx.db, scope).orderBy('k.class').orderBy('k.term').execute();
  return { data: rows.map(toKeyword), rematching: await rematchPending(ctx.db, scope.companyId) };
}

async function keywordOf(db: Executor, scope: TenantScope, id: number) {
  const row = await keywords(db, scope).where('k.id', '=', id).executeTakeFirst();
  if (!row) throw new ServiceError('not_found', 'Keyword not found.');
  return { data: toKeyword(row) };
}

export async function createMentionKeyword({ ctx, auth, input }: Verb<{ class: KeywordClass; term: string }>) {
  const scope = requireScope(auth.scope);
  const keyword = normaliseKeyword(input.class, input.term);
  if (!keyword.ok) throw validationError({ term: [keyword.reason] });
  const now = ctx.clock.now();
  const row = await ctx.db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('mention_keywords')
      .values({
        company_id: scope.companyId,
        class: input.class,
        term: keyword.term,
        created_by: scope.userId,
        created_at: now,
      })
      .onConflict((oc) => oc.columns(['company_id', 'class', 'term']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (inserted) await queueRematch(trx, scope.companyId, now, scope.userId);
    return inserted;
  });
  if (!row) throw new ServiceError('conflict', 'This keyword is already in the watch list.');
  return keywordOf(ctx.db, scope, row.id);
}

export async function updateMentionKeyword({ ctx, auth, input }: Verb<{ id: number; enabled: boolean }>) {
  const scope = requireScope(auth.scope);
  const now = ctx.clock.now();
  const updated = await ctx.db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable('mention_keywords')
      .set({ enabled: input.enabled })
      .where(tenantFilter('mention_keywords', scope))
      .where('id', '=', input.id)
      .executeTakeFirst();
    const changed = Number(result.numUpdatedRows) > 0;
    if (changed) await queueRematch(trx, scope.companyId, now, scope.userId);
    return changed;
  });
  if (!updated) throw new ServiceError('not_found', 'Keyword not found.');
  return keywordOf(ctx.db, scope, input.id);
}

export async function deleteMentionKeyword({ ctx, auth, input }: Verb<{ id: number }>) {
  const scope = requireScope(auth.scope);
  const now = ctx.clock.now();
  const deleted = await ctx.db.transaction().execute(async (trx) => {
    const result = await trx
      .deleteFrom('mention_keywords')
      .where(tenantFilter('mention_keywords', scope))
      .where('id', '=', input.id)
      .executeTakeFirst();
    const gone = Number(result.numDeletedRows) > 0;
    if (gone) await queueRematch(trx, scope.companyId, now, scope.userId);
    return gone;
  });
  if (!deleted) throw new ServiceError('not_found', 'Keyword not found.');
  return { message: 'Keyword deleted.' };
}
